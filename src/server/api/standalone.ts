/**
 * `npm run start:api`: the provider API alone, as its own process (port `PORT`, default 3000;
 * point a web app at it with `PROVIDER_API_URL=http://host:port/api/v1`).
 */
import { serve } from 'srvx/node'
import { getConfig } from '../config'
import { log } from '../log'
import { getProcessApi } from './index'

const config = getConfig()
const api = await getProcessApi()
const server = serve({ fetch: api.fetch, port: config.PORT, hostname: config.HOST, silent: true })
await server.ready()
log.info('api.listening', { url: `http://${config.HOST}:${config.PORT}/api/v1` })

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void server.close().then(() => process.exit(0)))
}
