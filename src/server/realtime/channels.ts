/**
 * Channels on this node: who is subscribed here, joining (signature checks, presence data,
 * limits) and leaving, presence member events, cache channels, and delivery of frames to the
 * local subscribers. What the cluster must agree on (occupancy, members) goes through the adapter.
 */
import { log } from '../log'
import type { RealtimeAdapter } from './adapter'
import type { Connection, Membership } from './connection'
import type { RealtimeOptions } from './options'
import { SERVER_TO_USER_PREFIX, channelKind, dataObject, errorFrame, frame, isCacheChannel, isValidChannelName, needsAuth, subscriptionErrorFrame } from './protocol'
import { channelAuth, safeEqual } from './signing'
import type { WebhookEvent } from './webhooks'
import { textFrame } from './websocket-frame'

export class Channels {
  private readonly local = new Map<string, Set<Connection>>()

  constructor(
    private readonly options: RealtimeOptions,
    private readonly adapter: RealtimeAdapter,
    private readonly webhook: (event: WebhookEvent) => void,
  ) {}

  /** Channels with at least one subscriber on this node. */
  get localChannelCount(): number {
    return this.local.size
  }

  /** Sends a message to this node's subscribers of `channel`, except one socket. */
  deliver(channel: string, text: string, exceptSocketId: string | undefined): void {
    const subscribers = this.local.get(channel)
    if (!subscribers) return
    // Framed once, written as the same bytes to every socket: the loop allocates nothing of its own.
    const frame = textFrame(text)
    for (const connection of subscribers) if (connection.socketId !== exceptSocketId) connection.sendFrame(frame)
  }

  /** Sends a frame to the subscribers of `channel` on every node. */
  broadcast(channel: string, text: string, exceptSocketId: string | undefined): void {
    this.deliver(channel, text, exceptSocketId)
    this.adapter.publish(channel, text, exceptSocketId)
  }

  async subscribe(connection: Connection, rawData: unknown): Promise<void> {
    const data = dataObject(rawData)
    const channel = data?.channel
    if (!isValidChannelName(channel, this.options.maxChannelNameLength)) {
      if (typeof channel === 'string' && channel !== '') {
        const tooLong = channel.length > this.options.maxChannelNameLength
        connection.send(
          tooLong
            ? subscriptionErrorFrame(channel, 'LimitReached', `Channel name longer than ${this.options.maxChannelNameLength} characters`, 4009)
            : subscriptionErrorFrame(channel, 'InvalidChannel', 'Invalid channel name: only A-Z a-z 0-9 _ - = @ , . ; are allowed', 400),
        )
      } else connection.send(errorFrame(null, 'pusher:subscribe needs data.channel, a channel name'))
      return
    }
    if (connection.channels.has(channel)) {
      connection.send(errorFrame(null, `Existing subscription to channel ${channel}`))
      return
    }
    const joining = this.authorize(connection, channel, data as Record<string, unknown>)
    if (joining === false) return

    // Recorded here first, so no event published while the cluster is asked is missed.
    connection.channels.set(channel, joining)
    let subscribers = this.local.get(channel)
    if (!subscribers) this.local.set(channel, (subscribers = new Set()))
    subscribers.add(connection)

    const member = joining ? { userId: joining.userId, info: joining.info } : undefined
    let result
    try {
      result = await this.adapter.join(channel, member, this.options.maxPresenceMembers)
    } catch (error) {
      log.warn('realtime.join_failed', { channel, error })
      this.forget(connection, channel)
      connection.send(subscriptionErrorFrame(channel, 'ServerError', 'The subscription could not be recorded, try again', 503))
      return
    }
    if (result.full) {
      this.forget(connection, channel)
      connection.send(subscriptionErrorFrame(channel, 'LimitReached', `Presence channel is full (${this.options.maxPresenceMembers} members)`, 4100))
      return
    }

    const succeeded = result.members ? presenceData(result.members) : '{}'
    connection.send(frame('pusher_internal:subscription_succeeded', succeeded, channel))
    if (result.occupied) this.webhook({ name: 'channel_occupied', channel })
    if (result.memberAdded && joining) this.memberAdded(channel, joining, connection.socketId)
    if (isCacheChannel(channel)) await this.replayCache(connection, channel)
  }

  /**
   * Checks the signature or sign-in a channel needs. Answers the presence membership, undefined
   * for other channels, or false (after sending the subscription error) when refused.
   */
  private authorize(connection: Connection, channel: string, data: Record<string, unknown>): Membership | undefined | false {
    const kind = channelKind(channel)
    const refuse = (type: 'AuthError' | 'LimitReached', error: string, status: number) => {
      connection.send(subscriptionErrorFrame(channel, type, error, status))
      return false as const
    }
    if (kind === 'user') {
      return connection.user && channel === `${SERVER_TO_USER_PREFIX}${connection.user.id}` ? undefined : refuse('AuthError', 'Sign in as this user first (pusher:signin)', 403)
    }
    if (!needsAuth(kind)) return undefined

    const auth = typeof data.auth === 'string' ? data.auth : ''
    const channelData = typeof data.channel_data === 'string' ? data.channel_data : undefined
    const signedOver = kind === 'presence' ? channelData : undefined
    const expected = channelAuth(this.options.key, this.options.secret, connection.socketId, channel, signedOver)
    if (!safeEqual(auth, expected)) {
      return refuse('AuthError', `Invalid signature: expected HMAC SHA256 hex digest of ${connection.socketId}:${channel}${signedOver === undefined ? '' : ':<channel_data>'}`, 401)
    }
    if (kind !== 'presence') return undefined

    let rawUserId: unknown
    let userInfo: unknown
    if (channelData !== undefined) {
      const parsed = dataObject(channelData)
      if (!parsed) return refuse('AuthError', 'channel_data must be a JSON object with user_id', 400)
      rawUserId = parsed.user_id
      userInfo = parsed.user_info
    } else if (connection.user) {
      rawUserId = connection.user.id
      userInfo = connection.user.info
    } else return refuse('AuthError', 'Presence channels need channel_data, or a signed-in user', 400)

    const userId = typeof rawUserId === 'string' || (typeof rawUserId === 'number' && Number.isFinite(rawUserId)) ? String(rawUserId) : ''
    if (userId === '' || /[\r\n]/.test(userId)) return refuse('AuthError', 'channel_data.user_id must be a non-empty string or a number', 400)
    if (userId.length > this.options.maxUserIdLength) return refuse('LimitReached', `user_id longer than ${this.options.maxUserIdLength} characters`, 4009)
    const info = JSON.stringify(userInfo ?? null)
    if (Buffer.byteLength(info) > this.options.maxUserInfoBytes) return refuse('LimitReached', `user_info larger than ${this.options.maxUserInfoBytes} bytes`, 4009)
    return { userId, rawUserId, info }
  }

  private async replayCache(connection: Connection, channel: string): Promise<void> {
    let cached: string | undefined
    try {
      cached = await this.adapter.cacheGet(channel)
    } catch (error) {
      log.warn('realtime.cache_read_failed', { channel, error })
    }
    if (cached !== undefined) connection.send(cached)
    else {
      connection.send(frame('pusher:cache_miss', undefined, channel))
      this.webhook({ name: 'cache_miss', channel })
    }
  }

  /** Undoes the local record of a subscription the cluster did not take. */
  private forget(connection: Connection, channel: string): void {
    connection.channels.delete(channel)
    const subscribers = this.local.get(channel)
    subscribers?.delete(connection)
    if (subscribers?.size === 0) this.local.delete(channel)
  }

  async unsubscribe(connection: Connection, rawData: unknown): Promise<void> {
    const channel = dataObject(rawData)?.channel
    if (typeof channel !== 'string' || !connection.channels.has(channel)) return // unsubscribing twice is no error
    const membership = connection.channels.get(channel)
    this.forget(connection, channel)
    await this.leave(channel, membership)
  }

  /** Leaves every channel of a closed connection. */
  async leaveAll(connection: Connection): Promise<void> {
    const joined = [...connection.channels]
    for (const [channel] of joined) this.forget(connection, channel)
    await Promise.all(joined.map(([channel, membership]) => this.leave(channel, membership)))
  }

  private async leave(channel: string, membership: Membership | undefined): Promise<void> {
    try {
      const result = await this.adapter.leave(channel, membership?.userId)
      if (result.memberRemoved && membership) this.memberRemoved(channel, membership.userId, membership.rawUserId)
      if (result.vacated) this.webhook({ name: 'channel_vacated', channel })
    } catch (error) {
      log.warn('realtime.leave_failed', { channel, error })
    }
  }

  private memberAdded(channel: string, membership: Membership, socketId: string): void {
    const added = `{"user_id":${JSON.stringify(membership.rawUserId)},"user_info":${membership.info}}`
    this.broadcast(channel, frame('pusher_internal:member_added', added, channel), socketId)
    this.webhook({ name: 'member_added', channel, user_id: membership.userId })
  }

  /** A member left the cluster (last connection closed here, or its node died). */
  memberRemoved(channel: string, userId: string, rawUserId: unknown = userId): void {
    this.broadcast(channel, frame('pusher_internal:member_removed', JSON.stringify({ user_id: rawUserId }), channel), undefined)
    this.webhook({ name: 'member_removed', channel, user_id: userId })
  }

  /** Records every local subscription again (the cluster forgot this node). */
  async rejoinAll(): Promise<void> {
    for (const [channel, subscribers] of this.local) {
      for (const connection of subscribers) {
        const membership = connection.channels.get(channel)
        const result = await this.adapter.join(channel, membership ? { userId: membership.userId, info: membership.info } : undefined, Number.MAX_SAFE_INTEGER)
        if (result.occupied) this.webhook({ name: 'channel_occupied', channel })
        if (result.memberAdded && membership) this.memberAdded(channel, membership, connection.socketId)
      }
    }
  }
}

/** `{presence: {ids, hash, count}}` as JSON text; user_info values are already JSON. */
function presenceData(members: Map<string, string>): string {
  const ids: string[] = []
  const hash: string[] = []
  for (const [id, info] of members) {
    const key = JSON.stringify(id)
    ids.push(key)
    hash.push(`${key}:${info}`)
  }
  return `{"presence":{"ids":[${ids.join(',')}],"hash":{${hash.join(',')}},"count":${members.size}}}`
}
