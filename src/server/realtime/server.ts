/**
 * One realtime node: accepts WebSocket upgrades on `/app/{key}`, runs the handshake, reads
 * client messages (ping, subscribe, unsubscribe, sign-in, client events), watches liveness,
 * and offers the operations of the HTTP API (trigger, queries, terminate). Mounted on any Node
 * HTTP server: the app's own (serve.ts, the Vite dev server) or its own (standalone.ts).
 */
import { randomInt } from 'node:crypto'
import type { IncomingMessage, Server as HttpServer } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import { log } from '../log'
import { clientAddress } from '../http/client-address'
import { AddressLimits } from './address-limits'
import type { RateTake, RealtimeAdapter } from './adapter'
import { Channels } from './channels'
import { Connection } from './connection'
import type { RealtimeOptions } from './options'
import { Code, SUPPORTED_PROTOCOLS, channelKind, dataObject, encodeData, errorFrame, frame, isCacheChannel, parseClientMessage } from './protocol'
import { safeEqual, userAuth } from './signing'
import { WebhookSender, type WebhookEvent } from './webhooks'

const PONG = frame('pusher:pong', {})
const PING = frame('pusher:ping', {})

export class RealtimeServer {
  private readonly wss: WebSocketServer
  private readonly connections = new Map<string, Connection>()
  /** Signed-in connections of this node, by user id. */
  private readonly users = new Map<string, Set<Connection>>()
  private readonly channels: Channels
  private readonly webhooks: WebhookSender | undefined
  private readonly leaving = new Set<Promise<void>>()
  private readonly perAddress: AddressLimits
  /** The client address each open connection was admitted under, by socket id. */
  private readonly addresses = new Map<string, string>()
  private sweeper: NodeJS.Timeout | undefined
  private closing = false

  constructor(
    readonly options: RealtimeOptions,
    private readonly adapter: RealtimeAdapter,
  ) {
    this.wss = new WebSocketServer({ noServer: true, maxPayload: options.maxMessageBytes, perMessageDeflate: false, clientTracking: false })
    this.webhooks = options.webhook ? new WebhookSender(options.webhook, options.key, options.secret) : undefined
    this.channels = new Channels(options, adapter, (event) => this.webhook(event))
    this.perAddress = new AddressLimits(options.maxConnectionsPerAddress, options.connectionsPerAddressPerSecond)
  }

  get nodeId(): string {
    return this.adapter.nodeId
  }

  /** Connections open on this node. */
  get connectionCount(): number {
    return this.connections.size
  }

  /** Channels with a subscriber on this node (0 once everyone left: nothing leaks). */
  get localChannelCount(): number {
    return this.channels.localChannelCount
  }

  async start(): Promise<this> {
    await this.adapter.start({
      deliver: (channel, text, except) => this.channels.deliver(channel, text, except),
      terminateUser: (userId) => this.terminateLocal(userId),
      reaped: ({ vacated, removed }) => {
        for (const { channel, userId } of removed) this.channels.memberRemoved(channel, userId)
        for (const channel of vacated) this.webhook({ name: 'channel_vacated', channel })
      },
      forgotten: () => void this.channels.rejoinAll().catch((error: unknown) => log.error('realtime.rejoin_failed', { error })),
    })
    const every = Math.max(200, Math.min(this.options.activityTimeoutS * 1000, this.options.pongTimeoutMs) / 4)
    this.sweeper = setInterval(() => this.sweep(), every)
    this.sweeper.unref()
    return this
  }

  private webhook(event: WebhookEvent): void {
    this.webhooks?.send(event)
  }

  /** Whether a request path is the HTTP API's (`/apps/…`). */
  isApiPath(pathname: string): boolean {
    return pathname.startsWith('/apps/')
  }

  /** Takes a WebSocket upgrade on `/app/…`; answers false for any other path (left to its owner). */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const path = (request.url ?? '/').split('?')[0] ?? '/'
    if (!path.startsWith(`${this.options.wsPath}/app/`)) return false
    if (this.closing) {
      // Not a 4200 handshake: pusher-js would retry that at once, in a loop, until this node is gone.
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
      return true
    }
    this.wss.handleUpgrade(request, socket, head, (ws) => this.open(ws, socket, request))
    return true
  }

  /**
   * Listens to an HTTP server's upgrades. `exclusive`: other upgrade paths are refused with
   * 404 (the production server has no other WebSocket); otherwise they are left alone (Vite's own).
   */
  attach(server: HttpServer, { exclusive }: { exclusive: boolean }): void {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (this.handleUpgrade(request, socket, head) || !exclusive) return
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
    })
  }

  private open(ws: WebSocket, socket: Duplex, request: IncomingMessage): void {
    const refuse = (code: number, message: string) => {
      ws.send(errorFrame(code, message))
      ws.close(code, message)
    }
    const url = new URL(request.url ?? '/', 'http://realtime.local')
    const key = url.pathname.slice(`${this.options.wsPath}/app/`.length)
    if (key === '' || key.includes('/')) return refuse(Code.pathNotFound, 'Path not found: connect to /app/{key}')
    if (!safeEqual(key, this.options.key)) return refuse(Code.appNotFound, 'Application does not exist: unknown app key')
    if (!this.options.appEnabled) return refuse(Code.appDisabled, 'Application is disabled')
    const protocol = url.searchParams.get('protocol')
    if (protocol === null) return refuse(Code.noProtocol, 'No protocol version supplied')
    if (!SUPPORTED_PROTOCOLS.has(Number(protocol))) return refuse(Code.unsupportedProtocol, `Unsupported protocol version ${protocol.slice(0, 10)}: this server speaks 5 to 7`)
    if (this.options.maxConnections > 0 && this.connections.size >= this.options.maxConnections) return refuse(Code.overQuota, 'Over connection quota')
    const forwarded = request.headers['x-forwarded-for']
    const address = clientAddress(request.socket.remoteAddress, Array.isArray(forwarded) ? forwarded.join(', ') : forwarded, this.options.trustProxyHops) ?? 'unknown'
    const admission = this.perAddress.admit(address)
    if (admission === 'too_fast') return refuse(Code.overCapacity, 'Too many connections opened from this address: try again in a second')
    if (admission === 'too_many_open') return refuse(Code.overQuota, 'Over the connection quota of this address')

    let socketId: string
    do socketId = `${randomInt(1, 1_000_000_000)}.${randomInt(1, 1_000_000_000)}`
    while (this.connections.has(socketId))
    const connection = new Connection(socketId, ws, socket, this.options)
    this.connections.set(socketId, connection)
    this.addresses.set(socketId, address)

    ws.on('message', (data: RawData, isBinary: boolean) => this.receive(connection, data, isBinary))
    ws.on('pong', () => {
      connection.lastSeen = Date.now()
      connection.pingedAt = 0
    })
    ws.on('error', (error: Error) => log.debug('realtime.socket_error', { socket: socketId, message: error.message }))
    ws.on('close', () => this.closed(connection))
    connection.send(frame('pusher:connection_established', JSON.stringify({ socket_id: socketId, activity_timeout: this.options.activityTimeoutS })))
  }

  private closed(connection: Connection): void {
    connection.closed = true
    this.connections.delete(connection.socketId)
    const address = this.addresses.get(connection.socketId)
    this.addresses.delete(connection.socketId)
    if (address !== undefined) this.perAddress.release(address)
    if (connection.user) this.forgetUser(connection, connection.user.id)
    const left = connection.enqueue(() => this.channels.leaveAll(connection)).finally(() => this.leaving.delete(left))
    this.leaving.add(left)
  }

  private receive(connection: Connection, data: RawData, isBinary: boolean): void {
    connection.lastSeen = Date.now()
    connection.pingedAt = 0
    if (isBinary) {
      connection.send(errorFrame(null, 'Binary frames are not supported: send JSON text'))
      return
    }
    const message = parseClientMessage(Array.isArray(data) ? Buffer.concat(data).toString() : data.toString())
    if (!message) {
      connection.send(errorFrame(null, 'Invalid message: expected a JSON object with a string "event"'))
      return
    }
    switch (message.event) {
      case 'pusher:ping':
        connection.send(PONG)
        return
      case 'pusher:pong':
        return
      case 'pusher:subscribe':
        void connection.enqueue(() => this.channels.subscribe(connection, message.data))
        return
      case 'pusher:unsubscribe':
        void connection.enqueue(() => this.channels.unsubscribe(connection, message.data))
        return
      case 'pusher:signin':
        void connection.enqueue(() => this.signin(connection, message.data))
        return
    }
    if (message.event.startsWith('client-')) {
      void connection.enqueue(() => this.clientEvent(connection, message.event, message.channel, message.data))
      return
    }
    connection.send(errorFrame(null, `Unsupported event ${message.event.slice(0, 100)}`))
  }

  /** `pusher:signin`: user authentication, checked against `socket_id::user::user_data`. */
  private signin(connection: Connection, rawData: unknown): void {
    const data = dataObject(rawData)
    const userData = data?.user_data
    const auth = data?.auth
    if (typeof userData !== 'string' || typeof auth !== 'string' || !safeEqual(auth, userAuth(this.options.key, this.options.secret, connection.socketId, userData))) {
      connection.refuse(Code.unauthorized, 'Invalid signature for pusher:signin')
      return
    }
    const user = dataObject(userData)
    if (!user || typeof user.id !== 'string' || user.id === '' || /[\r\n]/.test(user.id)) {
      connection.refuse(Code.unauthorized, 'user_data must be a JSON object with a non-empty string id')
      return
    }
    if (connection.user) this.forgetUser(connection, connection.user.id)
    connection.user = { id: user.id, info: user.user_info }
    let mine = this.users.get(user.id)
    if (!mine) this.users.set(user.id, (mine = new Set()))
    mine.add(connection)
    connection.send(frame('pusher:signin_success', JSON.stringify({ user_data: userData })))
  }

  private forgetUser(connection: Connection, userId: string): void {
    const mine = this.users.get(userId)
    mine?.delete(connection)
    if (mine?.size === 0) this.users.delete(userId)
  }

  private clientEvent(connection: Connection, event: string, channel: string | undefined, data: unknown): void {
    const reject = (message: string) => connection.send(errorFrame(Code.clientEventRejected, message))
    if (!this.options.clientEvents) return reject('Client events are not enabled for this app')
    if (channel === undefined || !connection.channels.has(channel)) return reject(`Client event rejected: not subscribed to channel ${String(channel).slice(0, 200)}`)
    const kind = channelKind(channel)
    if (kind !== 'private' && kind !== 'presence') return reject('Client event rejected: only supported on private and presence channels')
    if (event.length > this.options.maxEventNameLength) return reject(`Client event rejected: event name longer than ${this.options.maxEventNameLength} characters`)
    const encoded = encodeData(data)
    if (Buffer.byteLength(encoded) > this.options.maxEventDataBytes) return reject(`Client event rejected: data larger than ${this.options.maxEventDataBytes} bytes`)
    if (!connection.clientEvents.take()) return reject('Client event rejected due to rate limit')
    const membership = connection.channels.get(channel)
    this.channels.broadcast(channel, frame(event, encoded, channel, membership?.userId), connection.socketId)
    this.webhook({ name: 'client_event', channel, event, data: encoded, socket_id: connection.socketId, ...(membership ? { user_id: membership.userId } : {}) })
  }

  /** Pings silent clients, and closes those that stay silent after the ping (4201). */
  private sweep(): void {
    const now = Date.now()
    this.perAddress.forgetQuiet(now)
    const idleMs = this.options.activityTimeoutS * 1000
    for (const connection of this.connections.values()) {
      if (connection.closed) continue
      if (connection.pingedAt === 0) {
        if (now - connection.lastSeen >= idleMs) {
          connection.pingedAt = now
          connection.send(PING)
          connection.ping()
        }
      } else if (now - connection.pingedAt >= this.options.pongTimeoutMs) {
        connection.refuse(Code.pongTimeout, 'Pong reply not received in time')
        // It may not answer the closing handshake either.
        setTimeout(() => connection.terminate(), 1000).unref()
      }
    }
  }

  /** Publishes an event (HTTP API): every subscriber on every node but `exceptSocketId`. */
  async trigger(channels: string[], event: string, data: string, exceptSocketId: string | undefined): Promise<void> {
    for (const channel of channels) {
      const text = frame(event, data, channel)
      this.channels.broadcast(channel, text, exceptSocketId)
      if (isCacheChannel(channel)) await this.adapter.cacheSet(channel, text, this.options.cacheTtlS)
    }
  }

  /** Closes the signed-in connections of a user on every node (4009). */
  async terminateUser(userId: string): Promise<void> {
    this.terminateLocal(userId)
    await this.adapter.terminateUser(userId)
  }

  private terminateLocal(userId: string): void {
    for (const connection of [...(this.users.get(userId) ?? [])]) connection.refuse(Code.unauthorized, 'Connection terminated by the server')
  }

  /** Counts one signed HTTP API request against `apiRequestsPerSecond`, cluster-wide with Redis. */
  takeApiRequest(): Promise<RateTake> {
    return this.adapter.takeApiRequest(this.options.apiRequestsPerSecond)
  }

  channelsInfo(): Promise<Map<string, number>> {
    return this.adapter.channels()
  }

  subscriptionCount(channel: string): Promise<number> {
    return this.adapter.subscriptionCount(channel)
  }

  userCount(channel: string): Promise<number> {
    return this.adapter.userCount(channel)
  }

  members(channel: string): Promise<Map<string, string>> {
    return this.adapter.members(channel)
  }

  /**
   * Graceful stop: every client is told to reconnect at once (4200, elsewhere behind a load
   * balancer), their subscriptions are taken back from the cluster, pending webhooks are sent.
   */
  async close(): Promise<void> {
    if (this.closing) return
    this.closing = true
    if (this.sweeper) clearInterval(this.sweeper)
    const open = [...this.connections.values()]
    for (const connection of open) connection.refuse(Code.goingAway, 'Server shutting down, reconnect')
    // Clients that do not finish the closing handshake promptly are cut off.
    const deadline = Date.now() + 1000
    while (this.connections.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
    for (const connection of this.connections.values()) connection.terminate()
    while (this.connections.size > 0 && Date.now() < deadline + 1000) await new Promise((resolve) => setTimeout(resolve, 5))
    await Promise.allSettled([...this.leaving])
    await this.webhooks?.close()
    await this.adapter.close()
    this.wss.close()
  }
}
