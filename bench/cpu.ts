/**
 * `npx tsx bench/cpu.ts` (after `npm run build`): server CPU time per request, the figure the
 * throughput ratios of `npm run bench` come from, but far less sensitive to what else runs on
 * the machine. Measures a `node:http` hello-world first (the ceiling), then starts the production server (`node dist/node/serve.js`, fresh data folder,
 * embedded database, provider API in-process) and, with `--bare-start`, the bare Start app
 * served the same way; sends a fixed number of requests per path with autocannon (10
 * connections, `Accept-Language: ro`) after a warm-up, and divides the server's CPU time
 * (user + system, from /proc) by the number of requests.
 *
 *   npx tsx bench/cpu.ts                                  # /api/v1/products, /, /faq
 *   npx tsx bench/cpu.ts --paths /api/v1/products,/rca --requests 4000
 *   npx tsx bench/cpu.ts --bare-start                     # and GET / of the bare Start app
 *   npx tsx bench/cpu.ts --profile                        # a .cpuprofile of each server, on exit
 *   npx tsx bench/cpu.ts --cookie 'theme=dark'            # a cookie on every request
 *   npx tsx bench/cpu.ts --signed-in-paths /account/orders,/   # as a signed-in visitor (its session cookie)
 *   npx tsx bench/cpu.ts --bare-start --rounds 3 --cookie x=1 --paths / --signed-in-paths /account/orders
 *                                                         # rounds alternating the bare Start page and ours
 *   npx tsx bench/cpu.ts --root ../other-checkout          # that checkout's build instead of this one's
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { buildBareStart } from './bare-start'
import { signedInCookie } from './signed-in'
import { cpuMs, freePort, HOST, root, say, start, stopAndWait, waitFor } from './processes'

interface AutocannonResult {
  requests: { total: number }
  non2xx: number
  errors: number
}
// autocannon ships no types; this is the part of its programmatic API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as (options: { url: string; connections: number; amount: number; pipelining: number; headers: Record<string, string> }) => Promise<AutocannonResult>

const { values: flags } = parseArgs({
  options: {
    paths: { type: 'string', default: '/api/v1/products,/,/faq' },
    requests: { type: 'string', default: '' },
    'bare-start': { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    cookie: { type: 'string', default: '' },
    /** Paths asked as a signed-in visitor: an account registered and signed in through the sign-in form's server function, its session cookie sent. */
    'signed-in-paths': { type: 'string', default: '' },
    /**
     * Rounds, each measuring the bare Start page (with `--bare-start`) and then every path: both
     * servers run side by side, so each ratio compares figures taken minutes apart at most.
     */
    rounds: { type: 'string', default: '1' },
    /** Requests in flight per connection: above 1, fewer socket reads and writes per request, so the figure is more the app's own. */
    pipelining: { type: 'string', default: '1' },
    /** Another checkout whose build to serve (its `dist/`), to compare two versions at the same load. */
    root: { type: 'string', default: root },
  },
})
const headers: Record<string, string> = { 'accept-language': 'ro', ...(flags.cookie ? { cookie: flags.cookie } : {}) }

/** Pages cost milliseconds, API calls microseconds: fewer requests for pages. */
const amountFor = (p: string) => Number(flags.requests) || (p.startsWith('/api/') ? 20_000 : 2_000)

/** Measures `url` and prints its line: server CPU µs per request. */
async function perRequest(label: string, url: string, pid: number | undefined, amount: number, sent = headers): Promise<number> {
  const pipelining = Number(flags.pipelining) || 1
  await autocannon({ url, connections: 10, amount: Math.ceil(amount / 4), pipelining, headers: sent }) // warm-up
  const before = cpuMs(pid)
  const result = await autocannon({ url, connections: 10, amount, pipelining, headers: sent })
  const micros = ((cpuMs(pid) - before) * 1000) / result.requests.total
  const bad = result.non2xx + result.errors
  console.log(`${label.padEnd(28)} ${micros.toFixed(0).padStart(6)} µs CPU per request (${result.requests.total} requests${bad ? `, ${bad} non-2xx or errors` : ''}; load ${load()})`)
  return micros
}

/** `node <checkout>/dist/node/serve.js` in `cwd` (the checkout, or the bare Start app's folder), as `npm run serve` runs it. */
async function serve(cwd: string, checkout: string, dataDir: string, profileDir: string | undefined, readyPath: string) {
  const port = await freePort()
  const env: Record<string, string> = { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', PROVIDER_API_URL: '' }
  // The bench account registers without solving a challenge (development settings only).
  if (flags['signed-in-paths']) env.CAPTCHA_PROVIDER = 'none'
  if (profileDir) env.NODE_OPTIONS = `--cpu-prof --cpu-prof-dir=${profileDir}`
  const child = start(path.join(checkout, 'dist/node/serve.js'), env, cwd)
  const url = `http://${HOST}:${port}`
  await waitFor(`${url}${readyPath}`, child)
  return { url, child }
}

const load = () => os.loadavg().map((n) => n.toFixed(2)).join(' ')
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'asiguro-cpu-'))
const profileDir = flags.profile ? mkdtempSync(path.join(os.tmpdir(), 'asiguro-cpu-profile-')) : undefined
say(`load average ${load()} at the start`)
{
  // The ceiling, as `npm run bench` has it: a node:http hello-world (here a process of its own).
  const port = await freePort()
  const bare = spawn(process.execPath, ['-e', `require('node:http').createServer((req, res) => { res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }); res.end('hello world') }).listen(${port}, '${HOST}')`], { stdio: 'inherit' })
  try {
    await waitFor(`http://${HOST}:${port}/`, bare)
    await perRequest('bare node:http /', `http://${HOST}:${port}/`, bare.pid, 20_000)
  } finally {
    bare.kill()
  }
}
const paths = flags.paths.split(',').filter(Boolean)
const signedInPaths = flags['signed-in-paths'].split(',').filter(Boolean)
const app = await serve(path.resolve(flags.root), path.resolve(flags.root), dataDir, profileDir, '/api/v1/ready')
const bareBuild = flags['bare-start'] ? buildBareStart() : undefined
const bareData = mkdtempSync(path.join(os.tmpdir(), 'asiguro-cpu-bare-'))
try {
  const bare = bareBuild ? await serve(bareBuild.dir, root, bareData, profileDir, '/') : undefined
  try {
    const signedIn = signedInPaths.length ? { ...headers, cookie: [headers.cookie, await signedInCookie(app.url, path.resolve(flags.root))].filter(Boolean).join('; ') } : headers
    const figures = new Map<string, number[]>()
    const note = (label: string, micros: number) => figures.set(label, [...(figures.get(label) ?? []), micros])
    const rounds = Math.max(1, Number(flags.rounds) || 1)
    for (let round = 1; round <= rounds; round++) {
      if (rounds > 1) say(`round ${round} of ${rounds}`)
      if (bare) note('bare-start /', await perRequest('bare-start /', `${bare.url}/`, bare.child.pid, amountFor('/')))
      for (const p of paths) note(p, await perRequest(p, `${app.url}${p}`, app.child.pid, amountFor(p)))
      for (const p of signedInPaths) note(`${p} (signed in)`, await perRequest(`${p} (signed in)`, `${app.url}${p}`, app.child.pid, amountFor(p), signedIn))
    }
    const bareStart = figures.get('bare-start /')
    if (bareStart) {
      // CPU-bound, requests per second go as the inverse of CPU per request: bare-start's µs over ours is the throughput ratio.
      for (const [label, micros] of figures) {
        if (label === 'bare-start /') continue
        const ratios = micros.map((m, i) => (bareStart[i]! / m).toFixed(2))
        console.log(`${label.padEnd(28)} of the bare Start page, per round: ${ratios.join(', ')}`)
      }
    }
  } finally {
    if (bare) await stopAndWait(bare.child)
  }
} finally {
  await stopAndWait(app.child)
  bareBuild?.remove()
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(bareData, { recursive: true, force: true })
}
console.log(`load average ${load()} at the end`)
if (profileDir) say(`CPU profiles: ${profileDir}/*.cpuprofile`)
