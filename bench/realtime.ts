/**
 * `npm run bench:realtime`: how many sockets one realtime node holds, in how much memory, and
 * how fast a broadcast reaches all of them, next to a bare `ws` server doing the least possible.
 *
 *   npm run bench:realtime
 *   npm run bench:realtime -- --connections 20000 --rounds 20 --payload 512 --client-processes 2
 *   npm run bench:realtime -- --no-bare --profile     # only the node, with a CPU profile
 *   npm run bench:realtime -- --pin                   # clients on CPU 0, the server on CPU 1
 *
 * Targets, one after the other, each its own process with an IPC channel to read its memory:
 *   bare      a `ws` WebSocketServer that answers the handshake and subscribe frames and, on
 *             `POST /broadcast`, writes one frame built once straight to every TCP socket: the
 *             floor of this machine for "a Node process writes a frame to N sockets";
 *   realtime  the realtime node as `npm run start:realtime` runs it (in-process adapter, a fresh
 *             data folder), broadcasts triggered with the `pusher` SDK through the HTTP API.
 *
 * For each: opens `--connections` sockets (raw `ws` clients spread over `--client-processes`
 * processes), each subscribed to one public channel; reads the server's RSS and live heap
 * (after a GC) with the sockets held, against the figures before the first one; then runs
 * `--rounds` broadcasts, recording for every socket the time from just before the trigger
 * request to the moment its client process saw the frame (p50, p99, max over all sockets), and
 * the CPU time the server process spent on the round (user + system, from `process.cpuUsage()`).
 *
 * The clients share the machine with the server: while the server writes, the client processes
 * wake up to read and take CPU from it, so the latencies include time the server waits for a
 * core. Its CPU time per round does not: it is the cost of the fan-out itself. `--pin` gives the
 * server a core of its own (clients and this process on CPU 0, the server on CPU 1, with
 * `taskset`), closer to clients on other machines; the clients then have one core to read with.
 * `--profile` writes a CPU profile of the realtime node. No assertion: figures only.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import PusherServer from 'pusher'

const { values: flags } = parseArgs({
  options: {
    connections: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '10' },
    payload: { type: 'string', default: '128' },
    'client-processes': { type: 'string', default: '2' },
    concurrency: { type: 'string', default: '500' },
    'no-bare': { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    pin: { type: 'boolean', default: false },
  },
})
const count = (name: 'connections' | 'rounds' | 'payload' | 'client-processes' | 'concurrency') => {
  const n = Number(flags[name])
  if (!Number.isInteger(n) || n < 1) {
    console.error(`--${name} must be a positive integer, got ${flags[name]}`)
    process.exit(2)
  }
  return n
}
const connections = count('connections')
const rounds = count('rounds')
const payloadBytes = count('payload')
const clientProcesses = Math.min(count('client-processes'), connections)
const concurrency = count('concurrency')

const HOST = '127.0.0.1'
const CHANNEL = 'bench'
const KEY = 'bench-key'
const root = path.resolve(import.meta.dirname, '..')
const wsPath = createRequire(import.meta.url).resolve('ws')
const say = (line: string) => process.stderr.write(`${line}\n`)
/** One monotonic clock for this process and its children (CLOCK_MONOTONIC), in ms. */
const nowMs = () => Number(process.hrtime.bigint()) / 1e6

const pin = flags.pin && os.cpus().length >= 2 && spawnSync('taskset', ['-V'], { stdio: 'ignore' }).status === 0
if (flags.pin && !pin) say('--pin needs taskset and 2 cores: running unpinned')
const CLIENT_CPU = '0'
const SERVER_CPU = '1'
/** The command that starts a child process, on `cpu` when pinned. */
const onCpu = (cpu: string, args: string[]): [string, string[]] => (pin ? ['taskset', ['-c', cpu, process.execPath, ...args]] : [process.execPath, args])

interface Memory {
  rss: number
  heapUsed: number
  external: number
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, HOST, () => resolve()))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

/**
 * The bare server, plain JS on purpose (nothing but `ws`): the same IPC conversation as the
 * realtime node (`ready`, then `stats` on request).
 */
const BARE = `
const http = require('node:http')
const { WebSocketServer } = require(process.env.WS_PATH)
const sockets = new Map() // WebSocket -> its TCP socket
// One whole text frame (FIN, opcode 1, unmasked; payloads under 64 KiB), built once and written to every socket.
function textFrame(text) {
  const payload = Buffer.from(text)
  const header = payload.length < 126 ? Buffer.from([0x81, payload.length]) : Buffer.from([0x81, 126, payload.length >> 8, payload.length & 0xff])
  return Buffer.concat([header, payload])
}
const server = http.createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/broadcast') return res.writeHead(404).end()
  let body = ''
  req.on('data', (c) => (body += c))
  req.on('end', () => {
    const frame = textFrame(JSON.stringify({ event: 'bench', channel: 'bench', data: body }))
    for (const socket of sockets.values()) socket.write(frame)
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
  })
})
const wss = new WebSocketServer({ server, perMessageDeflate: false })
let id = 0
wss.on('connection', (ws, request) => {
  ws.send(JSON.stringify({ event: 'pusher:connection_established', data: JSON.stringify({ socket_id: ++id + '.1', activity_timeout: 120 }) }))
  ws.on('message', (data) => {
    const m = JSON.parse(data.toString())
    if (m.event === 'pusher:subscribe') { sockets.set(ws, request.socket); ws.send(JSON.stringify({ event: 'pusher_internal:subscription_succeeded', channel: m.data.channel, data: '{}' })) }
  })
  ws.on('close', () => sockets.delete(ws))
})
server.listen(Number(process.env.PORT), process.env.HOST, () => process.send({ type: 'ready' }))
process.on('message', (m) => {
  if (m && m.type === 'stats') { globalThis.gc && globalThis.gc(); process.send({ type: 'stats', ...process.memoryUsage() }) }
  if (m && m.type === 'cpu') process.send({ type: 'cpu', ...process.cpuUsage() })
})
process.on('disconnect', () => process.exit(0))
`

interface Target {
  name: 'bare' | 'realtime'
  child: ChildProcess
  url: string
  trigger(data: string): Promise<void>
  stop(): Promise<void>
}

function waitFor(child: ChildProcess, type: string, ms: number): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} from the server within ${ms} ms`)), ms)
    const onExit = (code: number | null) => reject(new Error(`the server exited (${code}) before ${type}`))
    const listener = (message: { type?: string }) => {
      if (message?.type !== type) return
      clearTimeout(timer)
      child.off('message', listener)
      child.off('exit', onExit)
      resolve(message as Record<string, unknown>)
    }
    child.on('message', listener)
    child.once('exit', onExit)
  })
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
  await exited
  clearTimeout(timer)
}

async function startBare(): Promise<Target> {
  const port = await freePort()
  const [command, args] = onCpu(SERVER_CPU, ['--expose-gc', '-e', BARE])
  const child = spawn(command, args, {
    env: { ...process.env, WS_PATH: wsPath, PORT: String(port), HOST },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  await waitFor(child, 'ready', 30_000)
  return {
    name: 'bare',
    child,
    url: `ws://${HOST}:${port}/app/${KEY}?protocol=7`,
    trigger: async (data) => {
      const response = await fetch(`http://${HOST}:${port}/broadcast`, { method: 'POST', body: data })
      await response.arrayBuffer()
    },
    stop: () => stopChild(child),
  }
}

async function startRealtime(profileDir: string | undefined): Promise<Target> {
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'asiguro-bench-realtime-'))
  const secret = randomBytes(24).toString('hex')
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []
  // The built node, as `npm run start:realtime` runs it: `npm run build` first (decision 60).
  const entry = path.join(root, 'dist/node/realtime.js')
  if (!existsSync(entry)) throw new Error('dist/node/realtime.js is missing: run `npm run build` first')
  const [command, args] = onCpu(SERVER_CPU, ['--expose-gc', ...profile, entry])
  const child = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      APP_ENV: 'test',
      NODE_ENV: 'production',
      HOST,
      REALTIME_PORT: String(port),
      DATA_DIR: dataDir,
      REDIS_URL: '',
      REALTIME_MAX_CONNECTIONS: '0',
      // Every client of the benchmark comes from this machine's one address.
      REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '0',
      REALTIME_CONNECTION_RATE_PER_ADDRESS: '0',
      PUSHER_APP_ID: 'bench',
      PUSHER_APP_KEY: KEY,
      PUSHER_APP_SECRET: secret,
      PUSHER_WEBHOOK_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  await waitFor(child, 'ready', 60_000)
  const sdk = new PusherServer({ appId: 'bench', key: KEY, secret, host: HOST, port: String(port), useTLS: false })
  return {
    name: 'realtime',
    child,
    url: `ws://${HOST}:${port}/app/${KEY}?protocol=7&client=bench&version=1`,
    trigger: async (data) => {
      await sdk.trigger(CHANNEL, 'bench', data)
    },
    stop: async () => {
      await stopChild(child)
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

async function memory(target: Target): Promise<Memory> {
  const reply = waitFor(target.child, 'stats', 30_000)
  target.child.send({ type: 'stats' })
  return (await reply) as unknown as Memory
}

/** CPU time (user + system) the server process has used so far, in ms. */
async function serverCpuMs(target: Target): Promise<number> {
  const reply = waitFor(target.child, 'cpu', 30_000)
  target.child.send({ type: 'cpu' })
  const { user, system } = (await reply) as unknown as { user: number; system: number }
  return (user + system) / 1000
}

/**
 * A client process: opens its share of sockets, subscribes each, answers pings, and per round
 * records when each socket saw the broadcast (on the monotonic clock the bench uses). Plain JS,
 * so it runs without a TypeScript loader.
 */
const CLIENT = `
const { WebSocket } = require(process.env.WS_PATH)
const { BENCH_URL: url, BENCH_CHANNEL: channel } = process.env
const count = Number(process.env.BENCH_COUNT)
const concurrency = Number(process.env.BENCH_CONCURRENCY)
const sockets = []
let times = new Float64Array(count)
let received = 0
let failures = 0
const now = () => Number(process.hrtime.bigint()) / 1e6
const BENCH = '{"event":"bench"'
function open() {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { perMessageDeflate: false, skipUTF8Validation: true })
    let done = false
    const finish = (ok) => { if (!done) { done = true; if (!ok) failures++; resolve() } }
    ws.on('error', () => finish(false))
    ws.on('close', () => finish(false))
    ws.on('message', (data) => {
      if (data.length > 16 && data.toString('latin1', 0, 16) === BENCH) {
        times[received++] = now()
        if (received === sockets.length) process.send({ type: 'round', times: times.slice(0, received) })
        return
      }
      const message = JSON.parse(data.toString())
      if (message.event === 'pusher:connection_established') ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel } }))
      else if (message.event === 'pusher_internal:subscription_succeeded') { sockets.push(ws); finish(true) }
      else if (message.event === 'pusher:ping') ws.send('{"event":"pusher:pong","data":{}}')
    })
  })
}
process.on('message', async (message) => {
  if (message.type === 'open') {
    let next = 0
    const lane = async () => { while (next < count) { next++; await open() } }
    await Promise.all(Array.from({ length: Math.min(concurrency, count) }, lane))
    process.send({ type: 'opened', sockets: sockets.length, failures })
  } else if (message.type === 'round') {
    received = 0
    times = new Float64Array(sockets.length)
    process.send({ type: 'armed' })
  } else if (message.type === 'close') {
    for (const ws of sockets) ws.terminate()
    process.exit(0)
  }
})
process.on('disconnect', () => process.exit(0)) // the bench stopped: do not outlive it
process.send({ type: 'started' })
`

/** A client process and a way to await its next message of a given type. */
class ClientProcess {
  private readonly child: ChildProcess
  private readonly waiting = new Map<string, (message: Record<string, unknown>) => void>()
  readonly started: Promise<unknown>

  constructor(url: string, share: number) {
    const [command, args] = onCpu(CLIENT_CPU, ['-e', CLIENT])
    this.child = spawn(command, args, {
      env: { ...process.env, WS_PATH: wsPath, BENCH_URL: url, BENCH_CHANNEL: CHANNEL, BENCH_COUNT: String(share), BENCH_CONCURRENCY: String(Math.ceil(concurrency / clientProcesses)) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced', // the round's times as a typed array, not JSON
    })
    this.child.on('message', (message: Record<string, unknown> & { type: string }) => {
      const resolve = this.waiting.get(message.type)
      this.waiting.delete(message.type)
      resolve?.(message)
    })
    this.child.on('exit', (code) => {
      if (code !== 0 && code !== null) {
        say(`a client process exited with ${code}`)
        process.exitCode = 1
      }
    })
    this.started = this.reply('started')
  }

  private reply<T>(type: string): Promise<T> {
    return new Promise<T>((resolve) => this.waiting.set(type, resolve as (message: Record<string, unknown>) => void))
  }

  ask<T>(type: string, reply = type): Promise<T> {
    const answer = this.reply<T>(reply)
    this.child.send({ type })
    return answer
  }

  /** Arms a round; `delivered` settles once every socket of this process got the broadcast. */
  async arm(): Promise<{ delivered: Promise<{ times: Float64Array }> }> {
    const delivered = this.reply<{ times: Float64Array }>('round')
    await this.ask('round', 'armed')
    return { delivered }
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return
    const exited = new Promise((resolve) => this.child.once('exit', resolve))
    this.child.send({ type: 'close' })
    await exited
  }
}

interface Round {
  round: number
  p50: number
  p99: number
  max: number
  delivered: number
  /** CPU time of the server process from just before the trigger to the last delivery. */
  serverCpuMs: number
}

interface Result {
  name: string
  held: number
  failed: number
  openSeconds: number
  before: Memory
  after: Memory
  rounds: Round[]
  overall: Round
}

const percentile = (sorted: Float64Array, p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN

async function measure(target: Target): Promise<Result> {
  const before = await memory(target)
  const shares = Array.from({ length: clientProcesses }, (_, i) => Math.floor(connections / clientProcesses) + (i < connections % clientProcesses ? 1 : 0))
  say(`${target.name}: opening ${connections} sockets from ${clientProcesses} client processes (${concurrency} handshakes in flight)`)
  const clients = shares.map((share) => new ClientProcess(target.url, share))
  try {
    await Promise.all(clients.map((c) => c.started))
    const opening = Date.now()
    const opened = await Promise.all(clients.map((c) => c.ask<{ sockets: number; failures: number }>('open', 'opened')))
    const openSeconds = (Date.now() - opening) / 1000
    const held = opened.reduce((n, o) => n + o.sockets, 0)
    const failed = opened.reduce((n, o) => n + o.failures, 0)
    await new Promise((resolve) => setTimeout(resolve, 2000)) // let the server settle
    const after = await memory(target)

    const data = JSON.stringify({ pad: 'x'.repeat(Math.max(0, payloadBytes - 10)) })
    const rows: Round[] = []
    const all: number[] = []
    for (let round = 1; round <= rounds; round++) {
      const armed = await Promise.all(clients.map((c) => c.arm()))
      await new Promise((resolve) => setTimeout(resolve, 300))
      const cpuBefore = await serverCpuMs(target)
      const start = nowMs()
      await target.trigger(data)
      const done = Promise.all(armed.map((a) => a.delivered))
      const results = await Promise.race([done, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 30_000))])
      if (!results) throw new Error(`${target.name} round ${round}: not every socket got the broadcast within 30 s`)
      const serverCpu = (await serverCpuMs(target)) - cpuBefore
      const latencies = Float64Array.from(results.flatMap((r) => Array.from(r.times, (t) => t - start))).sort()
      const row = { round, p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies[latencies.length - 1] ?? NaN, delivered: latencies.length, serverCpuMs: serverCpu }
      rows.push(row)
      for (const l of latencies) all.push(l)
      say(`${target.name} round ${round}: p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms, max ${row.max.toFixed(1)} ms, server CPU ${row.serverCpuMs.toFixed(1)} ms`)
    }
    const sorted = Float64Array.from(all).sort()
    const cpuMean = rows.reduce((n, r) => n + r.serverCpuMs, 0) / rows.length
    const overall = { round: 0, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] ?? NaN, delivered: sorted.length, serverCpuMs: cpuMean }
    return { name: target.name, held, failed, openSeconds, before, after, rounds: rows, overall }
  } finally {
    for (const client of clients) await client.stop()
  }
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`
const ms = (value: number) => value.toFixed(1)

function report(results: Result[], loadBefore: number[]): void {
  const cpus = os.cpus()
  const load = (l: number[]) => l.map((n) => n.toFixed(2)).join(' ')
  console.log(`node ${process.version} · ${cpus[0]?.model.trim() ?? 'unknown CPU'} · ${cpus.length} cores · ${os.platform()} ${os.release()}`)
  console.log(`load average (1, 5, 15 min) before: ${load(loadBefore)}, after: ${load(os.loadavg())} (other work on the machine skews every figure)`)
  console.log(`${connections} sockets per target from ${clientProcesses} client processes; ${rounds} broadcasts of a ${payloadBytes}-byte event; ${pin ? `clients on CPU ${CLIENT_CPU}, servers on CPU ${SERVER_CPU}` : 'CPU placement left to the kernel'}\n`)
  console.log('| target | sockets held | opened in | RSS before | RSS with sockets | RSS per socket | heap (after GC) with sockets | heap per socket |')
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|')
  for (const r of results) {
    const per = (key: keyof Memory) => kib((r.after[key] - r.before[key]) / Math.max(1, r.held))
    console.log(`| ${r.name} | ${r.held}${r.failed ? ` (${r.failed} failed)` : ''} | ${r.openSeconds.toFixed(1)} s | ${mib(r.before.rss)} | ${mib(r.after.rss)} | ${per('rss')} | ${mib(r.after.heapUsed)} | ${per('heapUsed')} |`)
  }
  console.log('\nbroadcast, trigger request to delivery on every socket (ms), and the server process\'s CPU time for the round (ms; `all`: the mean):\n')
  console.log(`| round | ${results.map((r) => `${r.name} p50 | ${r.name} p99 | ${r.name} max | ${r.name} CPU`).join(' | ')} |`)
  console.log(`|---:|${results.map(() => '---:|---:|---:|---:').join('|')}|`)
  const cells = (r: Round, bold: boolean) => [r.p50, r.p99, r.max, r.serverCpuMs].map((v) => (bold ? `**${ms(v)}**` : ms(v))).join(' | ')
  for (let i = 0; i < rounds; i++) console.log(`| ${i + 1} | ${results.map((r) => cells(r.rounds[i]!, false)).join(' | ')} |`)
  console.log(`| all | ${results.map((r) => cells(r.overall, true)).join(' | ')} |`)
}

async function main(): Promise<void> {
  const profileDir = flags.profile ? mkdtempSync(path.join(os.tmpdir(), 'asiguro-bench-realtime-profile-')) : undefined
  const results: Result[] = []
  if (pin) spawnSync('taskset', ['-a', '-pc', CLIENT_CPU, String(process.pid)], { stdio: 'ignore' }) // this process triggers and collects: the clients' side
  const loadBefore = os.loadavg()
  const starters = [...(flags['no-bare'] ? [] : [startBare]), () => startRealtime(profileDir)]
  for (const start of starters) {
    const target = await start()
    try {
      results.push(await measure(target))
    } finally {
      await target.stop()
    }
  }
  report(results, loadBefore)
  if (profileDir) say(`CPU profile of the realtime node: ${profileDir}/*.cpuprofile`)
}

await main()
