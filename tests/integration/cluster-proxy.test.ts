/**
 * The cluster's proxy (src/server/cluster/proxy.ts) in front of plain loopback servers that
 * answer who they are: round-robin, pinning by `x-cluster-node`, the realtime paths to their
 * own group, WebSocket upgrades passed through, X-Forwarded-For appended, a stopped node left out.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket, { WebSocketServer } from 'ws'
import { PIN_HEADER, PROXY_READY_PATH, startClusterProxy, upstreams, type ClusterProxy } from '~/server/cluster/proxy'

/** A node that answers its name, the path and the X-Forwarded-For it saw; and echoes WebSocket messages with its name. */
async function startNode(name: string): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const server = createServer((request: IncomingMessage, response) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => (body += chunk))
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json', 'set-cookie': ['a=1; Path=/', 'b=2; Path=/'] })
      response.end(JSON.stringify({ name, url: request.url, method: request.method, xff: request.headers['x-forwarded-for'], pin: request.headers[PIN_HEADER] ?? null, body }))
    })
  })
  const sockets = new WebSocketServer({ server })
  sockets.on('connection', (socket) => socket.on('message', (data) => socket.send(`${name}:${String(data)}`)))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        sockets.close()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

describe('the cluster proxy', () => {
  let nodes: Awaited<ReturnType<typeof startNode>>[]
  let proxy: ClusterProxy
  let base: string
  const who = async (path: string, init: RequestInit = {}) => (await (await fetch(`${base}${path}`, init)).json()) as { name: string; url: string; xff: string; pin: string | null; body: string; method: string }

  beforeAll(async () => {
    nodes = await Promise.all(['web-a', 'web-b', 'rt-a', 'rt-b'].map(startNode))
    proxy = await startClusterProxy({ port: 0, host: '127.0.0.1', web: upstreams('web', [nodes[0]!.url, nodes[1]!.url]), realtime: upstreams('realtime', [nodes[2]!.url, nodes[3]!.url]), downMs: 60_000 })
    base = `http://127.0.0.1:${proxy.port}`
  })
  afterAll(async () => {
    await proxy?.close()
    for (const node of nodes ?? []) await node.close()
  })

  it('answers its own health check', async () => {
    const res = await fetch(`${base}${PROXY_READY_PATH}`)
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('ok\n')
  })

  it('sends pages round-robin to the web nodes and the realtime paths to the realtime nodes, bodies and cookies intact', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map(() => who('/rca?x=1')))
    expect(new Set(pages.map((p) => p.name))).toEqual(new Set(['web-a', 'web-b']))
    expect(pages[0]!.url).toBe('/rca?x=1')
    const api = await Promise.all([1, 2].map(() => who('/apps/asiguro/events', { method: 'POST', body: '{"name":"x"}', headers: { 'content-type': 'application/json' } })))
    expect(new Set(api.map((p) => p.name))).toEqual(new Set(['rt-a', 'rt-b']))
    expect(api[0]).toMatchObject({ method: 'POST', body: '{"name":"x"}' })
    expect((await fetch(`${base}/`)).headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/'])
  })

  it('pins a request to the node x-cluster-node names, and refuses a name it does not know', async () => {
    for (let i = 0; i < 3; i++) expect((await who('/', { headers: { [PIN_HEADER]: 'web-2' } })).name).toBe('web-b')
    expect((await who('/apps/1/events', { headers: { [PIN_HEADER]: 'realtime-1' } })).pin).toBeNull() // not passed on
    expect((await fetch(`${base}/`, { headers: { [PIN_HEADER]: 'web-9' } })).status).toBe(421)
  })

  it('appends the client to X-Forwarded-For', async () => {
    expect((await who('/')).xff).toBe('127.0.0.1')
    expect((await who('/', { headers: { 'x-forwarded-for': '203.0.113.5' } })).xff).toBe('203.0.113.5, 127.0.0.1')
  })

  it('passes WebSocket upgrades through, to the realtime nodes', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${proxy.port}/app/key?protocol=7`)
    const answer = await new Promise<string>((resolve, reject) => {
      socket.once('open', () => socket.send('hello'))
      socket.once('message', (data) => resolve(String(data)))
      socket.once('error', reject)
    })
    expect(answer).toMatch(/^rt-[ab]:hello$/)
    socket.close()
  })

  it('leaves out a node that stopped: bodiless requests go to the other one', async () => {
    await nodes[0]!.close()
    const answers = await Promise.all([1, 2, 3, 4].map(() => who('/')))
    expect(answers.map((a) => a.name)).toEqual(['web-b', 'web-b', 'web-b', 'web-b'])
    // Pinned to the stopped node: its failure is the answer.
    expect((await fetch(`${base}/`, { headers: { [PIN_HEADER]: 'web-1' } })).status).toBe(502)
  })
})
