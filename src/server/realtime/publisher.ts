/**
 * Pushes events to signed-in users, through the official `pusher` SDK, so the same code talks
 * to whichever Pusher-compatible server the configuration names: the embedded one on this
 * app's own port (`PUSHER_HOST` empty), standalone realtime nodes, or hosted Pusher.
 *
 *   await publisher.publishUserEvent(user.id, 'account.signed-in', { device, ip, at }, { exceptSocketId })
 *
 * The payload is checked against the event catalogue first. Publishing never throws: a bad
 * payload or an unreachable server is logged as a warning and answers false, so a business
 * flow (a sign-in, a payment) never fails because a notification could not be sent.
 */
import PusherServer from 'pusher'
import type { AppConfig } from '../../../app.config'
import { privateUserChannel, type RealtimeEventName, type RealtimeEventPayloads } from '../../contract/realtime'
import { realtimeEventSchemas } from '../../contract/realtime-events'
import { log } from '../log'

export type PublisherConfig = Pick<AppConfig, 'PORT' | 'PUSHER_APP_ID' | 'PUSHER_APP_KEY' | 'PUSHER_APP_SECRET' | 'PUSHER_APP_CLUSTER' | 'PUSHER_HOST' | 'PUSHER_PORT' | 'PUSHER_SCHEME'>

export interface PublishOptions {
  /** A socket (the one that caused the event) that should not receive it. */
  exceptSocketId?: string
}

/** SDK options for the configured server: the embedded one on 127.0.0.1:PORT, or PUSHER_HOST. */
export function sdkOptions(config: PublisherConfig): ConstructorParameters<typeof PusherServer>[0] {
  const app = { appId: config.PUSHER_APP_ID, key: config.PUSHER_APP_KEY, secret: config.PUSHER_APP_SECRET, timeout: 5000 }
  if (!config.PUSHER_HOST) return { ...app, host: '127.0.0.1', port: String(config.PORT), useTLS: false }
  return {
    ...app,
    host: config.PUSHER_HOST,
    ...(config.PUSHER_PORT ? { port: String(config.PUSHER_PORT) } : {}),
    useTLS: config.PUSHER_SCHEME === 'https',
    cluster: config.PUSHER_APP_CLUSTER,
  }
}

export class RealtimePublisher {
  private readonly sdk: PusherServer

  constructor(config: PublisherConfig) {
    this.sdk = new PusherServer(sdkOptions(config))
  }

  /** Sends `event` to every device of a user (`private-user-{id}`). True when the server took it. */
  async publishUserEvent<E extends RealtimeEventName>(userId: string, event: E, payload: RealtimeEventPayloads[E], options: PublishOptions = {}): Promise<boolean> {
    const schema = realtimeEventSchemas[event]
    const parsed = schema?.safeParse(payload)
    if (!parsed?.success) {
      // Field paths only: payloads may hold addresses.
      log.warn('realtime.publish_invalid', { event, user: userId, fields: parsed?.error.issues.map((i) => i.path.join('.') || '(root)') ?? ['unknown event'] })
      return false
    }
    try {
      const params = options.exceptSocketId ? { socket_id: options.exceptSocketId } : undefined
      await this.sdk.trigger(privateUserChannel(userId), event, parsed.data, params)
      return true
    } catch (error) {
      const failure = error as { status?: number; message?: string }
      log.warn('realtime.publish_failed', { event, user: userId, status: failure.status, message: failure.message })
      return false
    }
  }
}
