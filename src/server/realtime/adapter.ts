/**
 * What realtime nodes share: one interface, two implementations. `LocalAdapter` keeps
 * everything in this process (one node); `RedisAdapter` (redis-adapter.ts) shares channel
 * occupancy, presence members, cache channels and the fan-out of events between nodes.
 *
 * The node delivers to its own sockets itself; the adapter carries what other nodes must do.
 */
import { RateWindow } from './rate-window'

/** Calls from the adapter into this node, for work that originated on another node. */
export interface AdapterHooks {
  /** Deliver a ready-made frame to this node's subscribers of `channel`, except one socket. */
  deliver(channel: string, frame: string, exceptSocketId: string | undefined): void
  /** Close this node's signed-in connections of a user (4009). */
  terminateUser(userId: string): void
  /** Channels and presence members left behind by a node that stopped without cleaning up. */
  reaped(lost: { vacated: string[]; removed: { channel: string; userId: string }[] }): void
  /** The shared state forgot this node (it was thought dead): it must register its subscriptions again. */
  forgotten(): void
}

export interface PresenceJoin {
  userId: string
  /** JSON text of `user_info` (`null` when none was given). */
  info: string
}

export interface JoinResult {
  /** This was the first subscription to the channel in the cluster. */
  occupied: boolean
  /** This was the user's first connection to the presence channel in the cluster. */
  memberAdded: boolean
  /** The presence channel already has its maximum number of members; nothing was recorded. */
  full: boolean
  /** Presence only: every member (user id → user_info JSON), this one included. */
  members: Map<string, string> | undefined
}

export interface LeaveResult {
  /** This was the last subscription to the channel in the cluster. */
  vacated: boolean
  /** This was the user's last connection to the presence channel in the cluster. */
  memberRemoved: boolean
}

/** One counted action against a per-second allowance. */
export interface RateTake {
  allowed: boolean
  /** Whole seconds until the allowance starts again (a `Retry-After`), at least 1. */
  retryAfterS: number
}

export interface RealtimeAdapter {
  /** Names the node in logs and in the shared state. */
  readonly nodeId: string
  start(hooks: AdapterHooks): Promise<void>
  /** Sends a frame to the subscribers of `channel` on the other nodes. */
  publish(channel: string, frame: string, exceptSocketId: string | undefined): void
  /** Asks the other nodes to close the signed-in connections of a user. */
  terminateUser(userId: string): Promise<void>
  join(channel: string, member: PresenceJoin | undefined, maxMembers: number): Promise<JoinResult>
  leave(channel: string, userId: string | undefined): Promise<LeaveResult>
  /** Presence members of a channel: user id → user_info JSON. */
  members(channel: string): Promise<Map<string, string>>
  /** Occupied channels and their subscription counts, cluster-wide. */
  channels(): Promise<Map<string, number>>
  subscriptionCount(channel: string): Promise<number>
  userCount(channel: string): Promise<number>
  cacheSet(channel: string, frame: string, ttlS: number): Promise<void>
  cacheGet(channel: string): Promise<string | undefined>
  /** Counts one signed HTTP API request against `perSecond`, for every node sharing this state. */
  takeApiRequest(perSecond: number): Promise<RateTake>
  close(): Promise<void>
}

/** One node: the shared state is this process's memory. */
export class LocalAdapter implements RealtimeAdapter {
  readonly nodeId = 'local'
  private readonly subscriptions = new Map<string, number>()
  /** Presence: channel → user id → connections. */
  private readonly connections = new Map<string, Map<string, number>>()
  /** Presence: channel → user id → user_info JSON. */
  private readonly presence = new Map<string, Map<string, string>>()
  private readonly cache = new Map<string, { frame: string; until: number }>()

  async start(): Promise<void> {}

  publish(): void {}

  async terminateUser(): Promise<void> {}

  async join(channel: string, member: PresenceJoin | undefined, maxMembers: number): Promise<JoinResult> {
    let members: Map<string, string> | undefined
    let memberAdded = false
    if (member) {
      members = this.presence.get(channel) ?? new Map<string, string>()
      const counts = this.connections.get(channel) ?? new Map<string, number>()
      const count = counts.get(member.userId) ?? 0
      if (count === 0 && members.size >= maxMembers) return { occupied: false, memberAdded: false, full: true, members: undefined }
      counts.set(member.userId, count + 1)
      this.connections.set(channel, counts)
      if (count === 0) {
        members.set(member.userId, member.info)
        memberAdded = true
      }
      this.presence.set(channel, members)
      members = new Map(members)
    }
    const subscriptions = (this.subscriptions.get(channel) ?? 0) + 1
    this.subscriptions.set(channel, subscriptions)
    return { occupied: subscriptions === 1, memberAdded, full: false, members }
  }

  async leave(channel: string, userId: string | undefined): Promise<LeaveResult> {
    let memberRemoved = false
    if (userId !== undefined) {
      const counts = this.connections.get(channel)
      const count = counts?.get(userId) ?? 0
      if (counts && count <= 1) {
        counts.delete(userId)
        if (counts.size === 0) this.connections.delete(channel)
        const members = this.presence.get(channel)
        memberRemoved = members?.delete(userId) ?? false
        if (members?.size === 0) this.presence.delete(channel)
      } else counts?.set(userId, count - 1)
    }
    const subscriptions = (this.subscriptions.get(channel) ?? 0) - 1
    if (subscriptions <= 0) this.subscriptions.delete(channel)
    else this.subscriptions.set(channel, subscriptions)
    return { vacated: subscriptions <= 0, memberRemoved }
  }

  async members(channel: string): Promise<Map<string, string>> {
    return new Map(this.presence.get(channel))
  }

  async channels(): Promise<Map<string, number>> {
    return new Map(this.subscriptions)
  }

  async subscriptionCount(channel: string): Promise<number> {
    return this.subscriptions.get(channel) ?? 0
  }

  async userCount(channel: string): Promise<number> {
    return this.presence.get(channel)?.size ?? 0
  }

  async cacheSet(channel: string, frame: string, ttlS: number): Promise<void> {
    const now = Date.now()
    if (this.cache.size >= 1000 && !this.cache.has(channel)) {
      for (const [name, entry] of this.cache) if (entry.until <= now) this.cache.delete(name)
    }
    this.cache.set(channel, { frame, until: now + ttlS * 1000 })
  }

  async cacheGet(channel: string): Promise<string | undefined> {
    const entry = this.cache.get(channel)
    if (!entry) return undefined
    if (entry.until <= Date.now()) {
      this.cache.delete(channel)
      return undefined
    }
    return entry.frame
  }

  private apiRequests: RateWindow | undefined

  async takeApiRequest(perSecond: number): Promise<RateTake> {
    this.apiRequests ??= new RateWindow(perSecond)
    return { allowed: this.apiRequests.take(), retryAfterS: this.apiRequests.retryAfterS() }
  }

  /** For tests: whether every map is empty (no leak after everyone left). */
  isEmpty(): boolean {
    return this.subscriptions.size === 0 && this.connections.size === 0 && this.presence.size === 0
  }

  async close(): Promise<void> {}
}
