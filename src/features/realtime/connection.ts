import type Pusher from 'pusher-js'
import type { PublicConfig } from '../../../app.config'
import { isRealtimeEventName, privateUserChannel, realtimeEventNames, realtimeSocketEndpoint, type RealtimeEventName, type RealtimeEventPayloads } from '~/contract/realtime'
import { authorizeChannel } from './realtime.functions'
import { errorCode, isRefusal, retryDelayMs } from './reconnect'

/** pusher-js's connection states (spec §4); the product shows them, it does not invent its own. */
export type ConnectionState = 'initialized' | 'connecting' | 'connected' | 'unavailable' | 'failed' | 'disconnected'

export type RealtimeSettings = Pick<PublicConfig, 'PUSHER_APP_KEY' | 'PUSHER_APP_CLUSTER' | 'PUSHER_HOST' | 'PUSHER_PORT' | 'PUSHER_WS_HOST' | 'PUSHER_WS_PORT' | 'PUSHER_SCHEME'>

export type RealtimeEvent = { [E in RealtimeEventName]: { name: E; payload: RealtimeEventPayloads[E] } }[RealtimeEventName]

/** The pusher-js options for the configured server: the embedded one on this page's origin, or `PUSHER_WS_HOST`/`PUSHER_HOST`. */
export function pusherOptions(settings: RealtimeSettings, location: { hostname: string; port: string; protocol: string }) {
  const endpoint = realtimeSocketEndpoint(settings)
  const tls = endpoint ? endpoint.tls : location.protocol === 'https:'
  const host = endpoint?.host ?? location.hostname
  const port = endpoint ? endpoint.port : Number(location.port) || undefined
  return {
    cluster: settings.PUSHER_APP_CLUSTER,
    wsHost: host,
    ...(port ? { wsPort: port, wssPort: port } : {}),
    forceTLS: tls,
    enabledTransports: ['ws', 'wss'] as ('ws' | 'wss')[],
    disableStats: true,
    channelAuthorization: {
      customHandler: (params: { socketId: string; channelName: string }, callback: (error: Error | null, data: { auth: string; channel_data?: string } | null) => void) => {
        authorizeChannel({ data: { socket_id: params.socketId, channel_name: params.channelName } }).then(
          (data) => callback(null, data),
          (error: unknown) => callback(error instanceof Error ? error : new Error('channel authorization failed'), null),
        )
      },
    },
  }
}

/**
 * One connection per tab for a signed-in user, subscribed to their private channel. pusher-js
 * is loaded only then (it is not part of the first page). Returns a function that ends it.
 */
export function openUserConnection(
  settings: RealtimeSettings,
  userId: string,
  handlers: { onState: (state: ConnectionState) => void; onEvent: (event: RealtimeEvent) => void },
): () => void {
  let pusher: Pusher | undefined
  let closed = false
  let retry: number | undefined
  /** The code of the last error pusher-js reported, and how many refusals came in a row. */
  let lastCode: number | undefined
  let refusals = 0
  void import('pusher-js').then(({ default: PusherClient }) => {
    if (closed) return
    const client = new PusherClient(settings.PUSHER_APP_KEY, pusherOptions(settings, window.location))
    pusher = client
    // pusher-js reports the close code (or the server's pusher:error before it) just before it gives up.
    client.connection.bind('error', (error: unknown) => (lastCode = errorCode(error) ?? lastCode))
    client.connection.bind('state_change', ({ current }: { current: ConnectionState }) => {
      handlers.onState(current)
      if (current === 'connected') {
        refusals = 0
        lastCode = undefined
      }
      if ((current === 'failed' || current === 'disconnected') && !closed) {
        refusals = isRefusal(lastCode) ? refusals + 1 : 0
        const delay = retryDelayMs(lastCode, refusals)
        lastCode = undefined
        window.clearTimeout(retry)
        retry = window.setTimeout(() => client.connect(), delay)
      }
    })
    const channel = client.subscribe(privateUserChannel(userId))
    for (const name of realtimeEventNames) {
      channel.bind(name, (payload: unknown) => {
        if (isRealtimeEventName(name)) handlers.onEvent({ name, payload } as RealtimeEvent)
      })
    }
  })
  return () => {
    closed = true
    window.clearTimeout(retry)
    pusher?.disconnect()
  }
}
