/**
 * `npm run start:cluster` (after `npm run build`): two web nodes, two realtime nodes and the
 * proxy on this machine, on the PostgreSQL of `DATABASE_URL` and the Redis of `REDIS_URL`
 * (local-cluster.ts). Each node's lines are printed with its name; Ctrl-C stops them all.
 */
import { log } from '../log'
import { startLocalCluster } from './local-cluster'

try {
  const cluster = await startLocalCluster({ echo: true })
  log.info('cluster.ready', {
    url: cluster.publicUrl,
    nodes: Object.fromEntries([...cluster.nodes.values()].map((node) => [node.name, node.url])),
  })
  let stopping = false
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return
      stopping = true
      log.info('cluster.stopping', { signal })
      void cluster.stop().then(() => process.exit(0))
    })
  }
  // A node that dies takes the cluster down with it: this is a test bed, not a supervisor.
  for (const node of cluster.nodes.values()) {
    void node.exited.then((code) => {
      if (stopping) return
      log.error('cluster.node_stopped', { node: node.name, code })
      stopping = true
      void cluster.stop().then(() => process.exit(1))
    })
  }
} catch (error) {
  log.error('cluster.not_started', { message: (error as Error).message })
  process.exit(1)
}
