/**
 * `npm run bench`: HTTP throughput of the production server against a bare `node:http`
 * hello-world, measured with autocannon on this machine, loopback only.
 *
 *   npm run bench                                  # builds first (npm run build)
 *   npm run bench -- --no-build                    # reuse dist/
 *   npm run bench -- --duration 10 --connections 50 --warmup 3
 *   npm run bench -- --no-build --profile          # also write a CPU profile of the server
 *   npm run bench -- --no-build --pin              # autocannon on CPU 0, servers on CPU 1 (see below)
 *
 *   npm run bench -- --no-build --no-lighthouse    # budgets without the Lighthouse runs
 *   npm run bench -- --memory --minutes 10         # memory under 10 minutes of mixed load, sampled
 *   npm run bench -- --no-build --memory --minutes 3 --connections 10 --heap-snapshots /tmp/snaps
 *
 * Targets, one after the other, each with a warm-up then a measured run:
 *   bare        node:http hello-world, in this process but on its own worker thread, so it does
 *               not share an event loop with autocannon (the production server gets its own
 *               process, and so its own thread, too);
 *   products    GET /api/v1/products of the production server (`node dist/node/serve.js`, after `npm run build`);
 *   bare-start  GET / of a bare TanStack Start app (bench/bare-start.ts), served by the same `serve.js`;
 *   home        GET / of the production server (server-side rendered page), as an anonymous visitor
 *               sees it: from the one-second page cache after the first render each second (decision 82);
 *   home-uncached  the same with a cookie that keeps the page out of that cache: every request renders.
 *   account-orders  GET /account/orders as a signed-in visitor (an account registered and signed in
 *               through the sign-in form, its session cookie sent): never from the page cache.
 * Every request carries `Accept-Language: ro`, as a browser's would. Ratios: products / bare and
 * home / bare-start, each targeted at one half at least; home-uncached / bare-start at one half
 * and account-orders / bare-start at 0.4 (issue 22).
 *
 * Memory (bench/memory.ts): the production server's RSS, heap and external memory 10 s after its
 * first start on a fresh data folder, 10 s after a restart on that folder (how production
 * restarts), right after the load, and 10 s later. Then the budgets (scripts/budgets/measure.ts).
 * `--memory` instead loads the restarted server for `--minutes` with a mix of what visitors cost:
 * pages rendered for each request (signed out, with a cookie the page cache does not know,
 * accepting brotli as browsers do), API reads, and RCA quotes (posted, then read back; the
 * insurers are the in-process sandbox's). It prints a sample every `--sample-seconds`, then 30 s
 * and 2 min after the load, to show whether memory grows and what stays. `--heap-snapshots DIR`
 * has the server write a V8 heap snapshot (SIGUSR2) idle before the load and 2 min after it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import { Worker } from 'node:worker_threads'
import { addDays } from '../src/contract/iso-date'
import { todayInBucharest } from '../src/i18n/dates'
import { formatBudgets, measureBudgets } from '../scripts/budgets/measure'
import { buildBareStart } from './bare-start'
import { freePort } from './processes'
import { signedInCookie } from './signed-in'
import { memoryTable, operatorToken, sampleMemory, type MemorySample } from './memory'

interface AutocannonRequest {
  path: string
  method?: string
  headers?: Record<string, string>
  body?: string
  setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void
}
interface AutocannonOptions {
  url: string
  connections: number
  duration: number
  headers?: Record<string, string>
  requests?: AutocannonRequest[]
}
interface AutocannonResult {
  requests: { average: number; total: number }
  latency: { p50: number; p99: number; average: number }
  non2xx: number
  errors: number
  timeouts: number
}
// autocannon ships no types; this is the part of its programmatic API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as (options: AutocannonOptions) => Promise<AutocannonResult>

const { values: flags } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    profile: { type: 'boolean', default: false },
    pin: { type: 'boolean', default: false },
    'no-lighthouse': { type: 'boolean', default: false },
    memory: { type: 'boolean', default: false },
    minutes: { type: 'string', default: '10' },
    'sample-seconds': { type: 'string', default: '30' },
    'heap-snapshots': { type: 'string' },
  },
})
const duration = positive('duration', flags.duration)
const warmup = positive('warmup', flags.warmup, true)
const connections = positive('connections', flags.connections)
const minutes = positive('minutes', flags.minutes)
const sampleSeconds = positive('sample-seconds', flags['sample-seconds'])
/** How long a server is left alone before its idle memory is read. */
const IDLE_MS = 10_000
const HOST = '127.0.0.1'
const root = path.resolve(import.meta.dirname, '..')

function positive(name: string, raw: string, zeroAllowed = false): number {
  const n = Number(raw)
  if (!Number.isFinite(n) || n < 0 || (n === 0 && !zeroAllowed)) {
    console.error(`--${name} must be a ${zeroAllowed ? 'non-negative' : 'positive'} number, got ${raw}`)
    process.exit(2)
  }
  return n
}

const say = (line: string) => process.stderr.write(`${line}\n`)

/**
 * `--pin`: autocannon (this process) on CPU 0, each server (main thread and helper threads) on
 * CPU 1, with `taskset`. Runs then repeat within a few per cent, but the server loses the spare
 * cycles of the other core for its garbage collector and thread pool, so its figures are lower
 * (products about 27k instead of about 37k req/s here). Unpinned (the default), the kernel places
 * the threads; most runs are the higher figure, an occasional one the lower.
 */
const pin = flags.pin && os.cpus().length >= 2 && spawnSync('taskset', ['-V'], { stdio: 'ignore' }).status === 0
if (flags.pin && !pin) say('--pin needs taskset and 2 cores: running unpinned')
const LOAD_CPU = '0'
const SERVER_CPU = '1'

function taskset(args: string[]): void {
  const result = spawnSync('taskset', args, { stdio: ['ignore', 'ignore', 'inherit'] })
  if (result.status !== 0) throw new Error(`taskset ${args.join(' ')} failed`)
}

const threadIds = () => new Set(readdirSync('/proc/self/task'))

/** The bare baseline: a node:http hello-world on a worker thread of this process. */
async function startBare(): Promise<{ url: string; stop(): Promise<void> }> {
  const before = threadIds()
  const listenOn = await freePort()
  const worker = new Worker(
    `const http = require('node:http')
     const { parentPort } = require('node:worker_threads')
     const server = http.createServer((req, res) => {
       res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' })
       res.end('hello world')
     })
     server.listen(${listenOn}, ${JSON.stringify(HOST)}, () => parentPort.postMessage(server.address().port))`,
    { eval: true },
  )
  const port = await new Promise<number>((resolve, reject) => worker.once('message', resolve).once('error', reject))
  // The threads that appeared with the worker (its event loop) go to the server core.
  if (pin) for (const tid of threadIds()) if (!before.has(tid)) taskset(['-pc', SERVER_CPU, tid])
  return { url: `http://${HOST}:${port}`, stop: async () => void (await worker.terminate()) }
}

interface ServerOptions {
  dataDir: string
  profileDir?: string | undefined
  /** `--heap-snapshots`: where the server writes a heap snapshot on SIGUSR2. */
  snapshotDir?: string | undefined
  /** The folder holding the build (`dist/`) to serve: this repository's, or the bare Start app's. */
  cwd?: string
  /** Answers 200 once the server is ready. */
  readyPath?: string
}

/** A build served as `npm run serve` serves ours (`node dist/node/serve.js` in the build's folder). */
async function startProduction({ dataDir, profileDir, snapshotDir, cwd = root, readyPath = '/api/v1/ready' }: ServerOptions): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort()
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // The tsx launcher runs `node` from PATH: make it this node, not whatever else is installed.
    PATH: [path.dirname(process.execPath), process.env.PATH].filter(Boolean).join(path.delimiter),
    PORT: String(port),
    HOST,
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    // Measure the embedded set-up: PGlite under DATA_DIR, the provider API in-process.
    DATABASE_URL: '',
    PROVIDER_API_URL: '',
  }
  if (profileDir) env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${profileDir}`.trim()
  if (snapshotDir) env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ''} --heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${snapshotDir}`.trim()
  // The quotes of `--memory`: no captcha, no limit per address (all come from 127.0.0.1).
  Object.assign(env, { CAPTCHA_PROVIDER: 'none', QUOTE_RATE_LIMIT: '0' })
  const command = [process.execPath, path.join(root, 'dist/node/serve.js')] // the built server, as production runs it (`npm run build` first)
  if (pin) command.unshift('taskset', '-c', SERVER_CPU)
  const child = spawn(command[0]!, command.slice(1), {
    cwd,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true, // its own process group
  })
  const url = `http://${HOST}:${port}`
  const deadline = Date.now() + 120_000 // a fresh data folder runs every migration first
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited early (${child.exitCode ?? child.signalCode})`)
    try {
      const response = await fetch(`${url}${readyPath}`, { signal: AbortSignal.timeout(2_000) })
      await response.arrayBuffer()
      if (response.status === 200) return { url, child }
    } catch {
      // not listening yet
    }
    await sleep(200)
  }
  await stopProduction(child)
  throw new Error(`the server did not answer 200 on ${readyPath} within 120 s`)
}

async function stopProduction(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM') // the server closes and exits (and writes its profile)
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL')
    } catch {
      // already gone
    }
  }, 10_000)
  await exited
  clearTimeout(timer)
}

interface Row {
  target: string
  url: string
  result: AutocannonResult
}

async function measure(target: string, url: string, headers: Record<string, string> = {}): Promise<Row> {
  const options = { url, connections, headers: { 'accept-language': 'ro', ...headers } }
  if (warmup > 0) {
    say(`${target}: warm-up ${warmup} s, ${connections} connections, ${url}`)
    await autocannon({ ...options, duration: warmup })
  }
  say(`${target}: measuring ${duration} s`)
  const result = await autocannon({ ...options, duration })
  return { target, url, result }
}

function table(rows: Row[]): string {
  const head = ['target', 'path', 'req/s (avg)', 'p50 ms', 'p99 ms', 'non-2xx', 'errors']
  const body = rows.map(({ target, url, result }) => [
    target,
    new URL(url).pathname,
    result.requests.average.toFixed(0),
    String(result.latency.p50),
    String(result.latency.p99),
    String(result.non2xx),
    String(result.errors + result.timeouts),
  ])
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)))
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`
  return [line(head), `|${widths.map((w, i) => (i < 2 ? `${'-'.repeat(w + 1)}-` : `${'-'.repeat(w + 1)}:`)).join('|')}|`, ...body.map(line)].join('\n')
}

async function main(): Promise<void> {
  if (!flags['no-build']) {
    say('building (npm run build; pass --no-build to reuse dist/)')
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 2, 2] })
    if (build.status !== 0) throw new Error(`npm run build failed (${build.status ?? build.signal})`)
  }

  if (pin) taskset(['-a', '-pc', LOAD_CPU, String(process.pid)]) // every thread of this process, before the bare worker starts
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'asiguro-bench-'))
  const bareDataDir = mkdtempSync(path.join(os.tmpdir(), 'asiguro-bench-bare-'))
  const profileDir = flags.profile ? mkdtempSync(path.join(os.tmpdir(), 'asiguro-bench-profile-')) : undefined
  const servers: ChildProcess[] = []
  const cleanups: (() => void | Promise<void>)[] = [() => rmSync(dataDir, { recursive: true, force: true }), () => rmSync(bareDataDir, { recursive: true, force: true })]
  const stopAll = async () => {
    for (const child of servers) await stopProduction(child)
    for (const cleanup of cleanups) await cleanup()
  }
  const onSignal = () => void stopAll().then(() => process.exit(130))
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)

  try {
    // Idle memory after the first start (fresh folder: initdb and every migration) and after a restart on it.
    const memory: { label: string; sample: MemorySample }[] = []
    const first = await startProduction({ dataDir })
    servers.push(first.child)
    const token = operatorToken(dataDir)
    await sleep(IDLE_MS)
    memory.push({ label: 'first start, idle 10 s', sample: await sampleMemory(first.url, token, first.child.pid) })
    await stopProduction(first.child)
    const snapshotDir = flags['heap-snapshots'] ? path.resolve(flags['heap-snapshots']) : undefined
    if (snapshotDir) mkdirSync(snapshotDir, { recursive: true })
    const production = await startProduction({ dataDir, profileDir, snapshotDir })
    servers.push(production.child)
    await sleep(IDLE_MS)
    memory.push({ label: 'restart, idle 10 s', sample: await sampleMemory(production.url, token, production.child.pid) })
    const machine = machineLine()

    if (flags.memory) {
      const samples = await soak(production.url, token, production.child, snapshotDir)
      console.log(machine)
      console.log(`load: ${connections} connections for ${minutes} min over ${MIXED_LOAD_LABEL}; a sample every ${sampleSeconds} s; load average at the end ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}\n`)
      console.log(memoryTable([...memory, ...samples]))
      console.log(`\n${growthLine(samples)}`)
      return
    }

    const bareStart = buildBareStart()
    cleanups.push(bareStart.remove)
    const bareStartServer = await startProduction({ dataDir: bareDataDir, cwd: bareStart.dir, readyPath: '/' })
    servers.push(bareStartServer.child)
    const bare = await startBare()
    cleanups.unshift(bare.stop)
    const rows = [
      await measure('bare', `${bare.url}/`),
      await measure('products', `${production.url}/api/v1/products`),
      await measure('bare-start', `${bareStartServer.url}/`),
      await measure('home', `${production.url}/`),
      // Any cookie but the preference ones keeps a page out of the page cache (decision 82): every request renders.
      await measure('home-uncached', `${production.url}/`, { cookie: 'bench=1' }),
      await measure('account-orders', `${production.url}/account/orders`, { cookie: await signedInCookie(production.url, root) }),
    ]
    memory.push({ label: 'after the load', sample: await sampleMemory(production.url, token, production.child.pid) })
    await sleep(IDLE_MS)
    memory.push({ label: 'after the load, idle 10 s', sample: await sampleMemory(production.url, token, production.child.pid) })
    const budgets = await measureBudgets(production.url, root, { lighthouse: !flags['no-lighthouse'] })

    const rate = (target: string) => rows.find((r) => r.target === target)!.result.requests.average
    const ratio = (target: string, of: string, goal = 0.5) => {
      const value = rate(target) / rate(of)
      return `${(100 * value).toFixed(1)} % (target ≥ ${100 * goal} %: ${value >= goal ? 'met' : 'NOT met'})`
    }
    console.log(machine)
    console.log(`autocannon: ${connections} connections, ${warmup} s warm-up, ${duration} s measured, per target; ${pin ? `autocannon on CPU ${LOAD_CPU}, servers on CPU ${SERVER_CPU}` : 'CPU placement left to the kernel'}\n`)
    console.log(table(rows))
    console.log(`\nproducts / bare:   ${ratio('products', 'bare')}`)
    console.log(`home / bare-start: ${ratio('home', 'bare-start')}`)
    console.log(`home-uncached / bare-start: ${ratio('home-uncached', 'bare-start')} (every request rendered: the page cache of decision 82 left out)`)
    console.log(`account-orders / bare-start: ${ratio('account-orders', 'bare-start', 0.4)} (signed in: every request rendered)`)
    console.log(`\nMemory of the production server (target: idle RSS < 300 MB):\n${memoryTable(memory)}`)
    console.log(`\n${formatBudgets(budgets)}`)
    if (profileDir) say(`CPU profile of the server: ${profileDir}/*.cpuprofile (after it exits)`)
  } finally {
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
    await stopAll()
  }
}

/** The machine and its load, printed with every figure (the machine is shared). */
function machineLine(): string {
  const cpus = os.cpus()
  const load = os.loadavg().map((n) => n.toFixed(2)).join(' ')
  return `node ${process.version} · ${cpus[0]?.model.trim() ?? 'unknown CPU'} · ${cpus.length} cores · ${os.platform()} ${os.release()} · load average ${load}`
}

const MIXED_LOAD_LABEL = '`/`, `/rca`, `/travel` rendered (cookie `bench=1`, `accept-encoding: br, gzip`), `/api/v1/products`, `/api/v1/site`, an RCA quote posted and read back'

/** An RCA quote request, a different plate each time (so the sandbox insurers' draws vary). */
function quoteBody(n: number): string {
  const counties = ['CJ', 'BV', 'IS', 'TM', 'CT', 'AG', 'BH', 'SB']
  const plate = `${counties[n % counties.length]}${10 + (Math.floor(n / counties.length) % 90)}${String.fromCharCode(65 + (n % 26), 65 + ((n >> 3) % 26), 65 + ((n >> 6) % 26))}`
  return JSON.stringify({
    vehicle: { registration_plate: plate, vin: 'UU1HSDAC5L5123456', category: 'car', make: 'Dacia', model: 'Duster', engine_capacity_cc: 1461, power_kw: 66, total_mass_kg: 1800, seats: 5, fuel: 'diesel', first_registration: '2020-03-15', usage: 'personal' },
    owner: { type: 'person', cnp: '1700101123454', driving_licence_since: '1990-05-01', county: 'CJ', locality: 'Cluj-Napoca' },
    policy: { start_date: addDays(todayInBucharest(), 1), months: 12, direct_settlement: false },
    token: 'bench',
  })
}

/** The mixed load's cycle, as each connection repeats it. */
function mixedRequests(): AutocannonRequest[] {
  // Any cookie but the preference ones keeps a page out of the page cache (decision 82): every request renders.
  const page = (p: string): AutocannonRequest => ({ path: p, headers: { cookie: 'bench=1', 'accept-encoding': 'br, gzip', 'accept-language': 'ro' } })
  let quotes = 0
  return [
    page('/'),
    { path: '/api/v1/products' },
    page('/rca'),
    {
      path: '/api/v1/products/rca/quotes',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      setupRequest: (request) => ({ ...request, body: quoteBody(quotes++) }),
      onResponse: (status, body, context) => {
        context.quote = status === 201 ? (JSON.parse(body) as { data?: { id?: string } }).data?.id : undefined
      },
    },
    page('/travel'),
    { path: '/api/v1/site' },
    // The quote just posted (its answers so far), as a browser reads it back.
    { path: '/api/v1/quotes/none', setupRequest: (request, context) => ({ ...request, path: `/api/v1/quotes/${typeof context.quote === 'string' ? context.quote : 'none'}` }) },
  ]
}

/** `--memory`: the mixed load for `--minutes`, with a memory sample every `--sample-seconds`, then 30 s and 2 min idle. */
async function soak(url: string, token: string, child: ChildProcess, snapshotDir: string | undefined): Promise<{ label: string; sample: MemorySample }[]> {
  const pid = child.pid
  const samples: { label: string; sample: MemorySample }[] = []
  const take = async (label: string) => {
    const sample = await sampleMemory(url, token, pid)
    samples.push({ label, sample })
    say(`${label}: RSS ${sample.rssMb.toFixed(0)} MB, heap ${sample.heapUsedMb.toFixed(0)}/${sample.heapTotalMb.toFixed(0)} MB, external ${sample.externalMb.toFixed(0)} MB, array buffers ${sample.arrayBuffersMb.toFixed(0)} MB`)
  }
  if (snapshotDir) await heapSnapshot(child, snapshotDir, 'before the load')
  const started = Date.now()
  const timer = setInterval(() => void take(`load, ${((Date.now() - started) / 60_000).toFixed(1)} min`), sampleSeconds * 1000)
  let result: AutocannonResult
  try {
    say(`memory: loading ${url} for ${minutes} min`)
    result = await autocannon({ url, connections, duration: minutes * 60, headers: { 'accept-language': 'ro' }, requests: mixedRequests() })
  } finally {
    clearInterval(timer)
  }
  say(`load: ${result.requests.total} requests (${result.requests.average.toFixed(0)}/s), ${result.non2xx} not 2xx, ${result.errors + result.timeouts} errors or timeouts`)
  await take('after the load')
  await sleep(30_000)
  await take('after the load, idle 30 s')
  await sleep(90_000)
  await take('after the load, idle 2 min')
  if (snapshotDir) await heapSnapshot(child, snapshotDir, 'after the load')
  return samples
}

/** Asks the server for a heap snapshot (`--heapsnapshot-signal=SIGUSR2`) and waits until it is written. */
async function heapSnapshot(child: ChildProcess, dir: string, label: string): Promise<void> {
  const before = new Set(readdirSync(dir))
  child.kill('SIGUSR2')
  for (;;) {
    await sleep(1000)
    const written = readdirSync(dir).find((name) => !before.has(name) && name.endsWith('.heapsnapshot'))
    if (written) {
      // Complete once it parses as JSON (V8 writes it in pieces).
      try {
        JSON.parse(readFileSync(path.join(dir, written), 'utf8'))
        say(`heap snapshot ${label}: ${path.join(dir, written)}`)
        return
      } catch {
        // still being written
      }
    }
  }
}

/** Whether memory grew under load: the first sample after a minute of load against the last, and the highest. */
function growthLine(samples: { label: string; sample: MemorySample }[]): string {
  const load = samples.filter((s) => s.label.startsWith('load'))
  const settled = load.find((s) => Number(/([\d.]+) min/.exec(s.label)?.[1]) >= 1) ?? load[0]
  const last = load.at(-1)
  if (!settled || !last) return 'not enough samples to judge growth'
  const max = Math.max(...load.map((s) => s.sample.rssMb))
  return `RSS under load: ${settled.sample.rssMb.toFixed(0)} MB at ${settled.label.replace('load, ', '')}, ${last.sample.rssMb.toFixed(0)} MB at ${last.label.replace('load, ', '')} (highest ${max.toFixed(0)} MB); heap used ${settled.sample.heapUsedMb.toFixed(0)} → ${last.sample.heapUsedMb.toFixed(0)} MB`
}

await main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
