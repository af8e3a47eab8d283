/**
 * A kept-alive connection left idle longer than Node's default five seconds still carries the next
 * request: the client (a proxy, a browser) closes idle connections, never the server under it.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { keepIdleConnectionsOpen } from '~/server/http/keep-alive'

let server: http.Server
let agent: http.Agent
beforeAll(async () => {
  server = http.createServer((_req, res) => res.end('ok'))
  keepIdleConnectionsOpen(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
})
afterAll(async () => {
  agent.destroy()
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

function get(): Promise<{ body: string; reusedSocket: boolean }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, agent }, (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString()))
      res.on('end', () => resolve({ body, reusedSocket: request.reusedSocket }))
    })
    request.on('error', reject)
  })
}

it('serves a request sent on a connection that was idle for six seconds', { timeout: 60_000 }, async () => {
  expect(await get()).toEqual({ body: 'ok', reusedSocket: false })
  // Longer than Node's own idle timeout (5 s), after which the server would have closed it.
  await sleep(6_000)
  expect(await get()).toEqual({ body: 'ok', reusedSocket: true })
})
