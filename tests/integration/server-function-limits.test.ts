/**
 * Server function bodies are capped as the API's are: past 64 KiB the call answers
 * 413 in the envelope, and the body is read as a stream and cut there, never buffered whole.
 * The handler stands in for Start's: it reads the body the way Start's parser does.
 */
import { request as httpRequest } from 'node:http'
import { serve } from 'srvx/node'
import { describe, expect, it } from 'vitest'
import { metrics } from '~/server/metrics'
import { markServerFunctionReached, serveServerFunction } from '~/server/web/transport'

const URL_OF_A_FUNCTION = 'http://127.0.0.1/_serverFn/c2VuZENvbnRhY3RNZXNzYWdl'
const KIB = 1024

/** Start's part: parse the body (as text, as its FormData and Seroval parsers do), then run the function. */
async function startLike(request: Request): Promise<Response> {
  const body = await request.text()
  markServerFunctionReached()
  return Response.json({ bytes: Buffer.byteLength(body), ip: (request as Request & { ip?: string }).ip })
}

/** A body sent in 4 KiB chunks with no length declared; `pulled()` says how many chunks were read. */
function chunked(chunks: number): { body: ReadableStream<Uint8Array>; pulled(): number } {
  const chunk = new Uint8Array(4 * KIB).fill(120)
  let pulled = 0
  const body = new ReadableStream<Uint8Array>({ pull: (controller) => (pulled++ < chunks ? controller.enqueue(chunk) : controller.close()) })
  return { body, pulled: () => pulled }
}

const post = (body: BodyInit, headers: Record<string, string> = {}) => new Request(URL_OF_A_FUNCTION, { method: 'POST', body, headers: { 'content-type': 'application/json', 'accept-language': 'en', ...headers }, duplex: 'half' } as RequestInit)

async function refusedCount(): Promise<number> {
  const { values } = await metrics.refusedServerFunctions.get()
  return values.find((v) => v.labels.reason === 'too_large')?.value ?? 0
}

describe('server function body limit', () => {
  it('answers 413 in the envelope to a declared length over 64 KiB without handing the call on', async () => {
    let handed = false
    const before = await refusedCount()
    // As it arrives over HTTP: the length declared in the headers.
    const response = await serveServerFunction(post('x'.repeat(64 * KIB + 1), { 'content-length': String(64 * KIB + 1) }), async (r) => {
      handed = true
      return startLike(r)
    })
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({ error: { code: 413, message: 'payload_too_large', pretty_message: 'The request is too large.' } })
    expect(handed).toBe(false)
    expect(await refusedCount()).toBe(before + 1)
  })

  it('cuts a body sent without a length once it passes 64 KiB: 413, and the rest is never read', async () => {
    // 200 chunks of 4 KiB: 800 KiB offered.
    const offered = chunked(200)
    const response = await serveServerFunction(post(offered.body), startLike)
    expect(response.status).toBe(413)
    expect((await response.json()).error).toMatchObject({ code: 413, message: 'payload_too_large' })
    // 17 chunks pass the limit; a few more may sit in the streams' buffers, never the 200.
    expect(offered.pulled()).toBeLessThan(30)
  })

  it('hands a body under the limit on whole, with the client address Start reads', async () => {
    const request = post(chunked(15).body)
    Object.defineProperty(request, 'ip', { value: '203.0.113.4' })
    const response = await serveServerFunction(request, startLike)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ bytes: 15 * 4 * KIB, ip: '203.0.113.4' })
  })

  it('over HTTP, as `npm run serve` hands calls on: a 200 MB post is cut after 64 KiB, a small one reaches Start with the peer address', async () => {
    const server = serve({ fetch: (request) => serveServerFunction(request, startLike), port: 0, hostname: '127.0.0.1', silent: true })
    await server.ready()
    const url = new URL('/_serverFn/c2VuZENvbnRhY3RNZXNzYWdl', server.url)
    try {
      // A client that declares no length (chunked) and keeps writing 64 KiB chunks, up to 200 MB, until it is answered.
      const answer = await new Promise<{ status: number; body: string; written: number }>((resolve, reject) => {
        let written = 0
        const req = httpRequest(url, { method: 'POST', headers: { 'content-type': 'application/json' } })
        const chunk = Buffer.alloc(64 * KIB, 120)
        const write = () => {
          while (!req.destroyed && written < 200 * 1024 * KIB && req.write(chunk)) written += chunk.length
        }
        req.on('drain', write)
        req.on('response', (res) => {
          let body = ''
          res.setEncoding('utf8').on('data', (part: string) => (body += part))
          res.on('end', () => {
            resolve({ status: res.statusCode ?? 0, body, written })
            req.destroy()
          })
        })
        req.on('error', (error) => (written > 0 ? undefined : reject(error)))
        write()
      })
      expect(answer.status).toBe(413)
      expect(JSON.parse(answer.body).error).toMatchObject({ code: 413, message: 'payload_too_large' })
      expect(answer.written).toBeLessThan(200 * 1024 * KIB)

      const small = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(10 * KIB) })
      expect(small.status).toBe(200)
      expect(await small.json()).toEqual({ bytes: 10 * KIB, ip: '127.0.0.1' })
    } finally {
      await server.close(true)
    }
  })
})
