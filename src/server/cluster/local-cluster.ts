/**
 * Two web nodes and two realtime nodes on one machine, as production runs them on several: each
 * a `node dist/node/….js` process of the build, all on one PostgreSQL (`DATABASE_URL`) and one
 * Redis (`REDIS_URL`), the proxy (proxy.ts) in front on `PORT`. Outside production the sandbox
 * services (payments, insurers, registries) run once, as their own process, for every node.
 *
 * `npm run start:cluster` runs it (main.ts); the two-node test (tests/cluster) drives it.
 *
 *   proxy :PORT ─┬─ web-1 :PORT+1 ─┐  each web node publishes to its own realtime node;
 *                ├─ web-2 :PORT+2 ─┤  browsers reach either through the proxy
 *                ├─ realtime-1 :REALTIME_PORT
 *                └─ realtime-2 :REALTIME_PORT+1     sandbox :SANDBOX_PORT
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import { secretNames, type AppConfig } from '../../../app.config'
import { loadConfig } from '../config'
import { startClusterProxy, upstreams, type ClusterProxy } from './proxy'

export type NodeName = 'web-1' | 'web-2' | 'realtime-1' | 'realtime-2' | 'sandbox'

export interface ClusterNode {
  name: NodeName
  port: number
  url: string
  process: ChildProcess
  /** Everything the process printed, a line each (JSON log lines, mostly), oldest first. */
  lines: string[]
  /** Resolves with the exit code when the process has stopped. */
  exited: Promise<number | null>
}

export interface LocalClusterOptions {
  /** The environment the nodes start from (default `process.env`); DATABASE_URL and REDIS_URL are required. */
  env?: Record<string, string | undefined>
  /** Ports (default: PORT for the proxy, PORT+1 and PORT+2, REALTIME_PORT and REALTIME_PORT+1, SANDBOX_PORT). 0 for the proxy picks a free one. */
  ports?: Partial<Record<NodeName | 'proxy', number>>
  /** Where the build is (default the working directory): `dist/node/*.js` must be there. */
  root?: string
  /** Print every node's lines, prefixed with its name (the command line does). */
  echo?: boolean
}

export interface LocalCluster {
  /** The proxy on loopback. */
  url: string
  /** `PUBLIC_URL` of the web nodes: the proxy, unless set (what a browser opens). */
  publicUrl: string
  proxy: ClusterProxy
  nodes: Map<NodeName, ClusterNode>
  node(name: NodeName): ClusterNode
  /** The settings every node shares (secrets included), as the launcher resolved them. */
  config: AppConfig
  /** Stops the proxy, then the web nodes, the realtime nodes and the sandbox (SIGTERM, then SIGKILL). */
  stop(): Promise<void>
}

const KEEP_LINES = 20_000

/** Starts a built entry point and keeps what it prints. */
function spawnNode(name: NodeName, port: number, entry: string, env: Record<string, string | undefined>, root: string, echo: boolean): ClusterNode {
  const child = spawn(process.execPath, [path.join(root, 'dist/node', entry)], { cwd: root, env: env as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] })
  const lines: string[] = []
  const collect = (stream: NodeJS.ReadableStream | null) => {
    let rest = ''
    stream?.setEncoding('utf8')
    stream?.on('data', (chunk: string) => {
      const parts = (rest + chunk).split('\n')
      rest = parts.pop() ?? ''
      for (const line of parts) {
        if (lines.length >= KEEP_LINES) lines.shift()
        lines.push(line)
        if (echo) process.stdout.write(`[${name}] ${line}\n`)
      }
    })
  }
  collect(child.stdout)
  collect(child.stderr)
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { name, port, url: `http://127.0.0.1:${port}`, process: child, lines, exited }
}

/** Polls `url` until it answers 200; fails when the process exits first or after `timeoutMs`. */
async function waitReady(node: ClusterNode, readyPath: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let stopped = false
  void node.exited.then(() => (stopped = true))
  for (;;) {
    if (stopped) throw new Error(`${node.name} stopped before it was ready:\n${node.lines.slice(-20).join('\n')}`)
    try {
      const answer = await fetch(`${node.url}${readyPath}`, { signal: AbortSignal.timeout(5000) })
      await answer.arrayBuffer()
      if (answer.status === 200) return
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${node.name} was not ready after ${timeoutMs} ms:\n${node.lines.slice(-20).join('\n')}`)
    await new Promise((resolve) => setTimeout(resolve, 150))
  }
}

async function stopNode(node: ClusterNode, graceMs: number): Promise<void> {
  if (node.process.exitCode !== null || node.process.signalCode !== null) return
  node.process.kill('SIGTERM')
  const killer = setTimeout(() => node.process.kill('SIGKILL'), graceMs)
  await node.exited
  clearTimeout(killer)
}

export async function startLocalCluster(options: LocalClusterOptions = {}): Promise<LocalCluster> {
  const root = options.root ?? process.cwd()
  for (const entry of ['serve.js', 'realtime.js', 'sandbox.js']) {
    if (!existsSync(path.join(root, 'dist/node', entry))) throw new Error(`dist/node/${entry} is missing: run \`npm run build\` first`)
  }
  const env = { ...(options.env ?? process.env) }
  if (!env.DATABASE_URL || !env.REDIS_URL) throw new Error('The cluster needs DATABASE_URL (PostgreSQL) and REDIS_URL: its nodes share them')
  // One configuration for every node: checked here, secrets generated once (outside production)
  // under the cluster's data folder and handed to each node, so that all of them agree.
  const dataDir = path.resolve(root, env.DATA_DIR || '.data', 'cluster')
  mkdirSync(dataDir, { recursive: true })
  const config = loadConfig({ ...env, DATA_DIR: dataDir })
  const ports = {
    proxy: options.ports?.proxy ?? config.PORT,
    'web-1': options.ports?.['web-1'] ?? config.PORT + 1,
    'web-2': options.ports?.['web-2'] ?? config.PORT + 2,
    'realtime-1': options.ports?.['realtime-1'] ?? config.REALTIME_PORT,
    'realtime-2': options.ports?.['realtime-2'] ?? config.REALTIME_PORT + 1,
    sandbox: options.ports?.sandbox ?? config.SANDBOX_PORT,
  }
  const loopback = (port: number) => `http://127.0.0.1:${port}`
  const echo = options.echo ?? false
  const nodes = new Map<NodeName, ClusterNode>()
  const shared: Record<string, string | undefined> = {
    ...env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    ...Object.fromEntries(secretNames.map((name) => [name, String(config[name])])),
  }
  const sandboxed = config.SANDBOX_ENABLED && !config.SANDBOX_URL
  const sandboxUrl = config.SANDBOX_URL ?? (sandboxed ? loopback(ports.sandbox) : undefined)

  let proxy: ClusterProxy | undefined
  // Should this process end without stop() (a crash, a test runner killed), no node outlives it.
  const orphans = () => {
    for (const node of nodes.values()) if (node.process.exitCode === null) node.process.kill('SIGKILL')
  }
  process.once('exit', orphans)
  const stop = async () => {
    process.off('exit', orphans)
    await proxy?.close()
    for (const group of [['web-1', 'web-2'], ['realtime-1', 'realtime-2'], ['sandbox']] as NodeName[][]) {
      await Promise.all(group.flatMap((name) => (nodes.has(name) ? [stopNode(nodes.get(name)!, (config.SHUTDOWN_GRACE_SECONDS + 5) * 1000)] : [])))
    }
  }

  try {
    // The proxy first: the web nodes' public address (and so PUBLIC_URL) is its port.
    proxy = await startClusterProxy({
      port: ports.proxy,
      host: config.HOST,
      web: upstreams('web', [loopback(ports['web-1']), loopback(ports['web-2'])]),
      realtime: upstreams('realtime', [loopback(ports['realtime-1']), loopback(ports['realtime-2'])]),
    })
    const publicUrl = env.PUBLIC_URL || `http://localhost:${proxy.port}`
    const publicOrigin = new URL(publicUrl)

    if (sandboxed) {
      // Its pages are where browsers pay: its own origin, which the web nodes' CSP allows (SANDBOX_URL).
      const sandbox = spawnNode('sandbox', ports.sandbox, 'sandbox.js', { ...shared, SANDBOX_PORT: String(ports.sandbox), PUBLIC_URL: loopback(ports.sandbox), DATA_DIR: path.join(dataDir, 'sandbox') }, root, echo)
      nodes.set('sandbox', sandbox)
    }
    for (const name of ['realtime-1', 'realtime-2'] as const) {
      // Behind the proxy too: the per-address WebSocket limits count the client it names.
      nodes.set(name, spawnNode(name, ports[name], 'realtime.js', { ...shared, REALTIME_PORT: String(ports[name]), DATA_DIR: path.join(dataDir, name), TRUST_PROXY_HOPS: String(config.TRUST_PROXY_HOPS + 1) }, root, echo))
    }
    await Promise.all([...nodes.values()].map((node) => waitReady(node, '/ready')))

    // Both web nodes start at the same moment: they meet at the database's migrations.
    for (const [name, realtime] of [
      ['web-1', 'realtime-1'],
      ['web-2', 'realtime-2'],
    ] as const) {
      nodes.set(
        name,
        spawnNode(
          name,
          ports[name],
          'serve.js',
          {
            ...shared,
            PORT: String(ports[name]),
            DATA_DIR: path.join(dataDir, name),
            PUBLIC_URL: publicUrl,
            // The proxy appends the client to X-Forwarded-For: one more hop than in front of it.
            TRUST_PROXY_HOPS: String(config.TRUST_PROXY_HOPS + 1),
            PUSHER_HOST: '127.0.0.1',
            PUSHER_PORT: String(ports[realtime]),
            PUSHER_SCHEME: 'http',
            PUSHER_WS_HOST: env.PUSHER_WS_HOST || publicOrigin.hostname,
            PUSHER_WS_PORT: env.PUSHER_WS_PORT || publicOrigin.port || (publicOrigin.protocol === 'https:' ? '443' : '80'),
            SANDBOX_ENABLED: 'false',
            SANDBOX_URL: sandboxUrl ?? '',
          },
          root,
          echo,
        ),
      )
    }
    await Promise.all((['web-1', 'web-2'] as const).map((name) => waitReady(nodes.get(name)!, '/api/v1/ready')))
    return {
      url: `http://127.0.0.1:${proxy.port}`,
      publicUrl,
      proxy,
      nodes,
      node: (name) => {
        const node = nodes.get(name)
        if (!node) throw new Error(`no node ${name} in this cluster`)
        return node
      },
      config,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
