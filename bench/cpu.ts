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
 *   npx tsx bench/cpu.ts --signed-in --paths /account/orders,/   # as a signed-in visitor (its session cookie)
 *   npx tsx bench/cpu.ts --root ../other-checkout          # that checkout's build instead of this one's
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { buildBareStart } from './bare-start'
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
    /** Registers an account, signs it in through the sign-in form's server function, and sends its session cookie. */
    'signed-in': { type: 'boolean', default: false },
    /** Requests in flight per connection: above 1, fewer socket reads and writes per request, so the figure is more the app's own. */
    pipelining: { type: 'string', default: '1' },
    /** Another checkout whose build to serve (its `dist/`), to compare two versions at the same load. */
    root: { type: 'string', default: root },
  },
})
const headers: Record<string, string> = { 'accept-language': 'ro', ...(flags.cookie ? { cookie: flags.cookie } : {}) }

/**
 * The session cookie of a new account, as a browser gets it: registered through the API, signed
 * in by posting the sign-in form to its server function (its id read from the build).
 */
async function signedInCookie(url: string, checkout: string): Promise<string> {
  const email = `bench-${Date.now()}@example.ro`
  const password = 'blue cactus orbits 42 slowly'
  const registered = await fetch(`${url}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, first_name: 'Ana', last_name: 'Popescu', phone_number: '0722123456', password, password_confirmation: password, accept_terms: true, token: '' }),
  })
  if (registered.status !== 201) throw new Error(`registering the bench account answered ${registered.status}: ${await registered.text()}`)
  const bundle = readFileSync(path.join(checkout, 'dist/server/server.js'), 'utf8')
  const signIn = /"([0-9a-f]{64})":\s*\{\s*functionName:\s*"signIn_createServerFn_handler"/.exec(bundle)?.[1]
  if (!signIn) throw new Error('no sign-in server function in the build')
  const form = new FormData()
  for (const [name, value] of Object.entries({ email, password, token: '' })) form.set(name, value)
  const posted = await fetch(`${url}/_serverFn/${signIn}`, { method: 'POST', body: form, redirect: 'manual', headers: { origin: url, 'sec-fetch-site': 'same-origin' } })
  const cookie = posted.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')
  if (posted.status >= 400 || !cookie) throw new Error(`signing in answered ${posted.status} without a session cookie`)
  return cookie
}

/** Pages cost milliseconds, API calls microseconds: fewer requests for pages. */
const amountFor = (p: string) => Number(flags.requests) || (p.startsWith('/api/') ? 20_000 : 2_000)

async function perRequest(url: string, pid: number | undefined, amount: number): Promise<string> {
  const pipelining = Number(flags.pipelining) || 1
  await autocannon({ url, connections: 10, amount: Math.ceil(amount / 4), pipelining, headers }) // warm-up
  const before = cpuMs(pid)
  const result = await autocannon({ url, connections: 10, amount, pipelining, headers })
  const ms = cpuMs(pid) - before
  const bad = result.non2xx + result.errors
  return `${((ms * 1000) / result.requests.total).toFixed(0).padStart(6)} µs CPU per request (${result.requests.total} requests${bad ? `, ${bad} non-2xx or errors` : ''})`
}

/** `node <checkout>/dist/node/serve.js` in `cwd` (the checkout, or the bare Start app's folder), as `npm run serve` runs it. */
async function serve(cwd: string, checkout: string, dataDir: string, profileDir: string | undefined, readyPath: string) {
  const port = await freePort()
  const env: Record<string, string> = { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', PROVIDER_API_URL: '' }
  // The bench account registers without solving a challenge (development settings only).
  if (flags['signed-in']) env.CAPTCHA_PROVIDER = 'none'
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
    console.log(`${'bare /'.padEnd(20)} ${await perRequest(`http://${HOST}:${port}/`, bare.pid, 20_000)}`)
  } finally {
    bare.kill()
  }
}
const app = await serve(path.resolve(flags.root), path.resolve(flags.root), dataDir, profileDir, '/api/v1/ready')
try {
  if (flags['signed-in']) {
    const session = await signedInCookie(app.url, path.resolve(flags.root))
    headers.cookie = [headers.cookie, session].filter(Boolean).join('; ')
    say('signed in: every request carries the session cookie')
  }
  for (const p of flags.paths.split(',').filter(Boolean)) console.log(`${p.padEnd(20)} ${await perRequest(`${app.url}${p}`, app.child.pid, amountFor(p))}`)
} finally {
  await stopAndWait(app.child)
  rmSync(dataDir, { recursive: true, force: true })
}
if (flags['bare-start']) {
  const build = buildBareStart()
  const bareData = mkdtempSync(path.join(os.tmpdir(), 'asiguro-cpu-bare-'))
  const bare = await serve(build.dir, root, bareData, profileDir, '/')
  try {
    console.log(`${'bare-start /'.padEnd(20)} ${await perRequest(`${bare.url}/`, bare.child.pid, amountFor('/'))}`)
  } finally {
    await stopAndWait(bare.child)
    build.remove()
    rmSync(bareData, { recursive: true, force: true })
  }
}
console.log(`load average ${load()} at the end`)
if (profileDir) say(`CPU profiles: ${profileDir}/*.cpuprofile`)
