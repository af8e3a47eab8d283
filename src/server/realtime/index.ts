/**
 * The embedded Pusher-compatible server, put together: a node (server.ts) with the adapter
 * the configuration asks for (Redis with `REDIS_URL`, in-process otherwise) and its HTTP API.
 */
import type { AppConfig } from '../../../app.config'
import { log } from '../log'
import { LocalAdapter, type RealtimeAdapter } from './adapter'
import { createHttpApi } from './http-api'
import { realtimeOptions, type RealtimeOptions, type RealtimeSettings } from './options'
import { RedisAdapter } from './redis-adapter'
import { RealtimeServer } from './server'

export type RealtimeConfig = RealtimeSettings & Pick<AppConfig, 'REDIS_URL' | 'REALTIME_REDIS_PREFIX' | 'REALTIME_NODE_TIMEOUT'>

export interface Realtime {
  server: RealtimeServer
  /** The HTTP API (`/apps/{id}/…`) as a fetch handler; route requests to it when `server.isApiPath(pathname)`. */
  api: (request: Request) => Promise<Response>
  close(): Promise<void>
}

export function createAdapter(config: Pick<RealtimeConfig, 'REDIS_URL' | 'REALTIME_REDIS_PREFIX' | 'REALTIME_NODE_TIMEOUT'>): RealtimeAdapter {
  return config.REDIS_URL
    ? new RedisAdapter({ url: config.REDIS_URL, prefix: config.REALTIME_REDIS_PREFIX, nodeTimeoutMs: config.REALTIME_NODE_TIMEOUT * 1000 })
    : new LocalAdapter()
}

/** Starts a node (connects to Redis when configured). `overrides` change limits, for tests and benchmarks. */
export async function startRealtime(config: RealtimeConfig, overrides: Partial<RealtimeOptions> = {}, adapter: RealtimeAdapter = createAdapter(config)): Promise<Realtime> {
  const server = await new RealtimeServer(realtimeOptions(config, overrides), adapter).start()
  log.info('realtime.started', { node: server.nodeId, adapter: config.REDIS_URL ? 'redis' : 'local', webhooks: Boolean(config.PUSHER_WEBHOOK_URL) })
  return { server, api: createHttpApi(server), close: () => server.close() }
}
