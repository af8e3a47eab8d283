import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postJson } from '~/server/http/json-client'

/**
 * The outside parties' JSON client keeps connections alive; an insurer may close one just as it is
 * reused. The client then asks once more on a new connection instead of failing the call.
 */
describe('JSON client of outside parties', () => {
  let server: http.Server
  let url: string
  let requests = 0
  const dropped = new Set<number>()
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const n = ++requests
      // The second request arrives on the kept-alive connection of the first: close it unanswered.
      if (dropped.has(n)) return request.socket.destroy()
      request.resume()
      request.on('end', () => response.end(JSON.stringify({ n })))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/quote`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('asks again on a new connection when a reused one is reset before any answer', async () => {
    dropped.add(2)
    expect(await postJson(url, { a: 1 }, {}, AbortSignal.timeout(5000))).toEqual({ status: 200, body: { n: 1 } })
    expect(await postJson(url, { a: 2 }, {}, AbortSignal.timeout(5000))).toEqual({ status: 200, body: { n: 3 } })
    expect(requests).toBe(3)
  })

  it('gives up after the second reset', async () => {
    await postJson(url, {}, {}, AbortSignal.timeout(5000))
    dropped.add(requests + 1)
    dropped.add(requests + 2)
    await expect(postJson(url, {}, {}, AbortSignal.timeout(5000))).rejects.toMatchObject({ code: 'ECONNRESET' })
  })
})
