/**
 * `npm run bench:quotes`: the quote engine under load, with 9 sandbox insurers at their own
 * latencies (100 ms–3 s, about 5 % failing or hanging), on this machine, loopback only.
 *
 *   npm run bench:quotes
 *   npm run bench:quotes -- --duration 20 --warmup 5 --visitors 600
 *   npm run bench:quotes -- --poll complete        # one long-poll per quote instead of one per answer
 *   npm run bench:quotes -- --database postgres://postgres@127.0.0.1:5432/test
 *   npm run bench:quotes -- --no-build             # reuse dist/node as it is
 *
 * Three processes: the provider API alone (`dist/node/api.js`, the built JavaScript production
 * runs, bundled first from the sources as they are; embedded PGlite on a fresh data folder unless
 * `--database`), the sandbox services alone (`dist/node/sandbox.js`, latency scale 1), and this one, where `--visitors` simulated visitors each loop: post a quote
 * (a different plate each time, so insurers' draws vary), then long-poll it as the browser does
 * (`after=<answered>&wait=25`) until it is complete.
 *
 * Figures (docs/benchmarks.md):
 *   quotes/s  quotes completed per second during the measured window;
 *   overhead  per quote, the time from sending the POST to seeing it complete, minus the outside
 *             parties' own time: the claims history's answer (measured alone before the run)
 *             plus the slowest insurer's latency (its draw × scale, or the timeout for a hang,
 *             both known from the request). What is left is the server's own time (validation,
 *             writes, fan-out, notification) plus the long-poll's round trip, p50 and p99;
 *   CPU       per quote, of the API, the sandbox and this process (the visitors), over the window.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import { addDays } from '../src/contract/iso-date'
import { RcaQuoteInput, type RcaQuoteInputRaw } from '../src/contract/rca'
import { todayInBucharest } from '../src/i18n/dates'
import { rcaInsurers } from '../src/server/products/rca/insurers'
import { sandboxClassOf } from '../src/server/sandbox/claims-history'
import { quoteBehaviour } from '../src/server/sandbox/insurers'
import { buildNodeEntries, cpuMs, freePort, HOST, percentile, say, start, stop, waitFor } from './processes'

const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '5' },
    visitors: { type: 'string', default: '500' },
    'latency-scale': { type: 'string', default: '1' },
    'timeout-ms': { type: 'string', default: '5000' },
    poll: { type: 'string', default: 'progress' },
    database: { type: 'string', default: '' },
    profile: { type: 'string', default: '' },
    build: { type: 'boolean', default: true },
  },
  allowNegative: true,
})
const duration = Number(flags.duration)
const warmup = Number(flags.warmup)
const visitors = Number(flags.visitors)
const latencyScale = Number(flags['latency-scale'])
const timeoutMs = Number(flags['timeout-ms'])
const pollMode = flags.poll === 'complete' ? 'complete' : 'progress'

/** The owner every quote uses (one claims-history latency); the plates vary. */
const OWNER = { type: 'person' as const, cnp: '1700101123454', driving_licence_since: '1990-05-01', county: 'CJ' as const, locality: 'Cluj-Napoca' }

interface Planned {
  body: string
  /** The slowest insurer's time for this request, in ms (latency × scale, or the timeout for a hang). */
  slowestMs: number
}

function plan(): Planned[] {
  const start = addDays(todayInBucharest(), 1)
  const counties = ['CJ', 'BV', 'IS', 'TM', 'CT', 'AG', 'BH', 'SB']
  const letters = ['ABC', 'XYZ', 'KLM', 'RTS', 'DEF']
  const planned: Planned[] = []
  for (const county of counties)
    for (let n = 10; n < 100; n++)
      for (const l of letters) {
        const raw: RcaQuoteInputRaw = {
          vehicle: { registration_plate: `${county}${n}${l}`, vin: 'UU1HSDAC5L5123456', category: 'car', make: 'Dacia', model: 'Duster', engine_capacity_cc: 1461, power_kw: 66, total_mass_kg: 1800, seats: 5, fuel: 'diesel', first_registration: '2020-03-15', usage: 'personal' },
          owner: OWNER,
          policy: { start_date: start, months: 12, direct_settlement: false },
          token: 'bench',
        }
        const { token: _token, ...request } = RcaQuoteInput.parse(raw)
        const payload = { ...request, bonus_malus: sandboxClassOf(`person:${OWNER.cnp}`) }
        const slowestMs = Math.max(
          ...rcaInsurers.map(({ code }) => {
            // The first try's draw in the minute the plan is made (the sandbox draws with the minute it is asked in).
            const b = quoteBehaviour(code, 'rca', payload, { attempt: 1, at: new Date() })
            return b.outcome === 'hang' ? timeoutMs : b.latencyMs * latencyScale
          }),
        )
        planned.push({ body: JSON.stringify(raw), slowestMs })
      }
  return planned
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'asiguro-bench-quotes-'))
  const [apiPort, sandboxPort] = [await freePort(), await freePort()]
  const sandboxUrl = `http://${HOST}:${sandboxPort}`
  const apiUrl = `http://${HOST}:${apiPort}/api/v1`
  const common = { DATA_DIR: dataDir, LOG_LEVEL: 'error', SANDBOX_LATENCY_SCALE: String(latencyScale) }
  if (flags.build) buildNodeEntries()
  const sandbox = start('dist/node/sandbox.js', { ...common, SANDBOX_PORT: String(sandboxPort) })
  const api = start('dist/node/api.js', {
    ...common,
    PORT: String(apiPort),
    DATABASE_URL: flags.database,
    SANDBOX_URL: sandboxUrl,
    SANDBOX_ENABLED: 'false',
    CAPTCHA_PROVIDER: 'none',
    QUOTE_RATE_LIMIT: '0',
    // The quote engine's own throughput: no purchases run here, so no places kept for issuances (decision 167).
    QUOTES_AT_ONCE: '0',
    INSURER_QUOTE_TIMEOUT_MS: String(timeoutMs),
    // `--profile <dir>`: a CPU profile of the API process, written when it stops.
    ...(flags.profile ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${path.resolve(flags.profile)}`.trim() } : {}),
  })
  const cleanup = () => {
    stop(api)
    stop(sandbox)
  }
  process.once('SIGINT', () => {
    cleanup()
    process.exit(130)
  })
  try {
    await waitFor(`${sandboxUrl}/ready`, sandbox)
    await waitFor(`${apiUrl}/ready`, api)
    const planned = plan()

    // The claims history's own time for the owner, alone (fastest of five, HTTP included).
    const claims: number[] = []
    for (let i = 0; i < 8 && claims.length < 5; i++) {
      const t0 = performance.now()
      try {
        await (await fetch(`${sandboxUrl}/sandbox/claims-history/persons/${OWNER.cnp}`)).arrayBuffer()
        claims.push(performance.now() - t0)
      } catch {
        // a kept-alive socket the sandbox closed: try again
      }
    }
    const claimsMs = Math.min(...claims)

    say(`quotes: ${visitors} visitors, warm-up ${warmup} s, measuring ${duration} s, insurer latency scale ${latencyScale}, timeout ${timeoutMs} ms, poll ${pollMode}, ${flags.database ? 'PostgreSQL' : 'PGlite'}`)
    const begin = performance.now()
    const measureFrom = begin + warmup * 1000
    const measureTo = measureFrom + duration * 1000
    const overheads: number[] = []
    const firstOffer: number[] = []
    let completed = 0
    let failures = 0
    let polls = 0
    let next = 0
    const ownCpuMs = () => {
      const { user, system } = process.cpuUsage()
      return (user + system) / 1000
    }
    let cpuAtStart = { api: NaN, sandbox: NaN, bench: NaN }
    setTimeout(() => (cpuAtStart = { api: cpuMs(api.pid), sandbox: cpuMs(sandbox.pid), bench: ownCpuMs() }), warmup * 1000).unref()

    async function visitor(): Promise<void> {
      while (performance.now() < measureTo) {
        const item = planned[next++ % planned.length]!
        const t0 = performance.now()
        try {
          const res = await fetch(`${apiUrl}/products/rca/quotes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: item.body })
          const created = (await res.json()) as { data?: { id: string; insurers_answered: number; insurers_total: number } }
          if (res.status !== 201 || !created.data) throw new Error(`POST ${res.status} ${JSON.stringify(created).slice(0, 300)}`)
          let answered = pollMode === 'complete' ? created.data.insurers_total - 1 : 0
          let first: number | undefined
          for (;;) {
            polls += 1
            const poll = await fetch(`${apiUrl}/quotes/${created.data.id}?after=${answered}&wait=25`)
            const { data } = (await poll.json()) as { data: { status: string; insurers_answered: number } }
            if (first === undefined && data.insurers_answered > 0) first = performance.now() - t0
            if (data.status === 'complete') break
            if (pollMode === 'progress') answered = data.insurers_answered
          }
          const t1 = performance.now()
          if (process.env.BENCH_DEBUG) say(`quote ${created.data.id} ${(t1 - t0).toFixed(0)} ms, slowest ${item.slowestMs}`)
          if (t0 >= measureFrom && t1 <= measureTo) {
            completed += 1
            overheads.push(t1 - t0 - claimsMs - item.slowestMs)
            if (first !== undefined) firstOffer.push(first)
          }
        } catch (error) {
          if (t0 >= measureFrom) failures += 1
          if (failures === 1) say(`first failure: ${error instanceof Error ? error.message : String(error)}`)
        }
      }
    }
    const cpuAtEnd = new Promise<{ api: number; sandbox: number; bench: number }>((resolve) =>
      setTimeout(() => resolve({ api: cpuMs(api.pid), sandbox: cpuMs(sandbox.pid), bench: ownCpuMs() }), (warmup + duration) * 1000).unref(),
    )
    await Promise.all(Array.from({ length: visitors }, visitor))
    const cpuEnd = await cpuAtEnd

    overheads.sort((a, b) => a - b)
    firstOffer.sort((a, b) => a - b)
    const rows = {
      'quotes/s': (completed / duration).toFixed(1),
      'overhead p50 (ms)': percentile(overheads, 50).toFixed(1),
      'overhead p99 (ms)': percentile(overheads, 99).toFixed(1),
      'first answer p50 (ms)': percentile(firstOffer, 50).toFixed(0),
      'quotes measured': String(completed),
      'polls per quote': (polls / Math.max(1, next)).toFixed(1),
      failures: String(failures),
      'claims history (ms)': claimsMs.toFixed(1),
      'API CPU per quote (ms)': ((cpuEnd.api - cpuAtStart.api) / Math.max(1, completed)).toFixed(1),
      'sandbox CPU per quote (ms)': ((cpuEnd.sandbox - cpuAtStart.sandbox) / Math.max(1, completed)).toFixed(1),
      'bench CPU per quote (ms)': ((cpuEnd.bench - cpuAtStart.bench) / Math.max(1, completed)).toFixed(1),
    }
    console.log(`| ${Object.keys(rows).join(' | ')} |`)
    console.log(`|${Object.keys(rows).map(() => '---').join('|')}|`)
    console.log(`| ${Object.values(rows).join(' | ')} |`)
  } finally {
    cleanup()
    await sleep(flags.profile ? 3000 : 500)
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
