/**
 * A server that shuts down the way the real entry points do (src/server/http/shutdown.ts), for
 * tests/integration/operations.test.ts. It prints what it reaches, so the test waits for states,
 * not for durations: `ready <port>` once listening, `slow request started` when `GET /slow`
 * arrives, `not accepting` once SIGTERM has closed the listener. `GET /slow` answers when the
 * line `finish` arrives on stdin; a "job" runs for a moment after SIGTERM and must finish
 * before the process exits.
 */
import type { Server as HttpServer } from 'node:http'
import { createInterface } from 'node:readline'
import { serve } from 'srvx/node'
import { drainHttpServer, onShutdownSignal } from '../../src/server/http/shutdown'

const finished = new Promise<void>((resolve) => {
  createInterface({ input: process.stdin }).on('line', (line) => line === 'finish' && resolve())
})
const server = serve({
  port: 0,
  hostname: '127.0.0.1',
  silent: true,
  gracefulShutdown: false,
  fetch: async (request) => {
    if (new URL(request.url).pathname === '/slow') {
      process.stdout.write('slow request started\n')
      await finished
    }
    return new Response('finished')
  },
})
await server.ready()

let jobRunning: Promise<void> | undefined
onShutdownSignal(Number(process.env.SHUTDOWN_GRACE_SECONDS ?? 10), (deadline) => [
  {
    name: 'http',
    run: () => {
      const drained = drainHttpServer(server.node?.server as HttpServer, deadline)
      process.stdout.write('not accepting\n') // the listener closed synchronously
      return drained
    },
  },
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
