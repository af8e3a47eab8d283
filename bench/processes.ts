/**
 * What the benches that run the servers as processes of their own share: a free loopback port,
 * starting a TypeScript entry point through tsx or a built one (`dist/node/*.js`, as production
 * runs it, decision 60) with node, in its own process group so it stops with its children,
 * waiting for it to answer, stopping it, its CPU time, percentiles.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

export const HOST = '127.0.0.1'
export const root = path.resolve(import.meta.dirname, '..')
export const say = (line: string) => process.stderr.write(`${line}\n`)

/**
 * A free loopback port below Linux's ephemeral range (32768+), so a readiness probe cannot connect
 * a socket to itself while the server is still starting. `BENCH_PORTS=3141-3150` keeps the benches
 * within a range (a machine shared by sessions that each have their own ports).
 */
export async function freePort(): Promise<number> {
  const [low, high] = (process.env.BENCH_PORTS ?? '20000-31999').split('-').map(Number)
  if (!Number.isInteger(low) || !Number.isInteger(high) || high! < low!) throw new Error(`BENCH_PORTS must look like 3141-3150, got ${process.env.BENCH_PORTS}`)
  for (let attempt = 0; attempt < 1000; attempt++) {
    const port = low! + Math.floor(Math.random() * (high! - low! + 1))
    const server = createServer()
    const ok = await new Promise<boolean>((resolve) => server.once('error', () => resolve(false)).listen(port, HOST, () => resolve(true)))
    if (!ok) continue
    await new Promise((resolve) => server.close(resolve))
    return port
  }
  throw new Error(`no free port in ${low}-${high}`)
}

/**
 * Runs `script` (a path from the repository root) with `NODE_ENV=production`, on `HOST`, with
 * `env` added: a `.js` file with node itself, a TypeScript one through tsx; in `cwd`, the
 * repository unless said.
 */
export function start(script: string, env: Record<string, string>, cwd = root): ChildProcess {
  const [command, args] = script.endsWith('.js') ? [process.execPath, [script]] : [path.join(root, 'node_modules/.bin/tsx'), ['--import', path.join(root, 'scripts/lingui/register.mjs'), script]]
  return spawn(command, args, {
    cwd,
    env: { ...process.env, PATH: [path.dirname(process.execPath), process.env.PATH].filter(Boolean).join(path.delimiter), NODE_ENV: 'production', HOST, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  })
}

/**
 * Bundles the Node entry points into `dist/node/` from the sources as they are (the second half
 * of `npm run build`, a few seconds), so a bench measures the JavaScript production runs.
 */
export function buildNodeEntries(): void {
  const result = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['scripts/build-node.ts'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
  if (result.status !== 0) throw new Error(`scripts/build-node.ts failed (${result.status ?? result.signal})`)
}

/**
 * Waits until `url` answers 2xx (`BENCH_START_SECONDS`, 90 s by default, at most: a machine
 * shared with other sessions' builds can take longer to start a server under tsx), failing at
 * once if the process exits.
 */
export async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const seconds = Number(process.env.BENCH_START_SECONDS ?? 90)
  const deadline = Date.now() + seconds * 1000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`)
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) })
      await res.arrayBuffer()
      if (res.ok) return
    } catch {
      // not yet
    }
    await sleep(200)
  }
  throw new Error(`${url} did not answer within ${seconds} s`)
}

/** SIGTERM to the process group (tsx and the script it runs). */
export function stop(child: ChildProcess): void {
  try {
    process.kill(-(child.pid ?? 0), 'SIGTERM')
  } catch {
    // gone
  }
}

/** Stops the process group and waits for it to exit (`ms` at most, then SIGKILL). */
export async function stopAndWait(child: ChildProcess, ms = 30_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  stop(child)
  const timer = setTimeout(() => {
    try {
      process.kill(-(child.pid ?? 0), 'SIGKILL')
    } catch {
      // gone
    }
  }, ms)
  await exited
  clearTimeout(timer)
}

/** CPU time (user + system, ms) of a process and its descendants (tsx runs the script in a child), from /proc. */
export function cpuMs(pid: number | undefined): number {
  if (!pid) return NaN
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const own = ((Number(fields[11]) + Number(fields[12])) * 1000) / 100 // clock ticks of 10 ms
    let children: string[] = []
    try {
      children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)
    } catch {
      // no children file
    }
    return own + children.reduce((sum, child) => sum + cpuMs(Number(child)), 0)
  } catch {
    return 0
  }
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN
