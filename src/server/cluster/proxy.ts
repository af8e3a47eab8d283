/**
 * A small reverse proxy in front of several nodes (node:http, no dependency): the realtime paths
 * (the WebSocket `/app/{key}` and the HTTP API `/apps/{id}/…`) go to the realtime nodes, every
 * other request to the web nodes, round-robin within each group. WebSocket upgrades are passed
 * through byte for byte. `x-cluster-node: web-2` pins a request to one node (tests use it to
 * say "on node B"); `GET /proxy/ready` is the proxy's own health check. A node that refuses connections is left out for a few seconds; a request
 * without a body that met such a node is tried on the next one.
 *
 * It is what `npm run start:cluster` and compose.yaml put in front. It does not terminate TLS:
 * behind a TLS terminator, or replaced by the platform's load balancer with the same rules
 * (docs/deploy.md).
 */
import http, { type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import { log } from '../log'

export interface Upstream {
  /** `web-1`, `realtime-2`: what `x-cluster-node` names. */
  name: string
  url: URL
}

export interface ProxyOptions {
  web: Upstream[]
  realtime: Upstream[]
  /** How long a node that refused a connection is left out (default 5 s). */
  downMs?: number
}

export interface ClusterProxy {
  server: Server
  port: number
  /** Stops accepting; requests in flight get `graceMs` (default 0) to finish. */
  close(graceMs?: number): Promise<void>
}

export const PIN_HEADER = 'x-cluster-node'
/** The proxy's own health check, answered without asking a node. */
export const PROXY_READY_PATH = '/proxy/ready'

/** Names nodes by their position: `web-1`, `web-2`, … */
export function upstreams(group: 'web' | 'realtime', urls: readonly string[]): Upstream[] {
  return urls.map((url, i) => ({ name: `${group}-${i + 1}`, url: new URL(url) }))
}

/** The group that serves a path: the realtime WebSocket and HTTP API, or the web app. */
export function groupOf(url: string): 'web' | 'realtime' {
  return url.startsWith('/app/') || url.startsWith('/apps/') ? 'realtime' : 'web'
}

/** Connection-level headers, which concern one hop and are not forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'proxy-authorization', 'proxy-authenticate'])

class Group {
  private next = 0
  private readonly downUntil = new Map<string, number>()

  constructor(
    readonly nodes: Upstream[],
    private readonly downMs: number,
  ) {}

  /** The named node, or the next one round-robin that is not left out (any, when all are). */
  pick(pinned: string | undefined, skip: ReadonlySet<string> = new Set()): Upstream | undefined {
    if (pinned !== undefined) return this.nodes.find((node) => node.name === pinned)
    const now = Date.now()
    for (let tried = 0; tried < this.nodes.length; tried++) {
      const node = this.nodes[this.next++ % this.nodes.length]!
      if (!skip.has(node.name) && (this.downUntil.get(node.name) ?? 0) <= now) return node
    }
    return this.nodes.find((node) => !skip.has(node.name))
  }

  down(node: Upstream): void {
    this.downUntil.set(node.name, Date.now() + this.downMs)
  }
}

/** The request's headers for the node: hop-by-hop ones dropped, the client added to `X-Forwarded-For`. */
function forwardedHeaders(request: IncomingMessage, keepUpgrade: boolean): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {}
  for (const [name, value] of Object.entries(request.headers)) {
    if (name === PIN_HEADER || (HOP_BY_HOP.has(name) && !(keepUpgrade && (name === 'connection' || name === 'upgrade')))) continue
    headers[name] = value
  }
  const peer = request.socket.remoteAddress ?? ''
  const earlier = request.headers['x-forwarded-for']
  headers['x-forwarded-for'] = earlier ? `${Array.isArray(earlier) ? earlier.join(', ') : earlier}, ${peer}` : peer
  headers['x-forwarded-proto'] ??= 'http'
  if (request.headers.host) headers['x-forwarded-host'] ??= request.headers.host
  return headers
}

function responseHeaders(upstream: IncomingMessage): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {}
  for (const [name, value] of Object.entries(upstream.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value
  return headers
}

const refused = (error: unknown) => ['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN'].includes((error as NodeJS.ErrnoException).code ?? '')

function plain(response: ServerResponse, status: number, message: string): void {
  if (response.headersSent) return void response.destroy()
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end(`${message}\n`)
}

/** Writes a raw HTTP/1.1 head on a socket (the answer to an upgrade request). */
function writeHead(socket: Duplex, status: number, statusMessage: string, rawHeaders: string[]): void {
  let head = `HTTP/1.1 ${status} ${statusMessage}\r\n`
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) head += `${rawHeaders[i]}: ${rawHeaders[i + 1]}\r\n`
  socket.write(`${head}\r\n`)
}

export async function startClusterProxy(options: ProxyOptions & { port: number; host: string }): Promise<ClusterProxy> {
  const downMs = options.downMs ?? 5000
  const groups = { web: new Group(options.web, downMs), realtime: new Group(options.realtime, downMs) }
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 })
  const tunnels = new Set<Duplex>()

  function pinnedName(request: IncomingMessage): string | undefined {
    const value = request.headers[PIN_HEADER]
    return typeof value === 'string' && value !== '' ? value : undefined
  }

  function forward(request: IncomingMessage, response: ServerResponse, tried: Set<string>): void {
    const group = groups[groupOf(request.url ?? '/')]
    const pinned = pinnedName(request)
    const node = group.pick(pinned, tried)
    if (!node) return plain(response, pinned ? 421 : 502, pinned ? `No node named ${pinned.slice(0, 40)}` : 'No node to answer')
    tried.add(node.name)
    const outgoing = http.request({
      agent,
      protocol: node.url.protocol,
      hostname: node.url.hostname,
      port: node.url.port,
      method: request.method,
      path: request.url,
      headers: forwardedHeaders(request, false),
    })
    outgoing.on('response', (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.statusMessage, responseHeaders(answer))
      answer.pipe(response)
      answer.on('error', () => response.destroy())
    })
    const bodiless = (request.headers['content-length'] === undefined || request.headers['content-length'] === '0') && request.headers['transfer-encoding'] === undefined
    outgoing.on('error', (error) => {
      if (refused(error)) group.down(node)
      // Nothing of a bodiless request was taken by the node: the next one may answer it.
      if (refused(error) && bodiless && !pinned && !response.headersSent && tried.size < group.nodes.length) return forward(request, response, tried)
      log.warn('proxy.upstream_failed', { node: node.name, code: (error as NodeJS.ErrnoException).code, path: (request.url ?? '').split('?')[0] })
      plain(response, 502, 'The node did not answer')
    })
    response.on('close', () => {
      if (!response.writableFinished) outgoing.destroy()
    })
    if (bodiless) outgoing.end()
    else request.pipe(outgoing)
  }

  function tunnel(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const group = groups[groupOf(request.url ?? '/')]
    const pinned = pinnedName(request)
    const node = group.pick(pinned)
    socket.on('error', () => socket.destroy())
    if (!node) return void socket.end(`HTTP/1.1 ${pinned ? '421 Misdirected Request' : '502 Bad Gateway'}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`)
    const outgoing = http.request({
      protocol: node.url.protocol,
      hostname: node.url.hostname,
      port: node.url.port,
      method: request.method,
      path: request.url,
      headers: forwardedHeaders(request, true),
    })
    outgoing.on('upgrade', (answer, upstream: Socket, upstreamHead: Buffer) => {
      writeHead(socket, answer.statusCode ?? 101, answer.statusMessage ?? 'Switching Protocols', answer.rawHeaders)
      if (upstreamHead.length > 0) socket.write(upstreamHead)
      if (head.length > 0) upstream.write(head)
      upstream.setNoDelay(true)
      ;(socket as Socket).setNoDelay?.(true)
      tunnels.add(socket)
      const end = () => {
        tunnels.delete(socket)
        upstream.destroy()
        socket.destroy()
      }
      upstream.on('error', end).on('close', end)
      socket.on('error', end).on('close', end)
      upstream.pipe(socket)
      socket.pipe(upstream)
    })
    // The node answered without upgrading (a refusal): pass its answer on and close.
    outgoing.on('response', (answer) => {
      writeHead(socket, answer.statusCode ?? 502, answer.statusMessage ?? '', answer.rawHeaders)
      answer.pipe(socket)
    })
    outgoing.on('error', (error) => {
      if (refused(error)) group.down(node)
      log.warn('proxy.upstream_failed', { node: node.name, code: (error as NodeJS.ErrnoException).code, upgrade: true })
      socket.end('HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\ncontent-length: 0\r\n\r\n')
    })
    outgoing.end()
  }

  const server = http.createServer((request, response) => {
    if (request.url === PROXY_READY_PATH) return void response.writeHead(200, { 'content-type': 'text/plain', 'cache-control': 'no-store' }).end('ok\n')
    forward(request, response, new Set())
  })
  server.on('upgrade', tunnel)
  server.on('clientError', (_error, socket) => socket.destroy())
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(options.port, options.host, () => resolve()))
  const port = (server.address() as AddressInfo).port
  return {
    server,
    port,
    close: async (graceMs = 0) => {
      // WebSocket clients reconnect by themselves; requests in flight get `graceMs` to finish.
      for (const socket of tunnels) socket.destroy()
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeIdleConnections()
      const timer = setTimeout(() => server.closeAllConnections(), graceMs)
      await closed
      clearTimeout(timer)
      agent.destroy()
    },
  }
}
