/**
 * `npm run start:sandbox`: the sandbox services alone, on `SANDBOX_PORT` (`GET /ready` for load
 * balancers). Point the app at it with `SANDBOX_URL=http://host:6002` and, if it should not
 * serve them itself, `SANDBOX_ENABLED=false`.
 */
import { serve } from 'srvx/node'
import { getConfig } from '../config'
import { log } from '../log'
import { installServerResponses } from '../http/fast-response'
import { sandboxFetch, sandboxServiceNames } from './index'

installServerResponses() // answers written straight to the socket, as `npm run serve` does
const config = getConfig()

const server = serve({
  port: config.SANDBOX_PORT,
  hostname: config.HOST,
  silent: true,
  // Kept-alive connections stay open a minute (Node's default is 5 s), as an insurer's load
  // balancer would keep them: the broker's connections are reused between quotes, not re-opened.
  node: { keepAliveTimeout: 60_000 },
  fetch: async (request) => {
    const answer = await sandboxFetch(request)
    if (answer) return answer
    const { pathname } = new URL(request.url)
    if (pathname === '/ready' || pathname === '/') return new Response('ok\n', { headers: { 'content-type': 'text/plain' } })
    return new Response('Not found\n', { status: 404, headers: { 'content-type': 'text/plain' } })
  },
})
await server.ready()
log.info('sandbox.listening', { url: `http://${config.HOST}:${config.SANDBOX_PORT}`, services: sandboxServiceNames() })

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void server.close(true).then(() => process.exit(0)))
}
