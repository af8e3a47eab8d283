/**
 * What one realtime node needs to know: the application (id, key, secret) and its limits.
 * Defaults follow hosted Pusher's documented limits; settings of `app.config.ts` override a few.
 */
import type { AppConfig } from '../../../app.config'
import { MAX_CHANNEL_NAME_LENGTH } from '../../contract/realtime'

export interface RealtimeOptions {
  appId: string
  key: string
  secret: string
  /** Seconds of silence after which a client should ping (sent in the handshake). */
  activityTimeoutS: number
  /** How long the server waits for any message after its own ping before closing with 4201. */
  pongTimeoutMs: number
  /** Whether the application is on: off, connections are refused with 4003 and the HTTP API with 403. */
  appEnabled: boolean
  /** Connections one node accepts; 0 for no limit. */
  maxConnections: number
  /** Connections one client address may hold open on this node (4004 beyond); 0 for no limit. */
  maxConnectionsPerAddress: number
  /** Connections one client address may open per second on this node (4100 beyond); 0 for no limit. */
  connectionsPerAddressPerSecond: number
  /** Proxies in front that append to `X-Forwarded-For` (decision 40): where the client's address is read. */
  trustProxyHops: number
  /** Whether clients may send `client-*` events (on private and presence channels only). */
  clientEvents: boolean
  clientEventsPerSecond: number
  maxChannelNameLength: number
  maxEventNameLength: number
  /** Bytes of an event's `data`, from the HTTP API or a client. */
  maxEventDataBytes: number
  /** Largest WebSocket frame a client may send (larger closes with 1009). */
  maxMessageBytes: number
  maxChannelsPerEvent: number
  maxBatchSize: number
  maxRequestBodyBytes: number
  /** Signed HTTP API requests accepted per second (429 beyond), by all nodes sharing Redis together; 0 for no limit. */
  apiRequestsPerSecond: number
  maxPresenceMembers: number
  maxUserInfoBytes: number
  maxUserIdLength: number
  /** Bytes queued for a slow client before it is disconnected (4100). */
  maxBufferedBytes: number
  /** Accepted clock difference of REST `auth_timestamp`, in seconds. */
  timestampToleranceS: number
  /** How long a cache channel keeps its last event. */
  cacheTtlS: number
  /** A path in front of the WebSocket's `/app/{key}` (pusher-js `wsPath`), e.g. `/realtime`. The HTTP API stays at `/apps/{id}`, where the SDKs call it. */
  wsPath: string
  webhook: { url: string; batchMs: number; maxBatch: number; retries: number } | undefined
}

export const defaultLimits = {
  activityTimeoutS: 30,
  pongTimeoutMs: 30_000,
  maxConnections: 0,
  maxConnectionsPerAddress: 0,
  connectionsPerAddressPerSecond: 0,
  trustProxyHops: 0,
  clientEvents: false,
  clientEventsPerSecond: 10,
  maxChannelNameLength: MAX_CHANNEL_NAME_LENGTH,
  maxEventNameLength: 200,
  maxEventDataBytes: 10 * 1024,
  maxMessageBytes: 64 * 1024,
  maxChannelsPerEvent: 100,
  maxBatchSize: 10,
  maxRequestBodyBytes: 256 * 1024,
  maxPresenceMembers: 100,
  maxUserInfoBytes: 1024,
  maxUserIdLength: 128,
  maxBufferedBytes: 4 * 1024 * 1024,
  timestampToleranceS: 600,
  cacheTtlS: 1800,
  wsPath: '',
} satisfies Partial<RealtimeOptions>

export type RealtimeSettings = Pick<
  AppConfig,
  | 'PUSHER_APP_ID'
  | 'PUSHER_APP_KEY'
  | 'PUSHER_APP_SECRET'
  | 'PUSHER_WEBHOOK_URL'
  | 'REALTIME_ACTIVITY_TIMEOUT'
  | 'REALTIME_MAX_CONNECTIONS'
  | 'REALTIME_MAX_CONNECTIONS_PER_ADDRESS'
  | 'REALTIME_CONNECTION_RATE_PER_ADDRESS'
  | 'TRUST_PROXY_HOPS'
  | 'REALTIME_CLIENT_EVENTS'
  | 'REALTIME_APP_ENABLED'
  | 'REALTIME_API_RATE_LIMIT'
>

export function realtimeOptions(config: RealtimeSettings, overrides: Partial<RealtimeOptions> = {}): RealtimeOptions {
  return {
    ...defaultLimits,
    appId: config.PUSHER_APP_ID,
    key: config.PUSHER_APP_KEY,
    secret: config.PUSHER_APP_SECRET,
    activityTimeoutS: config.REALTIME_ACTIVITY_TIMEOUT,
    maxConnections: config.REALTIME_MAX_CONNECTIONS,
    maxConnectionsPerAddress: config.REALTIME_MAX_CONNECTIONS_PER_ADDRESS,
    connectionsPerAddressPerSecond: config.REALTIME_CONNECTION_RATE_PER_ADDRESS,
    trustProxyHops: config.TRUST_PROXY_HOPS,
    clientEvents: config.REALTIME_CLIENT_EVENTS,
    appEnabled: config.REALTIME_APP_ENABLED,
    apiRequestsPerSecond: config.REALTIME_API_RATE_LIMIT,
    webhook: config.PUSHER_WEBHOOK_URL ? { url: config.PUSHER_WEBHOOK_URL, batchMs: 250, maxBatch: 50, retries: 5 } : undefined,
    ...overrides,
  }
}
