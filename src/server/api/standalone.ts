/**
 * `npm run start:api`: the provider API alone, as its own process (port `PORT`, default 3000;
 * point a web app at it with `PROVIDER_API_URL=http://host:port/api/v1`).
 */
import { serve } from 'srvx/node'
import { getConfig } from '../config'
import { log } from '../log'
import { installServerResponses } from '../http/fast-response'
import type { Server as HttpServer } from 'node:http'
import { drainHttpServer, onShutdownSignal } from '../http/shutdown'
import { keepIdleConnectionsOpen } from '../http/keep-alive'
import { closeProcessApi, getProcessApi } from './index'
import { restartWithMemorySettings } from '../http/memory-settings'

restartWithMemorySettings() // first: may start this process again, with settings read only at start (decision 81)

installServerResponses() // answers written straight to the socket, as `npm run serve` does
const config = getConfig()
const api = await getProcessApi()
const server = serve({ fetch: api.fetch, port: config.PORT, hostname: config.HOST, silent: true })
keepIdleConnectionsOpen(server.node?.server as HttpServer)
await server.ready()
log.info('api.listening', { url: `http://${config.HOST}:${config.PORT}/api/v1` })

// Graceful shutdown within SHUTDOWN_GRACE_SECONDS: requests in flight are answered, running jobs finish, the database closes.
onShutdownSignal(config.SHUTDOWN_GRACE_SECONDS, (deadline) => [
  { name: 'http', run: () => drainHttpServer(server.node?.server as HttpServer, deadline) },
  { name: 'api', run: () => closeProcessApi() },
])
