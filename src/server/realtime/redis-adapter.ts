/**
 * Several realtime nodes sharing one Redis (`REDIS_URL`).
 *
 * - Fan-out: every event for a channel is published on one pub/sub channel (`{prefix}bus`);
 *   every other node delivers it to its own subscribers, skipping the excluded socket id.
 * - Occupancy and presence live in Redis hashes, changed by Lua scripts so that "first
 *   subscriber", "first connection of a user" and their opposites are decided once for the
 *   cluster: channel_occupied, member_added and the rest fire exactly once, whichever node the
 *   connections are on. Each node also counts its own share, so that its share can be taken
 *   back if it dies.
 * - Liveness: each node writes a heartbeat (Redis server time) into a sorted set; any node
 *   that finds another silent for `nodeTimeoutMs` removes that node's share in one script
 *   (members it alone held are removed, channels it alone held are vacated) and announces it.
 *
 * Keys (all under the prefix): `nodes` (zset node → heartbeat ms), `subs` (hash channel →
 * subscriptions), `node:{id}:subs` (hash channel → this node's subscriptions),
 * `presence:{channel}:members` (hash user id → user_info JSON), `presence:{channel}:conns`
 * (hash user id → connections), `node:{id}:presence` (hash `channel\nuser` → this node's
 * connections), `cache:{channel}` (last event, with a TTL), `api:{second}` (signed HTTP API
 * requests in that second of Redis time, for `REALTIME_API_RATE_LIMIT`). One Redis, not Redis Cluster: the
 * scripts touch keys they compute.
 */
import { createHash, randomBytes } from 'node:crypto'
import os from 'node:os'
import { Redis } from 'ioredis'
import { log } from '../log'
import type { AdapterHooks, JoinResult, LeaveResult, PresenceJoin, RateTake, RealtimeAdapter } from './adapter'
import { RateWindow } from './rate-window'

interface Script {
  text: string
  sha: string
}

function script(text: string): Script {
  return { text, sha: createHash('sha1').update(text).digest('hex') }
}

/** Lua: removes the share of node `node` (KEYS[1] nodes, KEYS[2] subs, ARGV[1] prefix), filling `vacated` and `removed`. */
const REAP = `
local function reap(node, vacated, removed)
  local ns = ARGV[1] .. 'node:' .. node .. ':subs'
  local flat = redis.call('HGETALL', ns)
  for i = 1, #flat, 2 do
    local left = redis.call('HINCRBY', KEYS[2], flat[i], -tonumber(flat[i + 1]))
    if left <= 0 then
      redis.call('HDEL', KEYS[2], flat[i])
      table.insert(vacated, flat[i])
    end
  end
  redis.call('DEL', ns)
  local np = ARGV[1] .. 'node:' .. node .. ':presence'
  flat = redis.call('HGETALL', np)
  for i = 1, #flat, 2 do
    local sep = string.find(flat[i], '\\n', 1, true)
    local channel = string.sub(flat[i], 1, sep - 1)
    local user = string.sub(flat[i], sep + 1)
    local conns = ARGV[1] .. 'presence:' .. channel .. ':conns'
    local left = redis.call('HINCRBY', conns, user, -tonumber(flat[i + 1]))
    if left <= 0 then
      redis.call('HDEL', conns, user)
      redis.call('HDEL', ARGV[1] .. 'presence:' .. channel .. ':members', user)
      table.insert(removed, channel)
      table.insert(removed, user)
    end
  end
  redis.call('DEL', np)
  redis.call('ZREM', KEYS[1], node)
end
`

/** Heartbeat, then reap every other node silent for ARGV[3] ms. Returns {new, vacated, removed}. */
const HEARTBEAT = script(`${REAP}
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local fresh = redis.call('ZADD', KEYS[1], now, ARGV[2])
local vacated, removed = {}, {}
local dead = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[3]))
for _, node in ipairs(dead) do
  if node ~= ARGV[2] then reap(node, vacated, removed) end
end
return {fresh, vacated, removed}
`)

/** Removes this node's own share (ARGV[2]) and registers it again. Returns {vacated, removed}. */
const RESET_SELF = script(`${REAP}
local vacated, removed = {}, {}
reap(ARGV[2], vacated, removed)
local t = redis.call('TIME')
redis.call('ZADD', KEYS[1], tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000), ARGV[2])
return {vacated, removed}
`)

/** KEYS: subs, nodeSubs, members, conns, nodePresence. ARGV: channel, user, info, maxMembers, presence. */
const JOIN = script(`
local added = 0
local members = {}
if ARGV[5] == '1' then
  if redis.call('HEXISTS', KEYS[4], ARGV[2]) == 0 and redis.call('HLEN', KEYS[3]) >= tonumber(ARGV[4]) then
    return {0, 0, 1, {}}
  end
  if redis.call('HINCRBY', KEYS[4], ARGV[2], 1) == 1 then
    redis.call('HSET', KEYS[3], ARGV[2], ARGV[3])
    added = 1
  end
  redis.call('HINCRBY', KEYS[5], ARGV[1] .. '\\n' .. ARGV[2], 1)
  members = redis.call('HGETALL', KEYS[3])
end
local n = redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('HINCRBY', KEYS[2], ARGV[1], 1)
local occupied = 0
if n == 1 then occupied = 1 end
return {occupied, added, 0, members}
`)

/** KEYS as JOIN. ARGV: channel, user, presence. Takes back only what this node recorded. */
const LEAVE = script(`
local removed = 0
if ARGV[3] == '1' then
  local field = ARGV[1] .. '\\n' .. ARGV[2]
  local mine = redis.call('HINCRBY', KEYS[5], field, -1)
  if mine <= 0 then redis.call('HDEL', KEYS[5], field) end
  if mine >= 0 and redis.call('HINCRBY', KEYS[4], ARGV[2], -1) <= 0 then
    redis.call('HDEL', KEYS[4], ARGV[2])
    removed = redis.call('HDEL', KEYS[3], ARGV[2])
  end
end
local mine = redis.call('HINCRBY', KEYS[2], ARGV[1], -1)
if mine <= 0 then redis.call('HDEL', KEYS[2], ARGV[1]) end
if mine < 0 then return {0, removed} end
local vacated = 0
if redis.call('HINCRBY', KEYS[1], ARGV[1], -1) <= 0 then
  redis.call('HDEL', KEYS[1], ARGV[1])
  vacated = 1
end
return {vacated, removed}
`)

/**
 * Counts one HTTP API request in the current second of Redis's clock (one clock for every node).
 * KEYS[1]: key prefix. Returns {requests this second, microseconds left in it}.
 */
const TAKE_API_REQUEST = script(`
local t = redis.call('TIME')
local key = KEYS[1] .. t[1]
local n = redis.call('INCR', key)
if n == 1 then redis.call('EXPIRE', key, 2) end
return {n, 1000000 - tonumber(t[2])}
`)

export interface RedisAdapterOptions {
  url: string
  prefix: string
  /** A node silent this long is considered dead and its share removed. */
  nodeTimeoutMs: number
}

export class RedisAdapter implements RealtimeAdapter {
  readonly nodeId = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`
  private readonly command: Redis
  private readonly subscriber: Redis
  private readonly bus: string
  private hooks: AdapterHooks | undefined
  private heartbeat: NodeJS.Timeout | undefined
  private registered = false
  private closed = false

  constructor(private readonly options: RedisAdapterOptions) {
    const common = { lazyConnect: true, connectionName: 'asiguro-realtime' }
    this.command = new Redis(options.url, common)
    this.subscriber = new Redis(options.url, common)
    this.bus = `${options.prefix}bus`
    for (const client of [this.command, this.subscriber]) {
      client.on('error', (error: Error) => log.warn('realtime.redis_error', { node: this.nodeId, message: error.message }))
    }
  }

  private key(...parts: string[]): string {
    return this.options.prefix + parts.join(':')
  }

  private presenceKeys(channel: string): string[] {
    return [
      this.key('subs'),
      this.key('node', this.nodeId, 'subs'),
      this.key('presence', channel, 'members'),
      this.key('presence', channel, 'conns'),
      this.key('node', this.nodeId, 'presence'),
    ]
  }

  private async run(s: Script, keys: string[], args: (string | number)[]): Promise<unknown> {
    try {
      return await this.command.evalsha(s.sha, keys.length, ...keys, ...args)
    } catch (error) {
      if (!(error instanceof Error) || !error.message.includes('NOSCRIPT')) throw error
      return this.command.eval(s.text, keys.length, ...keys, ...args)
    }
  }

  async start(hooks: AdapterHooks): Promise<void> {
    this.hooks = hooks
    await Promise.all([this.command.connect(), this.subscriber.connect()])
    this.subscriber.on('message', (_channel: string, message: string) => this.onBus(message))
    await this.subscriber.subscribe(this.bus)
    await this.beat()
    const every = Math.max(100, Math.floor(this.options.nodeTimeoutMs / 3))
    this.heartbeat = setInterval(() => void this.beat().catch((error: unknown) => log.warn('realtime.heartbeat_failed', { node: this.nodeId, error })), every)
    this.heartbeat.unref()
  }

  private async beat(): Promise<void> {
    const [fresh, vacated, removed] = (await this.run(HEARTBEAT, [this.key('nodes'), this.key('subs')], [this.options.prefix, this.nodeId, this.options.nodeTimeoutMs])) as [number, string[], string[]]
    this.report(vacated, removed)
    if (fresh === 1 && this.registered && !this.closed) {
      // Another node took this one for dead and removed its share: start again from nothing.
      log.warn('realtime.node_forgotten', { node: this.nodeId })
      const [v, r] = (await this.run(RESET_SELF, [this.key('nodes'), this.key('subs')], [this.options.prefix, this.nodeId])) as [string[], string[]]
      this.report(v, r)
      this.hooks?.forgotten()
    }
    this.registered = true
  }

  private report(vacated: string[], removedFlat: string[]): void {
    if (vacated.length === 0 && removedFlat.length === 0) return
    const removed: { channel: string; userId: string }[] = []
    for (let i = 0; i + 1 < removedFlat.length; i += 2) removed.push({ channel: removedFlat[i]!, userId: removedFlat[i + 1]! })
    log.info('realtime.reaped', { node: this.nodeId, vacated: vacated.length, removed: removed.length })
    this.hooks?.reaped({ vacated, removed })
  }

  /** Bus messages: `e\n{node}\n{except}\n{channel}\n{frame}` and `t\n{node}\n{user id}`. */
  private onBus(message: string): void {
    const a = message.indexOf('\n', 2)
    if (a === -1 || message.slice(2, a) === this.nodeId) return
    if (message.startsWith('e\n')) {
      const b = message.indexOf('\n', a + 1)
      const c = message.indexOf('\n', b + 1)
      if (b === -1 || c === -1) return
      const except = message.slice(a + 1, b)
      this.hooks?.deliver(message.slice(b + 1, c), message.slice(c + 1), except === '' ? undefined : except)
    } else if (message.startsWith('t\n')) {
      this.hooks?.terminateUser(message.slice(a + 1))
    }
  }

  publish(channel: string, frame: string, exceptSocketId: string | undefined): void {
    this.command.publish(this.bus, `e\n${this.nodeId}\n${exceptSocketId ?? ''}\n${channel}\n${frame}`).catch((error: unknown) => log.warn('realtime.publish_failed', { node: this.nodeId, channel, error }))
  }

  async terminateUser(userId: string): Promise<void> {
    await this.command.publish(this.bus, `t\n${this.nodeId}\n${userId}`)
  }

  async join(channel: string, member: PresenceJoin | undefined, maxMembers: number): Promise<JoinResult> {
    const [occupied, added, full, flat] = (await this.run(JOIN, this.presenceKeys(channel), [channel, member?.userId ?? '', member?.info ?? '', maxMembers, member ? '1' : '0'])) as [number, number, number, string[]]
    if (full === 1) return { occupied: false, memberAdded: false, full: true, members: undefined }
    return { occupied: occupied === 1, memberAdded: added === 1, full: false, members: member ? pairs(flat) : undefined }
  }

  async leave(channel: string, userId: string | undefined): Promise<LeaveResult> {
    const [vacated, removed] = (await this.run(LEAVE, this.presenceKeys(channel), [channel, userId ?? '', userId === undefined ? '0' : '1'])) as [number, number]
    return { vacated: vacated === 1, memberRemoved: removed === 1 }
  }

  async members(channel: string): Promise<Map<string, string>> {
    return new Map(Object.entries(await this.command.hgetall(this.key('presence', channel, 'members'))))
  }

  async channels(): Promise<Map<string, number>> {
    const all = await this.command.hgetall(this.key('subs'))
    const out = new Map<string, number>()
    for (const [channel, count] of Object.entries(all)) if (Number(count) > 0) out.set(channel, Number(count))
    return out
  }

  async subscriptionCount(channel: string): Promise<number> {
    return Math.max(0, Number((await this.command.hget(this.key('subs'), channel)) ?? 0))
  }

  async userCount(channel: string): Promise<number> {
    return this.command.hlen(this.key('presence', channel, 'members'))
  }

  async cacheSet(channel: string, frame: string, ttlS: number): Promise<void> {
    await this.command.set(this.key('cache', channel), frame, 'EX', ttlS)
  }

  async cacheGet(channel: string): Promise<string | undefined> {
    return (await this.command.get(this.key('cache', channel))) ?? undefined
  }

  private fallbackWindow: RateWindow | undefined

  /**
   * The request allowance is the cluster's, not each node's: a publisher spreading its calls over
   * the nodes gets `perSecond` in all. Should Redis not answer, this node counts alone meanwhile.
   */
  async takeApiRequest(perSecond: number): Promise<RateTake> {
    try {
      const [count, leftUs] = (await this.run(TAKE_API_REQUEST, [this.key('api', '')], [])) as [number, number]
      return { allowed: count <= perSecond, retryAfterS: Math.max(1, Math.ceil(leftUs / 1_000_000)) }
    } catch (error) {
      log.warn('realtime.rate_count_failed', { node: this.nodeId, error })
      this.fallbackWindow ??= new RateWindow(perSecond)
      return { allowed: this.fallbackWindow.take(), retryAfterS: this.fallbackWindow.retryAfterS() }
    }
  }

  /** Leaves the cluster: the node's subscriptions must have been left already (its sockets closed). */
  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    if (this.heartbeat) clearInterval(this.heartbeat)
    try {
      // Anything still recorded for this node (a leave that failed) is taken back now, not at expiry.
      const [vacated, removed] = (await this.run(RESET_SELF, [this.key('nodes'), this.key('subs')], [this.options.prefix, this.nodeId])) as [string[], string[]]
      this.report(vacated, removed)
      await this.command.zrem(this.key('nodes'), this.nodeId)
    } catch (error) {
      log.warn('realtime.redis_leave_failed', { node: this.nodeId, error })
    }
    await Promise.allSettled([this.subscriber.quit(), this.command.quit()])
  }
}

function pairs(flat: string[]): Map<string, string> {
  const map = new Map<string, string>()
  for (let i = 0; i + 1 < flat.length; i += 2) map.set(flat[i]!, flat[i + 1]!)
  return map
}
