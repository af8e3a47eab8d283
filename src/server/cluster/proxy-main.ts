/**
 * `node dist/node/proxy.js`: the proxy alone (compose.yaml's `proxy`), on `PORT`, in front of
 * `PROXY_WEB_NODES` and `PROXY_REALTIME_NODES`. It reads only those settings and `HOST`: it
 * holds no secret. Its own `GET /proxy/ready` answers for a health check.
 */
import { parseSettings } from '../../../app.config'
import { log } from '../log'
import { startClusterProxy, upstreams } from './proxy'

const settings = parseSettings(process.env, ['PORT', 'HOST', 'PROXY_WEB_NODES', 'PROXY_REALTIME_NODES', 'SHUTDOWN_GRACE_SECONDS'])
if (settings.PROXY_WEB_NODES.length === 0) {
  log.error('proxy.no_nodes', { hint: 'set PROXY_WEB_NODES (and PROXY_REALTIME_NODES): comma-separated base URLs' })
  process.exit(1)
}
const proxy = await startClusterProxy({
  port: settings.PORT,
  host: settings.HOST,
  web: upstreams('web', settings.PROXY_WEB_NODES),
  // Without realtime nodes of their own, the web nodes serve the realtime paths (their embedded server).
  realtime: settings.PROXY_REALTIME_NODES.length > 0 ? upstreams('realtime', settings.PROXY_REALTIME_NODES) : upstreams('web', settings.PROXY_WEB_NODES),
})
log.info('proxy.listening', { port: proxy.port, web: settings.PROXY_WEB_NODES.length, realtime: settings.PROXY_REALTIME_NODES.length })

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void proxy.close(settings.SHUTDOWN_GRACE_SECONDS * 1000).then(() => process.exit(0))
  })
}
