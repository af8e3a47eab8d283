/**
 * `npm run dev`: the embedded realtime server on the Vite dev server's own port, as in
 * production: WebSocket upgrades on `/app/{key}` (Vite's HMR socket is left alone) and the
 * HTTP API on `/apps/…` in front of Vite's middleware. Off when `PUSHER_HOST` points elsewhere.
 * Loaded by the small plugin in `vite.config.ts` through Vite's own module loader.
 */
import type { Server as HttpServer, IncomingMessage, ServerResponse } from 'node:http'
import { toNodeHandler } from 'srvx/node'
import type { Connect } from 'vite'
import { getConfig } from '../config'
import { startRealtime } from './index'

export async function mountDevRealtime(httpServer: HttpServer, middlewares: Connect.Server): Promise<void> {
  const config = getConfig()
  if (config.PUSHER_HOST) return
  const realtime = await startRealtime(config)
  realtime.server.attach(httpServer, { exclusive: false })
  const api = toNodeHandler(realtime.api) as (req: IncomingMessage, res: ServerResponse) => void | Promise<void>
  middlewares.use((req, res, next) => {
    if (realtime.server.isApiPath((req.url ?? '/').split('?')[0] ?? '/')) void api(req, res)
    else next()
  })
  httpServer.once('close', () => void realtime.close())
}
