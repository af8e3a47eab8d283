/**
 * Pusher Channels protocol v7: message shapes, close and error codes, channel kinds and
 * names. Pure functions, no I/O.
 */
import { CHANNEL_NAME_PATTERN } from '../../contract/realtime'

/** Protocol versions this server speaks (pusher-js 8 sends 7). */
export const SUPPORTED_PROTOCOLS = new Set([5, 6, 7])

/**
 * Close and error codes, chosen for how pusher-js reacts to each range:
 * 4000–4099 it does not reconnect; 4100–4199 it reconnects after a back-off of a second;
 * 4200–4299 it reconnects at once; 4300+ as a close code it does not reconnect.
 */
export const Code = {
  /** Unknown application key: no point retrying. */
  appNotFound: 4001,
  /** The application is disabled (`REALTIME_APP_ENABLED=false`): clients stop until it is back. */
  appDisabled: 4003,
  /** Over the connection quota of this node: retrying every second would only add load. */
  overQuota: 4004,
  /** The request path is not `/app/{key}`. */
  pathNotFound: 4005,
  /** `protocol` is not a version this server speaks. */
  unsupportedProtocol: 4007,
  /** No `protocol` query parameter. */
  noProtocol: 4008,
  /** Unauthorized: user sign-in failed, or the user's connections were terminated. */
  unauthorized: 4009,
  /** The client reads too slowly: reconnect after a back-off. */
  overCapacity: 4100,
  /** The server is going away (shutdown, deploy): reconnect at once, elsewhere. */
  goingAway: 4200,
  /** No pong in time. */
  pongTimeout: 4201,
  /** A client event was refused (disabled, wrong channel, not subscribed, rate or size). */
  clientEventRejected: 4301,
} as const

export type ChannelKind = 'public' | 'private' | 'encrypted' | 'presence' | 'user'

export const SERVER_TO_USER_PREFIX = '#server-to-user-'

export function channelKind(channel: string): ChannelKind {
  if (channel.startsWith('private-encrypted-')) return 'encrypted'
  if (channel.startsWith('private-')) return 'private'
  if (channel.startsWith('presence-')) return 'presence'
  if (channel.startsWith(SERVER_TO_USER_PREFIX)) return 'user'
  return 'public'
}

/** Channels that need a signature to join (user channels are checked against the sign-in instead). */
export function needsAuth(kind: ChannelKind): boolean {
  return kind === 'private' || kind === 'encrypted' || kind === 'presence'
}

/** Cache channels replay their last event to new subscribers. */
export function isCacheChannel(channel: string): boolean {
  return /^(private-encrypted-|private-|presence-)?cache-/.test(channel)
}

/**
 * Whether a name is one an app may use: Pusher's characters and length, or a server-to-user
 * channel (`#server-to-user-{id}`, whose id may be any non-empty string without line breaks).
 */
export function isValidChannelName(channel: unknown, maxLength: number): channel is string {
  if (typeof channel !== 'string' || channel === '' || channel.length > maxLength) return false
  if (channel.startsWith(SERVER_TO_USER_PREFIX)) return channel.length > SERVER_TO_USER_PREFIX.length && !/[\r\n]/.test(channel)
  return CHANNEL_NAME_PATTERN.test(channel)
}

/** A message from a client, after parsing; `data` may be an object or a JSON string. */
export interface ClientMessage {
  event: string
  channel?: string
  data?: unknown
}

/** Parses a text frame; undefined for anything that is not `{event: string, …}`. */
export function parseClientMessage(text: string): ClientMessage | undefined {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return undefined
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  const message = value as Record<string, unknown>
  if (typeof message.event !== 'string' || message.event === '') return undefined
  if (message.channel !== undefined && typeof message.channel !== 'string') return undefined
  return { event: message.event, channel: message.channel as string | undefined, data: message.data }
}

/** The `data` of a client message as an object: pusher-js sends objects, other clients JSON strings. */
export function dataObject(data: unknown): Record<string, unknown> | undefined {
  let value = data
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value)
    } catch {
      return undefined
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
}

/** The `data` of an event as servers send it: a string, JSON-encoded unless it already is a string. */
export function encodeData(data: unknown): string {
  return typeof data === 'string' ? data : (JSON.stringify(data ?? null) ?? 'null')
}

/** A server → client frame. `data` is sent as given: a string (double-encoded JSON) or an object (errors). */
export function frame(event: string, data?: unknown, channel?: string, userId?: string): string {
  const message: Record<string, unknown> = { event }
  if (channel !== undefined) message.channel = channel
  if (data !== undefined) message.data = data
  if (userId !== undefined) message.user_id = userId
  return JSON.stringify(message)
}

/** `pusher:error`: data is an object, as Pusher sends it. */
export function errorFrame(code: number | null, message: string): string {
  return frame('pusher:error', { code, message })
}

/** `pusher:subscription_error`, on the channel so `channel.bind('pusher:subscription_error', …)` sees it. */
export function subscriptionErrorFrame(channel: string, type: 'AuthError' | 'LimitReached' | 'InvalidChannel' | 'ServerError', error: string, status: number): string {
  return frame('pusher:subscription_error', { type, error, status }, channel)
}

const SOCKET_ID = /^\d+\.\d+$/
export function isSocketId(value: unknown): value is string {
  return typeof value === 'string' && SOCKET_ID.test(value)
}
