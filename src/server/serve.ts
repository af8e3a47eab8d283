/**
 * `npm run serve` (and the end of `npm start`): serves the production build on one Node
 * process: static assets from `dist/client`, everything else through the server entry
 * (the provider API on `/api/v1`, server functions and server-rendered pages).
 */
process.env.NODE_ENV ??= 'production' // React is external to the bundle: without this it loads its slow development build.

import { existsSync, readdirSync } from 'node:fs'
import type { Server as HttpServer, IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { FastURL, NodeRequest, serve } from 'srvx/node'
import { staticMiddleware } from 'srvx/static'
import { getConfig } from './config'
import { log } from './log'
import { installServerResponses } from './http/fast-response'
import { startRealtime } from './realtime'
import { drainHttpServer, onShutdownSignal } from './http/shutdown'
import { keepIdleConnectionsOpen } from './http/keep-alive'
import { restartWithMemorySettings } from './http/memory-settings'

restartWithMemorySettings() // first: may start this process again, with settings read only at start

const config = getConfig()
const entry = path.resolve('dist/server/server.js')
if (!existsSync(entry)) {
  log.error('serve.no_build', { hint: 'run `npm run build` first (`npm start` does both)' })
  process.exit(1)
}

// srvx's lazy Response (`installServerResponses`), set before the server bundle loads so every
// `new Response(...)` in it is one.
installServerResponses()
// `serveApi` and `close` are this app's; the bare Start app of `npm run bench`, served by this file too, has neither.
const app = (await import(pathToFileURL(entry).href)).default as {
  fetch(request: Request): Promise<Response>
  serveApi?(request: Request, res: ServerResponse): Promise<void> | undefined
  close?(): Promise<void>
}

// Fingerprinted build assets are cached for a year; other public files are revalidated.
const clientDir = path.resolve('dist/client')
const hashedAssets = staticMiddleware({ dir: clientDir, maxAge: 31_536_000, immutable: true })
const publicFiles = staticMiddleware({ dir: clientDir, maxAge: 3600 })
// The build id file tells open tabs about a new deployment: always revalidated.
const buildFile = staticMiddleware({ dir: clientDir, maxAge: 0 })

// The build output, listed once: it does not change while the server runs.
const clientFiles = new Set(
  readdirSync(clientDir, { recursive: true, withFileTypes: true })
    .filter((file) => file.isFile() || file.isSymbolicLink())
    .map((file) => path.relative(clientDir, path.join(file.parentPath, file.name)).split(path.sep).join('/')),
)

/**
 * Whether the static middleware could find a file for this path: the names it tries (`p`,
 * `p.html`, `p/index.html`; `index.html` for `/`) looked up in the listing. Without this,
 * every page and API request pays for up to three failed `stat` calls, half the CPU time of
 * `GET /api/v1/products`. Paths it cannot judge the same way (escapes, dot segments) still go
 * to the middleware, which decides as before.
 */
function mayBeStaticFile(pathname: string): boolean {
  // No file has a name that does not decode: the middleware would answer a bare 400 in plain text
  // where the API (and Start) answer in their own words.
  if (pathname.includes('%') && decoded(pathname) === undefined) return false
  if (pathname.includes('%') || pathname.includes('/.') || pathname.includes('\\')) return true
  let file = pathname.slice(1)
  const trailingSlash = file.endsWith('/')
  if (trailingSlash) file = file.replace(/\/+$/, '')
  const candidates = file === '' ? ['index.html'] : trailingSlash ? [`${file}/index.html`] : path.extname(file) === '' ? [file, `${file}.html`, `${file}/index.html`] : [file]
  return candidates.some((candidate) => clientFiles.has(path.posix.join('/', candidate).slice(1))) // resolved as `join(dir, candidate)` is
}

/** The path decoded, or undefined when it does not decode (the result is used: a bundler drops an unused `decodeURI`). */
function decoded(pathname: string): string | undefined {
  try {
    return decodeURI(pathname)
  } catch {
    return undefined
  }
}

// The embedded Pusher-compatible server, unless PUSHER_HOST points at another one (decision 20):
// its WebSocket on `/app/{key}` and its HTTP API on `/apps/{id}/…`, on this port, before Start.
const realtime = config.PUSHER_HOST ? undefined : await startRealtime(config)

const server = serve({
  fetch: app.fetch,
  port: config.PORT,
  hostname: config.HOST,
  silent: true,
  gracefulShutdown: false, // handled below: realtime sockets first, then the HTTP server
  middleware: [
    (request, next) => {
      if (!realtime) return next()
      const { pathname } = ((request as { _url?: URL })._url ??= new FastURL(request.url))
      return realtime.server.isApiPath(pathname) ? realtime.api(request) : next()
    },
    (request, next) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return next() // the static middleware serves only these
      // The parsed URL srvx keeps on its request (its static middleware reads the same field).
      const { pathname } = ((request as { _url?: URL })._url ??= new FastURL(request.url))
      if (!mayBeStaticFile(pathname)) return next()
      if (pathname.startsWith('/assets/')) return hashedAssets(request, next)
      return pathname === '/build.json' ? buildFile(request, next) : publicFiles(request, next)
    },
  ],
})
const httpServer = server.node?.server as HttpServer
keepIdleConnectionsOpen(httpServer)
if (realtime) realtime.server.attach(httpServer, { exclusive: true })

// Provider API calls skip srvx's request pipeline: the middleware above cannot match them (no
// file of the build is under `api/`, no realtime path starts so), and the API writes its answer
// to the `node:http` response itself, with no `Response` built and converted back (with the
// cheaper checks in the API, about a third less CPU per call; docs/benchmarks.md). Absolute-form
// targets and everything else go through srvx as before.
const srvxHandler = server.node?.handler as (req: IncomingMessage, res: ServerResponse) => void
const apiPrefix = '/api/v1'
const staticApiFiles = [...clientFiles].some((file) => file === 'api' || file.startsWith('api/'))
const serveApi = app.serveApi?.bind(app)
if (serveApi && !staticApiFiles) {
  httpServer.off('request', srvxHandler)
  httpServer.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const target = req.url ?? ''
    const api = target.startsWith(apiPrefix) && (target.length === apiPrefix.length || target[apiPrefix.length] === '/' || target[apiPrefix.length] === '?')
    const served = api ? serveApi(new NodeRequest({ req, res }), res) : undefined
    if (!served) return srvxHandler(req, res)
    served.catch((error: unknown) => {
      // The API answers its own errors; this is a failure to write the answer (srvx would do the same).
      log.error('serve.api_write_failed', { error })
      if (res.headersSent) res.destroy()
      else {
        res.statusCode = 500
        res.end()
      }
    })
  })
}
await server.ready()

// Open the database (migrations, reference data) before the first visitor arrives.
const ready = await app.fetch(new Request(`http://127.0.0.1:${config.PORT}/api/v1/ready`))
log.info('serve.listening', { url: `http://localhost:${config.PORT}`, ready: ready.status === 200, stage: config.APP_ENV })

// Graceful shutdown (SIGTERM, SIGINT), within SHUTDOWN_GRACE_SECONDS: realtime clients are told
// to reconnect (4200) and their presence is taken back; the HTTP server stops accepting and
// answers the requests in flight; the job workers finish their running jobs; the database closes.
onShutdownSignal(config.SHUTDOWN_GRACE_SECONDS, (deadline) => [
  { name: 'realtime', run: () => realtime?.close() },
  { name: 'http', run: () => drainHttpServer(server.node?.server as HttpServer, deadline) },
  { name: 'app', run: () => app.close?.() },
])
