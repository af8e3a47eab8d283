/** Operations: metrics for the operator, request ids end to end, graceful shutdown. */
import { spawn } from 'node:child_process'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest'
import { z } from 'zod'
import { ProductList } from '~/contract/site'
import { JobQueue } from '~/server/jobs/queue'
import { payments, quoteAnswers } from '~/server/metrics'
import { inProcessTransport, ProviderClient } from '~/server/provider/client'
import { withRequestId } from '~/server/request-context'
import { startTestApi, type TestApi } from '../support/api'

describe('operator metrics', () => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi('pglite')
  })
  afterAll(() => t?.close())

  const scrape = (token?: string) => t.call('/operator/metrics', token ? { headers: { authorization: `Bearer ${token}` } } : {})

  it('answers 401 in the envelope without the operator token, or with another one', async () => {
    for (const response of [await scrape(), await scrape('not-the-token')]) {
      expect(response.status).toBe(401)
      expect(((await response.json()) as { error: { code: number } }).error.code).toBe(401)
    }
  })

  it('counts requests by route pattern and status, times them, and reads the job counts at each scrape', async () => {
    await t.call('/products')
    await t.call('/products')
    await t.call('/no-such-thing')
    await t.deps.jobs.enqueue('metrics.probe', {}, { runAt: new Date(Date.now() + 3_600_000) })
    quoteAnswers.inc({ insurer: 'probe-insurer', outcome: 'timeout' })
    payments.inc({ provider: 'sandbox', status: 'paid' })

    const response = await scrape(t.config.OPERATOR_TOKEN)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
    const text = await response.text()
    const value = (pattern: RegExp) => Number(text.match(pattern)?.[1] ?? NaN)
    expect(value(/^http_requests_total\{method="GET",route="\/products",status="200"\} (\d+)$/m)).toBeGreaterThanOrEqual(2)
    expect(value(/^http_requests_total\{method="GET",route="unmatched",status="404"\} (\d+)$/m)).toBeGreaterThanOrEqual(1)
    expect(value(/^http_request_duration_seconds_count\{method="GET",route="\/products"\} (\d+)$/m)).toBeGreaterThanOrEqual(2)
    expect(value(/^jobs\{kind="metrics.probe",status="queued"\} (\d+)$/m)).toBe(1)
    expect(value(/^quote_answers_total\{insurer="probe-insurer",outcome="timeout"\} (\d+)$/m)).toBe(1)
    expect(value(/^payments_total\{provider="sandbox",status="paid"\} (\d+)$/m)).toBe(1)
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m)
    // Node's own buffers, read at the scrape: at least the answers this process has buffered.
    expect(value(/^nodejs_array_buffers_bytes (\d+)$/m)).toBeGreaterThan(0)
  })
})

describe('request ids', () => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi('pglite')
  })
  afterAll(() => t?.close())

  it('keeps a well-formed id the caller sends and makes one up for a missing or malformed one', async () => {
    expect((await t.call('/products', { headers: { 'x-request-id': 'proxy-4f1c2a9e' } })).headers.get('x-request-id')).toBe('proxy-4f1c2a9e')
    const made = (await t.call('/products')).headers.get('x-request-id')
    expect(made).toMatch(/^[0-9a-f-]{36}$/)
    const replaced = (await t.call('/products', { headers: { 'x-request-id': 'bad id\u0001{"x":1}' } })).headers.get('x-request-id')
    expect(replaced).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('goes from the web app’s request to the provider API with each provider call', async () => {
    const seen: (string | null)[] = []
    const client = new ProviderClient(
      inProcessTransport(async () => ({
        ...t.api,
        answer: async (request, caller) => {
          seen.push(request.headers.get('x-request-id'))
          return t.api.answer(request, caller)
        },
      })),
    )
    await withRequestId('web-request-0001', () => client.call('/products', { schema: ProductList }))
    await client.call('/products', { schema: ProductList })
    expect(seen).toEqual(['web-request-0001', null])
  })
})

describe('graceful shutdown', () => {
  it('on SIGTERM stops accepting, answers the request in flight, waits for running work, then exits 0', async () => {
    const child = spawn(path.resolve('node_modules/.bin/tsx'), ['tests/support/shutdown-fixture.ts'], { env: { ...process.env, SHUTDOWN_GRACE_SECONDS: '60', LOG_LEVEL: 'info' }, stdio: ['pipe', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
    onTestFinished(() => void (child.exitCode === null && child.signalCode === null && child.kill('SIGKILL')))
    // Each step waits for the state the fixture reports, never for a duration.
    const reached = (line: RegExp) => vi.waitFor(() => expect(output).toMatch(line), { timeout: 60_000, interval: 50 })
    await reached(/ready \d+/)
    const port = output.match(/ready (\d+)/)![1]

    const inFlight = fetch(`http://127.0.0.1:${port}/slow`).then(async (response) => ({ status: response.status, body: await response.text() }))
    await reached(/slow request started/)
    child.kill('SIGTERM')
    await reached(/not accepting/)
    const refused = await fetch(`http://127.0.0.1:${port}/`).then(
      () => false,
      () => true,
    )
    // The request in flight is answered only now, after the server stopped accepting.
    child.stdin.end('finish\n')

    expect(await inFlight).toEqual({ status: 200, body: 'finished' })
    expect(refused).toBe(true)
    expect(await exited).toBe(0)
    expect(output).toContain('jobs stopped')
    expect(output).toMatch(/"event":"shutdown.done"/)
  })

  it('stopping the job queue waits for the job that is running', async () => {
    const t = await startTestApi('pglite')
    try {
      const queue = new JobQueue(t.deps.database.db, { pollMs: 50 })
      const finished: string[] = []
      let started!: () => void
      const running = new Promise<void>((resolve) => (started = resolve))
      let release!: () => void
      const released = new Promise<void>((resolve) => (release = resolve))
      queue.define({
        kind: 'test.slow',
        payload: z.object({}),
        run: async () => {
          started()
          await released // still running when the queue is told to stop
          finished.push('slow')
        },
      })
      const id = await t.deps.jobs.enqueue('test.slow', {})
      queue.start()
      await running
      let stopped = false
      const stopping = queue.stop().then(() => (stopped = true))
      await new Promise((resolve) => setImmediate(resolve))
      expect(stopped).toBe(false)
      release()
      await stopping
      expect(finished).toEqual(['slow'])
      const counts = await t.deps.jobs.counts()
      expect(counts).toContainEqual({ kind: 'test.slow', status: 'done', count: 1 })
      expect(id).toBeDefined()
    } finally {
      await t.close()
    }
  })
})
