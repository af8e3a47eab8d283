/**
 * `npm run start:realtime`: the realtime server as its own process, on `REALTIME_PORT`
 * (WebSocket `/app/{key}`, HTTP API `/apps/{id}/…`, `GET /ready` for load balancers). Run
 * several behind a load balancer with the same `REDIS_URL`; point the app at them with
 * `PUSHER_HOST`/`PUSHER_PORT` (and `PUSHER_WS_HOST`/`PUSHER_WS_PORT` for browsers).
 */
import type { Server as HttpServer } from 'node:http'
import { serve } from 'srvx/node'
import { keepIdleConnectionsOpen } from '../http/keep-alive'
import { getConfig } from '../config'
import { log } from '../log'
import { drainHttpServer, onShutdownSignal } from '../http/shutdown'
import { startRealtime } from './index'
import { restartWithMemorySettings } from '../http/memory-settings'

restartWithMemorySettings() // first: may start this process again, with settings read only at start (decision 81)

const config = getConfig()
const realtime = await startRealtime(config)

const server = serve({
  port: config.REALTIME_PORT,
  hostname: config.HOST,
  silent: true,
  gracefulShutdown: false, // the realtime server says goodbye to its sockets first (below)
  fetch: (request) => {
    const { pathname } = new URL(request.url)
    if (realtime.server.isApiPath(pathname)) return realtime.api(request)
    if (pathname === '/ready' || pathname === '/') return new Response('ok\n', { headers: { 'content-type': 'text/plain' } })
    return new Response('Not found\n', { status: 404, headers: { 'content-type': 'text/plain' } })
  },
})
realtime.server.attach(server.node?.server as HttpServer, { exclusive: true })
keepIdleConnectionsOpen(server.node?.server as HttpServer)
await server.ready()
log.info('realtime.listening', { url: `http://${config.HOST}:${config.REALTIME_PORT}`, node: realtime.server.nodeId, redis: Boolean(config.REDIS_URL) })

// A parent that started this process with an IPC channel (the benchmark, a supervisor) may ask
// for its figures (memory, CPU time); nothing listens without one.
if (process.send) {
  process.on('message', (message: { type?: string } | null) => {
    if (message?.type === 'cpu') process.send?.({ type: 'cpu', ...process.cpuUsage() })
    if (message?.type !== 'stats') return
    ;(globalThis as { gc?: () => void }).gc?.() // with --expose-gc: live heap, not garbage
    process.send?.({ type: 'stats', connections: realtime.server.connectionCount, ...process.memoryUsage() })
  })
  process.send({ type: 'ready', port: config.REALTIME_PORT })
}

// Sockets are told to reconnect elsewhere first (4200), then the HTTP API answers what is in flight.
onShutdownSignal(config.SHUTDOWN_GRACE_SECONDS, (deadline) => [
  { name: 'realtime', run: () => realtime.close() },
  { name: 'http', run: () => drainHttpServer(server.node?.server as HttpServer, deadline) },
])
