/**
 * `npm run bench:renewals`: one run of the renewal sweep over many policies ending within the
 * window, against the sandbox services in a process of their own (`src/server/sandbox/standalone.ts`
 * on `--sandbox-port`, over HTTP as an insurer is reached): 9 insurers for RCA, their latencies ×
 * `--latency-scale`, about 5 % of calls failing or hanging, each insurer's rate limits (429 beyond
 * them), the claims history. The sweep runs in this process while a probe measures how fast its
 * API still answers.
 *
 *   npm run bench:renewals
 *   npm run bench:renewals -- --policies 100000 --batch 500 --batches-at-once 8
 *   npm run bench:renewals -- --database postgres://postgres@127.0.0.1:5432/asiguro_renewals --policies 10000
 *
 * On PostgreSQL the run has a database of its own, created from the URL's server and dropped at
 * the end (`startTestApi`).
 *
 * The policies are seeded by SQL (one account, one quote whose request they share, last days
 * spread over the 30 days of the window); the sweep then reads them in batches and quotes each
 * batch together (one claims-history call, each insurer's renewal endpoint by chunks under its
 * renewal quota). Figures (docs/benchmarks.md): policies/s, quotes made and failed, where the time
 * went (the sweep's steps), CPU of this process and of the sandbox per policy, peak RSS and heap
 * during the run (bounded memory: it should not grow with `--policies`), the p50/p99 of
 * `GET /api/v1/health` before and during the sweep, and how long a visitor's RCA quote takes from
 * its request to its last insurer's answer, before and during (a visitor's calls go first).
 */
import { mkdtempSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { eq, sql } from 'drizzle-orm'
import { addDays } from '../src/contract/iso-date'
import { RcaQuoteInput } from '../src/contract/rca'
import { AuthSession } from '../src/contract/auth'
import { todayInBucharest } from '../src/i18n/dates'
import { offers } from '../src/server/db/schema'
import { Renewals } from '../src/server/renewals/renewals'
import { startTestApi } from '../tests/support/api'
import { rcaRequest } from '../tests/support/rca'
import { setLogLevel } from '../src/server/log'
import { QuoteEnvelope } from '../src/contract/quotes'
import { json } from '../tests/support/api'
import { cpuMs, percentile, say, start, stop, stopAndWait, waitFor, HOST } from './processes'

const { values: flags } = parseArgs({
  options: {
    policies: { type: 'string', default: '2000' },
    batch: { type: 'string', default: '500' },
    'batches-at-once': { type: 'string', default: '8' },
    'latency-scale': { type: 'string', default: '0.1' },
    database: { type: 'string', default: '' },
    // The renewals helper's range (docs: team ports); any free port will do.
    'sandbox-port': { type: 'string', default: '3132' },
  },
})
const policies = Number(flags.policies)
const batchSize = Number(flags.batch)
const batchesAtOnce = Number(flags['batches-at-once'])
if (flags.database) process.env.TEST_DATABASE_URL = flags.database
setLogLevel('warn') // a line per /health probe would be the bench's own load

const sandboxUrl = `http://${HOST}:${flags['sandbox-port']}`
const sandbox = start('src/server/sandbox/standalone.ts', { SANDBOX_PORT: flags['sandbox-port']!, SANDBOX_LATENCY_SCALE: flags['latency-scale']!, LOG_LEVEL: 'error', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bench-renewals-')) })
process.on('exit', () => stop(sandbox))
await waitFor(`${sandboxUrl}/ready`, sandbox)
const t = await startTestApi(flags.database ? 'postgres' : 'pglite', { INSURER_QUOTE_TIMEOUT_MS: '5000', SANDBOX_URL: sandboxUrl, SANDBOX_ENABLED: 'false' })
await t.deps.jobs.stop()
const db = t.deps.database.db

const registered = await t.call('/auth/register', {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
  body: JSON.stringify({ email: `bench-${Date.now()}@example.ro`, first_name: 'Ana', last_name: 'Popescu', password: 'blue cactus orbits 42 slowly', password_confirmation: 'blue cactus orbits 42 slowly', accept_terms: true, token: '' }),
})
const userId = AuthSession.parse(await registered.json()).user.id
const { token: _token, ...request } = RcaQuoteInput.parse({ ...rcaRequest({ policy: { start_date: addDays(todayInBucharest(), 1) } }), token: '' })
const template = await t.deps.quotes.create('rca', request, { userId })
await t.deps.quotes.settled(template.id)
const [offer] = await db.select({ id: offers.id, insurer_code: offers.insurerCode }).from(offers).where(eq(offers.quoteId, template.id)).limit(1)

say(`seeding ${policies} issued policies ending in the next 30 days…`)
const today = todayInBucharest()
const customer = JSON.stringify({ first_name: 'Ana', last_name: 'Popescu', email: 'ana@example.ro', phone: '0722123456', address: { county: 'Cluj', city: 'Cluj-Napoca', street: 'Str. Horea 12' } })
for (let from = 1; from <= policies; from += 5000) {
  const to = Math.min(policies, from + 4999)
  await db.execute(sql`
    with o as (
      insert into orders (user_id, product, quote_id, status, total_amount, currency, customer, locale, idempotency_scope, idempotency_key, request_fingerprint)
      select ${userId}, 'rca', ${template.id}, 'issued', 50000, 'RON', ${customer}::jsonb, 'ro', 'bench', 'renewals-' || g, 'bench' from generate_series(${from}::int, ${to}::int) g
      returning id
    )
    insert into order_policies (order_id, offer_id, insurer_code, premium, status, start_date, end_date, verification_code)
    select id, ${offer!.id}, ${offer!.insurer_code}, 50000, 'issued', ${today}::date - 335, ${today}::date + (abs(hashtext(id::text)) % 30), md5(id::text) from o`)
}

// As autovacuum would after such a load: without statistics the planner takes the tables for empty.
await db.execute(sql`analyze`)

const probe = async (samples: number[], until: () => boolean) => {
  while (until()) {
    const started = performance.now()
    await t.call('/health')
    samples.push(performance.now() - started)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
/** A visitor's RCA quote over HTTP, from its request to its last insurer's answer (ms); one a second while `until`. */
let visitor = 0
const visitorQuotes = async (samples: number[], until: () => boolean) => {
  while (until()) {
    visitor++
    const started = performance.now()
    const body = { ...rcaRequest({ vehicle: { registration_plate: `CJ ${10 + (visitor % 89)} VIZ` }, policy: { start_date: addDays(todayInBucharest(), 1) } }), token: 'test-token' }
    const res = await t.call('/products/rca/quotes', json(body, { 'x-forwarded-for': `198.51.100.${1 + (visitor % 250)}` }))
    if (res.status !== 201) throw new Error(`a visitor's quote answered ${res.status}: ${await res.text()}`)
    let quote = QuoteEnvelope.parse(await res.json()).data
    while (quote.status !== 'complete') quote = QuoteEnvelope.parse(await (await t.call(`/quotes/${quote.id}?after=${quote.insurers_answered}&wait=10`)).json()).data
    samples.push(performance.now() - started)
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
}
const before: number[] = []
const visitorsBefore: number[] = []
let probing = true
setTimeout(() => (probing = false), 10_000)
await Promise.all([probe(before, () => probing), visitorQuotes(visitorsBefore, () => probing)])

let peakRss = 0
let peakHeap = 0
const memory = setInterval(() => {
  const m = process.memoryUsage()
  peakRss = Math.max(peakRss, m.rss)
  peakHeap = Math.max(peakHeap, m.heapUsed)
}, 200)
const during: number[] = []
const visitorsDuring: number[] = []
let sweeping = true
const probing2 = Promise.all([probe(during, () => sweeping), visitorQuotes(visitorsDuring, () => sweeping)])
// PostgreSQL's own CPU: its backends serving this database (this process's pool), read from /proc.
const backends = async () => {
  if (!flags.database) return new Map<number, number>()
  const found = await db.execute(sql`select pid from pg_stat_activity where datname = current_database()`)
  const rows = (Array.isArray(found) ? found : (found as { rows: unknown[] }).rows) as { pid: number }[]
  return new Map(rows.map(({ pid }) => [pid, cpuMs(pid)]))
}
const loadBefore = loadavg()[0]!
const cpuBefore = { bench: process.cpuUsage(), sandbox: cpuMs(sandbox.pid), postgres: await backends() }
const started = performance.now()
const result = await new Renewals({ db, jobs: t.deps.jobs, quotes: t.deps.quotes, batchSize, batchesAtOnce }).sweep()
const seconds = (performance.now() - started) / 1000
const benchCpu = process.cpuUsage(cpuBefore.bench)
const sandboxCpuMs = cpuMs(sandbox.pid) - cpuBefore.sandbox
const postgresCpuMs = [...(await backends())].reduce((sum, [pid, ms]) => sum + (Number.isFinite(ms) ? ms - (cpuBefore.postgres.get(pid) ?? 0) : 0), 0)
const loadAfter = loadavg()[0]!
sweeping = false
await probing2
clearInterval(memory)

const ms = (v: number) => `${v.toFixed(1)} ms`
const sorted = (a: number[]) => [...a].sort((x, y) => x - y)
const mb = (v: number) => `${(v / 1024 / 1024).toFixed(0)} MB`
say(`database ${flags.database ? 'PostgreSQL' : 'PGlite'}, ${policies} policies, batches of ${batchSize}, ${batchesAtOnce} at once, latency scale ${flags['latency-scale']}`)
say(`sweep: ${seconds.toFixed(1)} s, ${(policies / seconds).toFixed(1)} policies/s; examined ${result.examined}, quoted ${result.quoted}, failed ${result.failed}`)
const offered = await db.execute(sql`select status, count(*)::int as n from offers where quote_id <> ${template.id} group by status order by status`)
say(`offers: ${JSON.stringify(Array.isArray(offered) ? offered : (offered as { rows: unknown[] }).rows)}`)
const step = (v: number) => `${(v / 1000).toFixed(1)} s`
say(`steps (summed over batches, which overlap): candidates ${step(result.ms.candidates)}, upsert + claim ${step(result.ms.claim)}, quote (claims history, insurers, writes) ${step(result.ms.quote)}, record ${step(result.ms.record)}`)
say(`CPU per policy: this process ${((benchCpu.user + benchCpu.system) / 1000 / policies).toFixed(2)} ms, sandbox ${(sandboxCpuMs / policies).toFixed(2)} ms${flags.database ? `, PostgreSQL backends ${(postgresCpuMs / policies).toFixed(2)} ms` : ''}`)
say(`load average (1 min) at the start ${loadBefore.toFixed(1)}, at the end ${loadAfter.toFixed(1)} (2 cores, shared)`)
say(`at this rate, 100 000 policies would take ${(100_000 / (policies / seconds) / 60).toFixed(0)} min (the target: 10)`)
say(`memory: peak RSS ${mb(peakRss)}, peak heap ${mb(peakHeap)}`)
say(`GET /health before: p50 ${ms(percentile(sorted(before), 50))}, p99 ${ms(percentile(sorted(before), 99))}; during: p50 ${ms(percentile(sorted(during), 50))}, p99 ${ms(percentile(sorted(during), 99))} (${during.length} samples)`)
say(`a visitor's RCA quote, request to last answer, before: p50 ${ms(percentile(sorted(visitorsBefore), 50))}, p99 ${ms(percentile(sorted(visitorsBefore), 99))} (${visitorsBefore.length}); during: p50 ${ms(percentile(sorted(visitorsDuring), 50))}, p99 ${ms(percentile(sorted(visitorsDuring), 99))} (${visitorsDuring.length})`)
await t.close()
await stopAndWait(sandbox)
process.exit(0)
