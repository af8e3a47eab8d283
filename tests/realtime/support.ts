/**
 * The realtime compatibility suite's harness: realtime nodes on loopback driven by the
 * official clients (pusher-js's Node build and the `pusher` SDK).
 *
 * Modes: `single` (one node, in-process adapter) always; `redis-two-nodes` (two nodes sharing
 * the Redis at `TEST_REDIS_URL`, under a key prefix unique to this run) when it is set. In two
 * nodes, clients connect to node A and B alternately and the SDK publishes to either.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Redis } from 'ioredis'
import PusherServer from 'pusher'
import Pusher, { type Channel, type Options as PusherOptions } from 'pusher-js'
import { toNodeHandler } from 'srvx/node'
import { LocalAdapter } from '~/server/realtime/adapter'
import { startRealtime, type Realtime, type RealtimeConfig } from '~/server/realtime'
import type { RealtimeOptions } from '~/server/realtime/options'
import { RedisAdapter } from '~/server/realtime/redis-adapter'

export const realtimeModes = ['single', ...(process.env.TEST_REDIS_URL ? (['redis-two-nodes'] as const) : [])] as const
export type RealtimeMode = (typeof realtimeModes)[number]

/** One key prefix for this test run: runs sharing a Redis do not see each other. */
/**
 * The default bound of every wait below: a wait is for a state, and its bound only ends a hang, so it is
 * generous enough that a busy machine (both cores taken) makes a test slower, not red.
 */
export const WAIT_MS = 30_000

export const runPrefix = `asiguro-test:${Date.now().toString(36)}${randomBytes(3).toString('hex')}:`

export interface TestNode {
  port: number
  url: string
  realtime: Realtime
  adapter: LocalAdapter | RedisAdapter
  http: Server
}

export interface ClusterSettings {
  /** Limits and switches of the nodes (client events, timeouts, …). */
  options?: Partial<RealtimeOptions>
  webhookUrl?: string
  /** Seconds before a silent node is reaped (two-node mode). */
  nodeTimeoutS?: number
  /** WebSocket limits per client address (default none: tests open many sockets from 127.0.0.1). */
  perAddress?: { open?: number; perSecond?: number }
  trustProxyHops?: number
}

export class TestCluster {
  readonly appId = `app-${randomBytes(3).toString('hex')}`
  readonly key = `key-${randomBytes(6).toString('hex')}`
  readonly secret = randomBytes(24).toString('hex')
  readonly nodes: TestNode[] = []
  private readonly clients: Pusher[] = []
  private next = 0
  readonly prefix: string

  constructor(
    readonly mode: RealtimeMode,
    private readonly settings: ClusterSettings = {},
  ) {
    this.prefix = `${runPrefix}${randomBytes(4).toString('hex')}:`
  }

  get config(): RealtimeConfig {
    return {
      PUSHER_APP_ID: this.appId,
      PUSHER_APP_KEY: this.key,
      PUSHER_APP_SECRET: this.secret,
      PUSHER_WEBHOOK_URL: this.settings.webhookUrl,
      REALTIME_ACTIVITY_TIMEOUT: 30,
      REALTIME_MAX_CONNECTIONS: 0,
      REALTIME_MAX_CONNECTIONS_PER_ADDRESS: this.settings.perAddress?.open ?? 0,
      REALTIME_CONNECTION_RATE_PER_ADDRESS: this.settings.perAddress?.perSecond ?? 0,
      TRUST_PROXY_HOPS: this.settings.trustProxyHops ?? 0,
      REALTIME_CLIENT_EVENTS: false,
      REALTIME_APP_ENABLED: true,
      REALTIME_API_RATE_LIMIT: 0,
      REDIS_URL: this.mode === 'redis-two-nodes' ? process.env.TEST_REDIS_URL : undefined,
      REALTIME_REDIS_PREFIX: this.prefix,
      REALTIME_NODE_TIMEOUT: this.settings.nodeTimeoutS ?? 2,
    }
  }

  async start(): Promise<this> {
    const count = this.mode === 'redis-two-nodes' ? 2 : 1
    for (let i = 0; i < count; i++) this.nodes.push(await this.startNode(0))
    return this
  }

  private async startNode(port: number): Promise<TestNode> {
    const config = this.config
    const adapter = config.REDIS_URL
      ? new RedisAdapter({ url: config.REDIS_URL, prefix: this.prefix, nodeTimeoutMs: config.REALTIME_NODE_TIMEOUT * 1000 })
      : new LocalAdapter()
    const realtime = await startRealtime(config, this.settings.options ?? {}, adapter)
    const api = toNodeHandler(realtime.api) as (req: IncomingMessage, res: ServerResponse) => void
    const http = createServer((req, res) => {
      if (realtime.server.isApiPath((req.url ?? '/').split('?')[0] ?? '/')) api(req, res)
      else res.writeHead(404).end()
    })
    realtime.server.attach(http, { exclusive: true })
    await new Promise<void>((resolve, reject) => http.once('error', reject).listen(port, '127.0.0.1', () => resolve()))
    const bound = (http.address() as AddressInfo).port
    return { port: bound, url: `http://127.0.0.1:${bound}`, realtime, adapter, http }
  }

  node(i: number): TestNode {
    return this.nodes[i % this.nodes.length]!
  }

  /** The node the next client goes to: A, B, A, … in two-node mode. */
  private nextNode(): number {
    return this.next++ % this.nodes.length
  }

  /** A pusher-js client, configured as a self-hosted app configures it. */
  client(options: Partial<PusherOptions> & { node?: number } = {}): Pusher {
    const { node, ...rest } = options
    const target = this.node(node ?? this.nextNode())
    const client = new Pusher(this.key, {
      cluster: 'eu',
      wsHost: '127.0.0.1',
      wsPort: target.port,
      forceTLS: false,
      enabledTransports: ['ws'],
      ...rest,
    })
    this.clients.push(client)
    return client
  }

  /** The official server SDK, pointed at node `i` (or the next one). */
  sdk(i?: number, options: Partial<ConstructorParameters<typeof PusherServer>[0]> = {}): PusherServer {
    const target = this.node(i ?? this.nextNode())
    return new PusherServer({ appId: this.appId, key: this.key, secret: this.secret, host: '127.0.0.1', port: String(target.port), useTLS: false, ...options })
  }

  /** Stops node `i` gracefully and starts it again on the same port. */
  async restart(i: number): Promise<void> {
    const node = this.nodes[i]!
    await this.stopNode(node)
    this.nodes[i] = await this.startNode(node.port)
  }

  private async stopNode(node: TestNode): Promise<void> {
    await node.realtime.close()
    await new Promise<void>((resolve) => node.http.close(() => resolve()))
  }

  async close(): Promise<void> {
    for (const client of this.clients) client.disconnect()
    for (const node of this.nodes) await this.stopNode(node)
    // What outlives the nodes on purpose (cache channels' last events, with their TTL) goes too.
    const left = await this.redisKeys()
    if (left.length > 0) {
      const redis = new Redis(process.env.TEST_REDIS_URL!)
      await redis.del(...left).finally(() => redis.disconnect())
    }
  }

  /** Keys this cluster left in Redis (none once every node has stopped). */
  async redisKeys(): Promise<string[]> {
    if (this.mode !== 'redis-two-nodes') return []
    const redis = new Redis(process.env.TEST_REDIS_URL!)
    try {
      return await redis.keys(`${this.prefix}*`)
    } finally {
      redis.disconnect()
    }
  }
}

export async function startCluster(mode: RealtimeMode, settings: ClusterSettings = {}): Promise<TestCluster> {
  return new TestCluster(mode, settings).start()
}

/** Resolves with the arguments of the first `event`, or fails after `ms`. */
export function once<T = unknown>(target: { bind(event: string, cb: (...args: never[]) => void): unknown; unbind(event: string, cb: (...args: never[]) => void): unknown }, event: string, ms = WAIT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      target.unbind(event, listener)
      reject(new Error(`no ${event} within ${ms} ms`))
    }, ms)
    const listener = (data: T) => {
      clearTimeout(timer)
      target.unbind(event, listener as never)
      resolve(data)
    }
    target.bind(event, listener as never)
  })
}

/** Resolves when the client's connection reaches `state`. */
export function state(client: Pusher, wanted: string, ms = WAIT_MS): Promise<void> {
  if (client.connection.state === wanted) return Promise.resolve()
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`state ${client.connection.state}, not ${wanted}, after ${ms} ms`)), ms)
    const listener = ({ current }: { current: string }) => {
      if (current !== wanted) return
      clearTimeout(timer)
      client.connection.unbind('state_change', listener)
      resolve()
    }
    client.connection.bind('state_change', listener)
  })
}

export async function connected(client: Pusher): Promise<string> {
  await state(client, 'connected')
  return client.connection.socket_id
}

/** Subscribes and waits for success; rejects with the subscription error's data. */
export function subscribe(client: Pusher, name: string, ms = WAIT_MS): Promise<Channel> {
  const channel = client.subscribe(name)
  return new Promise<Channel>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no subscription to ${name} within ${ms} ms`)), ms)
    channel.bind('pusher:subscription_succeeded', () => {
      clearTimeout(timer)
      resolve(channel)
    })
    channel.bind('pusher:subscription_error', (error: unknown) => {
      clearTimeout(timer)
      reject(Object.assign(new Error(`subscription to ${name} refused: ${JSON.stringify(error)}`), { data: error }))
    })
  })
}

/** Records every event a channel receives, in order. */
export function record(channel: Channel): { name: string; data: unknown }[] {
  const seen: { name: string; data: unknown }[] = []
  channel.bind_global((name: string, data: unknown) => seen.push({ name, data }))
  return seen
}

/** Polls `check` until it holds, or fails after `ms`. */
export async function eventually(check: () => boolean | Promise<boolean>, ms = WAIT_MS, what = 'condition'): Promise<void> {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`${what} did not hold within ${ms} ms`)
}

/**
 * A channel-authorization endpoint as an app would write one with the official SDK: form POST
 * of `socket_id` and `channel_name`, a bearer header checked, presence data from `params`.
 * `user-auth` answers `pusher.signin()` the same way.
 */
export async function startAuthEndpoint(sdk: PusherServer, token = 'test-token'): Promise<{ url: string; requests: Record<string, string>[]; close(): Promise<void> }> {
  const requests: Record<string, string>[] = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body))
      requests.push({ ...form, path: req.url ?? '', authorization: req.headers.authorization ?? '', contentType: req.headers['content-type'] ?? '' })
      if (req.headers.authorization !== `Bearer ${token}`) return void res.writeHead(403).end('forbidden')
      const socketId = form.socket_id ?? ''
      const send = (value: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value))
      if (req.url === '/user-auth') {
        const id = form.user_id
        return send(sdk.authenticateUser(socketId, { id: id ?? '', ...(form.user_info ? { user_info: JSON.parse(form.user_info) } : {}) }))
      }
      const channel = form.channel_name ?? ''
      if (channel.startsWith('presence-') && form.no_channel_data !== '1') {
        const userId = /^\d+$/.test(form.user_id ?? '') && form.numeric === '1' ? Number(form.user_id) : form.user_id
        return send(sdk.authorizeChannel(socketId, channel, { user_id: userId as string, ...(form.user_info ? { user_info: JSON.parse(form.user_info) } : {}) }))
      }
      return send(sdk.authorizeChannel(socketId, channel))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

/** A bare WebSocket client (the `ws` package) speaking the protocol by hand, for what pusher-js hides. */
export class RawClient {
  readonly messages: Record<string, unknown>[] = []
  closeCode: number | undefined
  private waiters: { test: (m: Record<string, unknown>) => boolean; resolve: (m: Record<string, unknown>) => void }[] = []
  readonly closed: Promise<number>

  private constructor(readonly ws: import('ws').WebSocket) {
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as Record<string, unknown>
      this.messages.push(message)
      this.waiters = this.waiters.filter((w) => (w.test(message) ? (w.resolve(message), false) : true))
    })
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve((this.closeCode = code))))
  }

  static async open(url: string, options: import('ws').ClientOptions = {}): Promise<RawClient> {
    const { WebSocket } = await import('ws')
    const ws = new WebSocket(url, options)
    const client = new RawClient(ws)
    await new Promise<void>((resolve, reject) => ws.once('open', () => resolve()).once('error', reject))
    return client
  }

  /** The first message (already received or to come) that passes `test`. */
  next(test: (m: Record<string, unknown>) => boolean, ms = WAIT_MS): Promise<Record<string, unknown>> {
    const seen = this.messages.find(test)
    if (seen) return Promise.resolve(seen)
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching message within ${ms} ms; got ${JSON.stringify(this.messages).slice(0, 500)}`)), ms)
      this.waiters.push({ test, resolve: (m) => (clearTimeout(timer), resolve(m)) })
    })
  }

  event(name: string, ms?: number): Promise<Record<string, unknown>> {
    return this.next((m) => m.event === name, ms)
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message))
  }

  /** The socket id from the handshake. */
  async socketId(): Promise<string> {
    const established = await this.event('pusher:connection_established')
    return (JSON.parse(established.data as string) as { socket_id: string }).socket_id
  }

  close(): void {
    this.ws.close()
  }
}

export const wsUrl = (node: TestNode, key: string, query = 'protocol=7&client=js&version=8.6.0&flash=false', path = '') => `ws://127.0.0.1:${node.port}${path}/app/${key}?${query}`
