/**
 * `npm run bench:renewals`: one run of the renewal sweep over many policies ending within the
 * window, against the sandbox insurers (9 for RCA, their own latencies × `--latency-scale`, about
 * 5 % failing or hanging), in this process, while a probe measures how fast the API still answers.
 *
 *   npm run bench:renewals
 *   npm run bench:renewals -- --policies 100000 --at-once 64
 *   npm run bench:renewals -- --database postgres://postgres@127.0.0.1:5432/test --policies 10000
 *
 * On PostgreSQL the run has a database of its own, created from the URL's server and dropped at
 * the end (`startTestApi`). The sandbox insurers keep their rate limits (429 beyond them) and the
 * sweep's quotes are `background` ones, leaving each insurer's reserve to visitors.
 *
 * The policies are seeded by SQL (one account, one quote whose request they share, last days
 * spread over the 30 days of the window); the sweep then reads them in batches, prepares one
 * renewal each and asks every insurer. Figures (docs/benchmarks.md): policies/s, quotes made and
 * failed, peak RSS and heap during the run (bounded memory: it should not grow with
 * `--policies`), and the p50/p99 of `GET /api/v1/health` before and during the sweep.
 */
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
import { percentile, say } from './processes'

const { values: flags } = parseArgs({
  options: {
    policies: { type: 'string', default: '2000' },
    'at-once': { type: 'string', default: '16' },
    'latency-scale': { type: 'string', default: '0.1' },
    database: { type: 'string', default: '' },
  },
})
const policies = Number(flags.policies)
const atOnce = Number(flags['at-once'])
if (flags.database) process.env.TEST_DATABASE_URL = flags.database

const t = await startTestApi(flags.database ? 'postgres' : 'pglite', { INSURER_QUOTE_TIMEOUT_MS: '5000' }, { sandbox: { latencyScale: Number(flags['latency-scale']) } })
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

const probe = async (samples: number[], until: () => boolean) => {
  while (until()) {
    const started = performance.now()
    await t.call('/health')
    samples.push(performance.now() - started)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
const before: number[] = []
let probing = true
setTimeout(() => (probing = false), 3000)
await probe(before, () => probing)

let peakRss = 0
let peakHeap = 0
const memory = setInterval(() => {
  const m = process.memoryUsage()
  peakRss = Math.max(peakRss, m.rss)
  peakHeap = Math.max(peakHeap, m.heapUsed)
}, 200)
const during: number[] = []
let sweeping = true
const probing2 = probe(during, () => sweeping)
const started = performance.now()
const result = await new Renewals({ db, jobs: t.deps.jobs, quotes: t.deps.quotes, quotesAtOnce: atOnce }).sweep()
const seconds = (performance.now() - started) / 1000
sweeping = false
await probing2
clearInterval(memory)

const ms = (v: number) => `${v.toFixed(1)} ms`
const sorted = (a: number[]) => [...a].sort((x, y) => x - y)
const mb = (v: number) => `${(v / 1024 / 1024).toFixed(0)} MB`
say(`database ${flags.database ? 'PostgreSQL' : 'PGlite'}, ${policies} policies, ${atOnce} quotes at once, latency scale ${flags['latency-scale']}`)
say(`sweep: ${seconds.toFixed(1)} s, ${(policies / seconds).toFixed(1)} policies/s; examined ${result.examined}, quoted ${result.quoted}, failed ${result.failed}`)
say(`at this rate, 100 000 policies would take ${(100_000 / (policies / seconds) / 60).toFixed(0)} min (the target: 10)`)
say(`memory: peak RSS ${mb(peakRss)}, peak heap ${mb(peakHeap)}`)
say(`GET /health before: p50 ${ms(percentile(sorted(before), 50))}, p99 ${ms(percentile(sorted(before), 99))}; during: p50 ${ms(percentile(sorted(during), 50))}, p99 ${ms(percentile(sorted(during), 99))} (${during.length} samples)`)
await t.close()
process.exit(0)
