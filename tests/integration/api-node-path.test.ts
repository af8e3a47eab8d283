/**
 * `npm run serve` hands `/api/v1` requests to the API straight from `node:http` (`serveNode`,
 * decision 82 and docs/benchmarks.md): the answers must be the ones `fetch` gives, byte for byte,
 * headers included (security headers, product statuses, request id, allow, retry-after).
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { NodeRequest } from 'srvx/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../support/api'

/** The headers that differ between any two answers: the date and the connection's own. */
const perAnswer = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'])
const comparable = (headers: Headers) => [...headers].filter(([name]) => !perAnswer.has(name))

describe('the API served from node:http', () => {
  let t: TestApi
  let server: Server
  let base: string
  beforeAll(async () => {
    t = await startTestApi('pglite')
    server = createServer((req, res) => void t.api.serveNode(new NodeRequest({ req, res }), res))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`
  })
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()))
    await t?.close()
  })

  const cases: [string, RequestInit][] = [
    ['/products', {}],
    ['/products/rca', { headers: { 'accept-language': 'en' } }],
    ['/products/nope', { headers: { 'accept-language': 'fr;q=0.9, en;q=0.8' } }],
    ['/products?x=%00', {}],
    ['/products/%ff', {}],
    ['/no-such-route', {}],
    ['/products', { method: 'DELETE' }],
    ['/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' }],
    ['/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'nobody@example.com' }) }],
  ]

  it('answers as fetch does: status, headers, body, the caller’s request id', async () => {
    for (const [path, init] of cases) {
      const requestId = `test-${Math.random().toString(36).slice(2, 12)}`
      const withId = { ...init, headers: { ...(init.headers as Record<string, string>), 'x-request-id': requestId } }
      const viaFetch = await t.call(path, withId)
      const viaNode = await fetch(`${base}${path}`, withId)
      expect(viaNode.status, path).toBe(viaFetch.status)
      expect(comparable(viaNode.headers), path).toEqual(comparable(viaFetch.headers))
      expect(viaNode.headers.get('x-request-id')).toBe(requestId)
      expect(await viaNode.text(), path).toBe(await viaFetch.text())
    }
  })

  it('answers HEAD with the headers and no body', async () => {
    const res = await fetch(`${base}/products`, { method: 'HEAD' })
    expect(res.status).toBe(200)
    expect(res.headers.get('x-site-product-statuses')).toContain('is_rca_available')
    expect(await res.text()).toBe('')
  })
})
