/**
 * A server that shuts down the way the real entry points do (src/server/http/shutdown.ts), for
 * tests/integration/operations.test.ts: `GET /slow` answers after `SLOW_MS`; a "job" runs for
 * as long after SIGTERM and must finish before the process exits. It prints `ready <port>`.
 */
import type { Server as HttpServer } from 'node:http'
import { serve } from 'srvx/node'
import { drainHttpServer, onShutdownSignal } from '../../src/server/http/shutdown'

const slowMs = Number(process.env.SLOW_MS ?? 1000)
const server = serve({
  port: 0,
  hostname: '127.0.0.1',
  silent: true,
  gracefulShutdown: false,
  fetch: async (request) => {
    if (new URL(request.url).pathname === '/slow') await new Promise((resolve) => setTimeout(resolve, slowMs))
    return new Response('finished')
  },
})
await server.ready()

let jobRunning: Promise<void> | undefined
onShutdownSignal(Number(process.env.SHUTDOWN_GRACE_SECONDS ?? 10), (deadline) => [
  { name: 'http', run: () => drainHttpServer(server.node?.server as HttpServer, deadline) },
  {
    name: 'jobs',
    run: async () => {
      jobRunning ??= new Promise((resolve) => setTimeout(resolve, 200))
      await jobRunning
      process.stdout.write('jobs stopped\n')
    },
  },
])
process.stdout.write(`ready ${new URL(server.url!).port}\n`)
