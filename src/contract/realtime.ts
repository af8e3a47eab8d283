import type { ProductCode, TwoFactorProviderCode } from './constants'
import type { DirectBookingStatus } from './direct-booking-constants'

/**
 * Realtime contract without zod, for browser code and the server alike: channel names, the
 * provider API paths that authorize them, and the names and payload types of the events the
 * backend pushes. The zod schemas that check payloads before publishing are in
 * `realtime-events.ts` (server side); they are tied to the types below.
 */

/** Provider API paths (under `/api/v1`) that sign channel subscriptions and user sign-ins. */
export const PUSHER_AUTH_PATH = '/pusher/auth'
export const PUSHER_USER_AUTH_PATH = '/pusher/user-auth'

/** The characters a channel name may use (Pusher's own set) and its longest length. */
export const CHANNEL_NAME_PATTERN = /^[A-Za-z0-9_\-=@,.;]+$/
export const MAX_CHANNEL_NAME_LENGTH = 200

const PRIVATE_USER_PREFIX = 'private-user-'
const PRESENCE_USER_PREFIX = 'presence-user-'

/** The private channel of one user: every event the backend pushes to that user goes here. */
export function privateUserChannel(userId: string): string {
  return `${PRIVATE_USER_PREFIX}${userId}`
}

/**
 * The presence channel of one user's own devices: members are counted per user, so the
 * backend can ask whether the user is online (`user_count`), and tabs see each other.
 */
export function presenceUserChannel(userId: string): string {
  return `${PRESENCE_USER_PREFIX}${userId}`
}

/** The user id a per-user channel belongs to, or undefined for any other channel. */
export function userOfChannel(channel: string): { kind: 'private' | 'presence'; userId: string } | undefined {
  if (channel.startsWith(PRIVATE_USER_PREFIX) && channel.length > PRIVATE_USER_PREFIX.length) {
    return { kind: 'private', userId: channel.slice(PRIVATE_USER_PREFIX.length) }
  }
  if (channel.startsWith(PRESENCE_USER_PREFIX) && channel.length > PRESENCE_USER_PREFIX.length) {
    return { kind: 'presence', userId: channel.slice(PRESENCE_USER_PREFIX.length) }
  }
  return undefined
}

/** Every event the backend pushes to a user's private channel. Features add theirs here. */
export const realtimeEventNames = ['account.signed-in', 'account.two-factor-changed', 'order.updated', 'vehicle.note-reminder', 'policy.end-reminder', 'vehicle.end-reminder', 'direct-booking.updated'] as const
export type RealtimeEventName = (typeof realtimeEventNames)[number]


/** The payload of each event, as the browser receives it (`channel.bind(name, (payload) => …)`). */
export interface RealtimeEventPayloads {
  /** A new sign-in to the account from another device. */
  'account.signed-in': {
    /** A short summary of the user agent, e.g. `Firefox on Windows`. */
    device: string
    /** The address the sign-in came from, when known. */
    ip: string | null
    /** ISO 8601 time of the sign-in. */
    at: string
  }
  /** Two-factor authentication was turned on or off. */
  'account.two-factor-changed': {
    enabled: boolean
    provider_code?: TwoFactorProviderCode
    at: string
  }
  /** One of the user's orders changed status (paid, issued, payment failed…): read it again for the details. */
  'order.updated': {
    id: string
    status: 'awaiting_payment' | 'paid' | 'issued' | 'payment_failed' | 'expired' | 'issue_failed' | 'refunded'
    at: string
  }
  /** A vehicle note's reminder is due (decision 65). */
  'vehicle.note-reminder': {
    note_id: string
    vehicle_id: string
    registration_plate: string
    title: string
    /** ISO 8601 time the reminder was set for. */
    remind_at: string
  }
  /** A policy or vignette bought here has its last day of validity in 30, 7 or 1 days (decision 68). */
  'policy.end-reminder': {
    order_id: string
    policy_id: string
    product: ProductCode
    /** The insured vehicle, for products that have one. */
    registration_plate: string | null
    /** Series and number as the document shows them. */
    number: string
    /** The last day of validity, `YYYY-MM-DD`. */
    end_date: string
    days_before: 30 | 14 | 7 | 1
    /** Its prepared renewal, once there is one: the notification opens its one-click checkout (`/account/renewals/{id}`). */
    renewal_id: string | null
  }
  /** A vehicle's paper bought elsewhere (its RCA, end typed in) has its last day in 30, 14, 7 or 1 days (decision 160). */
  'vehicle.end-reminder': {
    vehicle_id: string
    product: ProductCode
    registration_plate: string
    /** The last day of validity, `YYYY-MM-DD`. */
    end_date: string
    days_before: 30 | 14 | 7 | 1
    /** Its prepared renewal, once there is one: the notification opens its one-click checkout. */
    renewal_id: string | null
  }
  /** The operator moved one of the user's road assistance requests to a new status (decision 70). */
  'direct-booking.updated': {
    /** `DB-` and six characters. */
    reference: string
    status: DirectBookingStatus
    registration_plate: string
    at: string
  }
}

export function isRealtimeEventName(name: string): name is RealtimeEventName {
  return (realtimeEventNames as readonly string[]).includes(name)
}

/** The public realtime settings that say where browsers open their WebSocket. */
export interface RealtimeEndpointSettings {
  PUSHER_APP_CLUSTER: string
  PUSHER_HOST?: string | undefined
  PUSHER_PORT?: number | '' | undefined
  PUSHER_WS_HOST?: string | undefined
  PUSHER_WS_PORT?: number | '' | undefined
  PUSHER_SCHEME: 'http' | 'https'
}

/** Hosted Pusher's REST API hosts, `api-{cluster}.pusher.com` and the older `api.pusherapp.com`. */
const HOSTED_PUSHER_REST_HOST = /^api(?:-([a-z0-9-]+))?\.pusher(?:app)?\.com$/

/**
 * Where browsers open the realtime WebSocket, or undefined for the embedded server on the page's
 * own origin. `PUSHER_WS_HOST` (with `PUSHER_WS_PORT`) when set; else hosted Pusher's WebSocket
 * host of the cluster when `PUSHER_HOST` is its REST host (a socket opened on the REST host
 * would fail: they are different services), the cluster the host names first; else
 * `PUSHER_HOST` with `PUSHER_PORT`. One rule for the browser's pusher-js options and the
 * server's Content-Security-Policy.
 */
export function realtimeSocketEndpoint(settings: RealtimeEndpointSettings): { host: string; port: number | undefined; tls: boolean } | undefined {
  const tls = settings.PUSHER_SCHEME === 'https'
  const port = (value: number | '' | undefined) => (value === '' ? undefined : value)
  if (settings.PUSHER_WS_HOST) return { host: settings.PUSHER_WS_HOST, port: port(settings.PUSHER_WS_PORT), tls }
  if (!settings.PUSHER_HOST) return undefined
  const hosted = HOSTED_PUSHER_REST_HOST.exec(settings.PUSHER_HOST.toLowerCase())
  if (hosted) return { host: `ws-${hosted[1] ?? settings.PUSHER_APP_CLUSTER}.pusher.com`, port: undefined, tls }
  return { host: settings.PUSHER_HOST, port: port(settings.PUSHER_PORT), tls }
}
