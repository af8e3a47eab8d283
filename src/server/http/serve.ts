/**
 * `npm run serve` (and the end of `npm start`): serves the production build on one Node
 * process: static assets from `dist/client`, everything else through the server entry
 * (the provider API on `/api/v1`, server functions and server-rendered pages).
 */
process.env.NODE_ENV ??= 'production' // React is external to the bundle: without this it loads its slow development build.

import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { serve } from 'srvx/node'
import { staticMiddleware } from 'srvx/static'
import { getConfig } from '../config'
import { log } from '../log'

const config = getConfig()
const entry = path.resolve('dist/server/server.js')
if (!existsSync(entry)) {
  log.error('serve.no_build', { hint: 'run `npm run build` first (`npm start` does both)' })
  process.exit(1)
}
const app = (await import(pathToFileURL(entry).href)).default as { fetch(request: Request): Promise<Response> }

// Fingerprinted build assets are cached for a year; other public files are revalidated.
const clientDir = path.resolve('dist/client')
const hashedAssets = staticMiddleware({ dir: clientDir, maxAge: 31_536_000, immutable: true })
const publicFiles = staticMiddleware({ dir: clientDir, maxAge: 3600 })

const server = serve({
  fetch: app.fetch,
  port: config.PORT,
  hostname: config.HOST,
  silent: true,
  middleware: [(request, next) => (new URL(request.url).pathname.startsWith('/assets/') ? hashedAssets(request, next) : publicFiles(request, next))],
})
await server.ready()

// Open the database (migrations, reference data) before the first visitor arrives.
const ready = await app.fetch(new Request(`http://127.0.0.1:${config.PORT}/api/v1/ready`))
log.info('serve.listening', { url: `http://localhost:${config.PORT}`, ready: ready.status === 200, stage: config.APP_ENV })

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void server.close().then(() => process.exit(0)))
}
