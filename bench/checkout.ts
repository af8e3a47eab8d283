/**
 * `npm run bench:checkout`: whole purchases under load, end to end over HTTP, through the sandbox
 * insurers and the sandbox card processor, on this machine, loopback only.
 *
 *   npm run bench:checkout                                  # 100 buyers for 60 s, RCA, PGlite
 *   npm run bench:checkout -- --duration 20 --concurrency 20
 *   npm run bench:checkout -- --product ro-vignette         # one issuer (CNAIR) instead of 9 insurers
 *   npm run bench:checkout -- --latency-scale 0.1           # faster outside parties
 *   npm run bench:checkout -- --database postgres://…       # PostgreSQL instead of embedded PGlite
 *   npm run bench:checkout -- --profile                     # a .cpuprofile of the API process, on exit
 *   npm run bench:checkout -- --ramp 30                     # buyers arrive over 30 s instead of all at once
 *   npm run bench:checkout -- --count-statements            # the API's statements per purchase, by text
 *
 * Three processes: the provider API alone (`src/server/api/standalone.ts`, a fresh PGlite data
 * folder unless `--database`, `PAYMENT_PROVIDER=sandbox`), the sandbox services alone
 * (`src/server/sandbox/standalone.ts`: insurers and card processor), and this one, where
 * `--concurrency` buyers each loop for `--duration` seconds, as a browser would:
 *   1. quote   POST /products/{product}/quotes, then long-poll GET /quotes/{id} until complete;
 *   2. order   POST /orders as a guest (Idempotency-Key), the cheapest offered offer;
 *   3. pay     POST the processor's card form (every second buyer with the 3-D Secure card, then
 *              its challenge page); the processor notifies the API on its own, before or after
 *              the form answers, sometimes twice;
 *   4. issued  GET /orders/{id}?status=…&wait=25 (X-Order-Token), the long-poll, until `issued`
 *              with a policy number: the thank-you page's fallback when its realtime channel is
 *              down. `--poll short`: a plain GET every `--poll-ms` (1 s) instead, as before.
 * After the window no purchase starts; those under way finish (or time out: an error). Then the
 * bench lets the server settle (up to `--settle` seconds: no order left `paid`, every order whose
 * card was approved issued or ended), the API stops gracefully and the bench reads its database:
 * orders paid, policies issued (must be equal), policy numbers issued twice, jobs failed.
 *
 * Errors (must be 0): any step answering what a browser would not expect, a network failure, an
 * order ending anywhere but `issued`, or not issued within `--purchase-timeout` seconds. A quote
 * where no insurer made an offer is counted apart (the buyer could not buy; nothing failed).
 *
 * Hostile buyers (`--hostile`, the share of buyers, 0.25 by default; decision 91), in turn:
 *   double submit  three identical POST /orders at once with one Idempotency-Key: one order, one page;
 *   two tabs       a declined card, then "pay again" in two tabs at once: one page, paid once;
 *   late payment   the quote runs out (the operator's switch) while the card page is open, and the
 *                  buyer pays it anyway: the order must end `expired`, the money refunded.
 * The books then also say: charges the orders did not keep (a processor approval that is not an
 * order's payment) and how many of them were refunded (must be equal).
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import { count, eq, isNotNull, sql } from 'drizzle-orm'
import { addDays } from '../src/contract/iso-date'
import { todayInBucharest } from '../src/i18n/dates'
import { openDatabase } from '../src/server/db/client'
import { jobs, orderPolicies, orders, payments } from '../src/server/db/schema'
import { SANDBOX_3DS_CODE, SANDBOX_TEST_CARDS } from '../src/server/sandbox/payments/service'
import { cpuMs, freePort, HOST, percentile, say, start, stop, stopAndWait, waitFor } from './processes'

const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    concurrency: { type: 'string', default: '100' },
    product: { type: 'string', default: 'rca' },
    'latency-scale': { type: 'string', default: '1' },
    'timeout-ms': { type: 'string', default: '5000' },
    'purchase-timeout': { type: 'string', default: '180' },
    'poll-ms': { type: 'string', default: '1000' },
    poll: { type: 'string', default: 'long' },
    ramp: { type: 'string', default: '0' },
    settle: { type: 'string', default: '180' },
    database: { type: 'string', default: '' },
    hostile: { type: 'string', default: '0.25' },
    profile: { type: 'boolean', default: false },
    'count-statements': { type: 'boolean', default: false },
  },
})
const duration = Number(flags.duration)
const concurrency = Number(flags.concurrency)
const latencyScale = Number(flags['latency-scale'])
const purchaseTimeoutMs = Number(flags['purchase-timeout']) * 1000
const pollMs = Number(flags['poll-ms'])
const longPoll = flags.poll !== 'short'
const rampMs = Number(flags.ramp) * 1000
/** Between two reads of an order: none when each read is a long-poll (it waited already). */
const pause = () => (longPoll ? Promise.resolve() : sleep(pollMs))
const settleMs = Number(flags.settle) * 1000
const product = flags.product === 'ro-vignette' ? 'ro-vignette' : 'rca'
const hostileShare = Math.min(1, Math.max(0, Number(flags.hostile)))
const hostileKinds = ['double submit', 'two tabs', 'late payment'] as const
type Hostile = (typeof hostileKinds)[number]
/** Which buyers misbehave, and how: spread evenly over the run. */
const hostileOf = (n: number): Hostile | undefined => (hostileShare > 0 && Math.floor((n + 1) * hostileShare) > Math.floor(n * hostileShare) ? hostileKinds[Math.floor(n * hostileShare) % hostileKinds.length] : undefined)
/** The processor's key, given to both processes (they do not share a data folder's generated secret by chance). */
const PROCESSOR_KEY = `bench-checkout-processor-${randomUUID()}`
const OPERATOR_TOKEN = `bench-checkout-operator-${randomUUID()}`

const tomorrow = addDays(todayInBucharest(), 1)
const counties = ['CJ', 'BV', 'IS', 'TM', 'CT', 'AG', 'BH', 'SB', 'MS', 'DJ']
const letters = ['ABC', 'XYZ', 'KLM', 'RTS', 'DEF', 'GHJ', 'PRS', 'TUV']
/** A different, valid plate for each purchase (so insurers' draws vary, as real traffic does). */
const plateOf = (n: number) => `${counties[n % counties.length]}${10 + (Math.floor(n / counties.length) % 90)}${letters[Math.floor(n / (counties.length * 90)) % letters.length]}`

function quoteBody(n: number): string {
  const plate = plateOf(n)
  if (product === 'ro-vignette') return JSON.stringify({ vehicle: { registration_plate: plate, country: 'RO', vin: 'UU1HSDACN45123456', category: 'A' }, period: '12m', start_date: tomorrow, token: 'bench' })
  return JSON.stringify({
    vehicle: { registration_plate: plate, vin: 'UU1HSDAC5L5123456', category: 'car', make: 'Dacia', model: 'Duster', engine_capacity_cc: 1461, power_kw: 66, total_mass_kg: 1800, seats: 5, fuel: 'diesel', first_registration: '2020-03-15', usage: 'personal' },
    owner: { type: 'person', cnp: '1700101123454', driving_licence_since: '1990-05-01', county: 'CJ', locality: 'Cluj-Napoca' },
    policy: { start_date: tomorrow, months: 12, direct_settlement: false },
    token: 'bench',
  })
}

const customer = (n: number, run: string) => ({
  first_name: 'Maria',
  last_name: 'Ionescu',
  email: `bench-${run}-${n}@example.ro`,
  phone: '0722123456',
  address: { county: 'Cluj', city: 'Cluj-Napoca', street: 'Str. Horea 12' },
})

/** A step that went wrong, by a short name: what the run counts as its errors. */
class StepError extends Error {}

interface Timings {
  quote: number
  order: number
  pay: number
  issue: number
  total: number
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'asiguro-bench-checkout-'))
  const [apiPort, sandboxPort] = [await freePort(), await freePort()]
  const sandboxUrl = `http://${HOST}:${sandboxPort}`
  const apiUrl = `http://${HOST}:${apiPort}/api/v1`
  const common = { DATA_DIR: dataDir, LOG_LEVEL: 'error', SANDBOX_LATENCY_SCALE: String(latencyScale), PAYMENT_SANDBOX_SECRET: PROCESSOR_KEY, APP_ENV: 'development' }
  const profileDir = flags.profile ? mkdtempSync(path.join(os.tmpdir(), 'asiguro-checkout-profile-')) : undefined
  const statementCounts = flags['count-statements'] ? path.join(dataDir, 'statement-counts.json') : undefined
  const sandbox = start('src/server/sandbox/standalone.ts', { ...common, SANDBOX_PORT: String(sandboxPort), PUBLIC_URL: sandboxUrl })
  const api = start('src/server/api/standalone.ts', {
    ...common,
    PORT: String(apiPort),
    PUBLIC_URL: `http://${HOST}:${apiPort}`,
    DATABASE_URL: flags.database,
    SANDBOX_URL: sandboxUrl,
    SANDBOX_ENABLED: 'false',
    PAYMENT_PROVIDER: 'sandbox',
    OPERATOR_TOKEN,
    CAPTCHA_PROVIDER: 'none',
    QUOTE_RATE_LIMIT: '0',
    ...(statementCounts ? { DB_STATEMENT_COUNTS: statementCounts } : {}),
    INSURER_QUOTE_TIMEOUT_MS: flags['timeout-ms'],
    // No realtime node runs here: the API's order events go to a closed port and are dropped at once (the live pages' part is not measured).
    PUSHER_HOST: HOST,
    PUSHER_PORT: '9',
    // The memory settings given here, so the server does not start itself again (decision 81) and lose the profile.
    ...(profileDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir} --max-semi-space-size=8 --max-old-space-size=256`, MALLOC_MMAP_THRESHOLD_: String(128 * 1024) } : {}),
  })
  let stopped = false
  const cleanup = () => {
    stopped = true
    stop(api)
    stop(sandbox)
  }
  process.once('SIGINT', () => {
    cleanup()
    process.exit(130)
  })
  const run = randomUUID().slice(0, 8)
  try {
    await waitFor(`${sandboxUrl}/ready`, sandbox)
    await waitFor(`${apiUrl}/ready`, api)
    say(`checkout: ${concurrency} buyers for ${duration} s, ${product}, latency scale ${latencyScale}, ${flags.database ? 'PostgreSQL' : 'PGlite'}, ${longPoll ? 'order long-poll' : `order read every ${pollMs} ms`}${rampMs > 0 ? `, buyers arriving over ${flags.ramp} s` : ''}`)

    const errors = new Map<string, number>()
    const fail = (why: string) => errors.set(why, (errors.get(why) ?? 0) + 1)
    const timings: Timings[] = []
    let started = 0
    let noOffer = 0
    let completed = 0
    const hostileSeen = new Map<Hostile, number>()
    /** Orders whose card the processor approved and that no buyer has yet seen issued: the settle phase waits for them. */
    const approved = new Map<string, string>()
    const cpuAtStart = { api: cpuMs(api.pid), sandbox: cpuMs(sandbox.pid) }
    const begin = performance.now()
    const endAt = begin + duration * 1000

    async function expectStatus(res: Response, wanted: number, step: string): Promise<void> {
      if (res.status === wanted) return
      const body = await res.text().catch(() => '')
      if (process.env.BENCH_DEBUG) say(`${step} ${res.status} ${body.slice(0, 300)}`)
      throw new StepError(`${step}: HTTP ${res.status}`)
    }

    /** A request of one step; a network failure is that step's error. */
    async function step(name: string, url: string, init?: RequestInit): Promise<Response> {
      try {
        return await fetch(url, init)
      } catch (error) {
        throw new StepError(`${name}: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message).slice(0, 80) : String(error)}`)
      }
    }

    async function purchase(n: number): Promise<void> {
      const t0 = performance.now()
      // 1. Quote, polled as the browser does, until every insurer answered.
      const created = await step('quote', `${apiUrl}/products/${product}/quotes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: quoteBody(n) })
      await expectStatus(created, 201, 'quote')
      let quote = ((await created.json()) as { data: { id: string; status: string; insurers_answered: number; offers: { id: string; status: string; premium: { amount: number } | null; documents: { id: string }[] }[] } }).data
      while (quote.status !== 'complete') {
        const poll = await step('quote poll', `${apiUrl}/quotes/${quote.id}?after=${quote.insurers_answered}&wait=25`)
        await expectStatus(poll, 200, 'quote poll')
        quote = ((await poll.json()) as { data: typeof quote }).data
      }
      const offered = quote.offers.filter((o) => o.status === 'offered' && o.premium).sort((a, b) => a.premium!.amount - b.premium!.amount)
      if (offered.length === 0) {
        noOffer++
        return
      }
      const t1 = performance.now()

      // 2. The order, as a guest (a double submitter sends it three times at once, with one key).
      const hostile = hostileOf(n)
      const key = randomUUID()
      const orderInit = { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': key }, body: JSON.stringify({ offer_id: offered[0]!.id, customer: customer(n, run), accepted_documents: offered[0]!.documents.map((d) => d.id), token: 'bench' }) }
      const answers = await Promise.all(Array.from({ length: hostile === 'double submit' ? 3 : 1 }, () => step('order', `${apiUrl}/orders`, orderInit)))
      type Ordered = { data: { id: string; access_token: string; payment: { method: string; url: string } } }
      const views: Ordered[] = []
      for (const answer of answers) {
        await expectStatus(answer, 201, 'order')
        views.push((await answer.json()) as Ordered)
      }
      const order = views[0]!.data
      if (views.some((v) => v.data.id !== order.id || v.data.payment.url !== order.payment.url)) throw new StepError('double submit: two orders or two payment pages')
      const t2 = performance.now()
      const tokenHeaders = { 'x-order-token': order.access_token }
      /** The order; with `seen`, the long-poll (answered when the status is another, or after 25 s). */
      const readStatus = async (seen?: string) => {
        const wait = seen && longPoll ? `?status=${seen}&wait=25` : ''
        const read = await step('order read', `${apiUrl}/orders/${order.id}${wait}`, { headers: tokenHeaders })
        await expectStatus(read, 200, 'order read')
        return ((await read.json()) as { data: { status: string; policy: { number: string } | null } }).data
      }
      const payCard = async (url: string, number: string) => {
        const answer = await step('card form', url, { method: 'POST', body: new URLSearchParams({ card_number: number, expiry: '12/34', cvc: '123', holder: 'Maria Ionescu' }), redirect: 'manual' })
        await expectStatus(answer, 303, 'card form')
        await answer.body?.cancel()
      }
      const untilStatus = async (wanted: string) => {
        let status = 'awaiting_payment'
        for (const deadline = performance.now() + purchaseTimeoutMs; ; await pause()) {
          status = (await readStatus(status)).status
          if (status === wanted) return
          if (status !== 'awaiting_payment' || performance.now() > deadline) throw new StepError(`${hostile}: order ${status}, not ${wanted}`)
        }
      }
      if (hostile) hostileSeen.set(hostile, (hostileSeen.get(hostile) ?? 0) + 1)

      if (hostile === 'late payment') {
        // The offer runs out while the card page is open; the buyer pays it anyway.
        const expired = await step('quote expiry', `${apiUrl}/operator/quotes/${quote.id}/expire`, { method: 'POST', headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } })
        await expectStatus(expired, 200, 'quote expiry')
        await payCard(order.payment.url, SANDBOX_TEST_CARDS.approved)
        await untilStatus('expired')
        return
      }
      let payUrl = order.payment.url
      if (hostile === 'two tabs') {
        await payCard(payUrl, SANDBOX_TEST_CARDS.declined)
        await untilStatus('payment_failed')
        const again = await Promise.all([1, 2].map(() => step('pay again', `${apiUrl}/orders/${order.id}/payments`, { method: 'POST', headers: tokenHeaders })))
        const urls = new Set<string>()
        for (const answer of again) {
          await expectStatus(answer, 201, 'pay again')
          urls.add(((await answer.json()) as { data: { payment: { url: string } } }).data.payment.url)
        }
        if (urls.size !== 1) throw new StepError('two tabs: two payment pages')
        payUrl = [...urls][0]!
      }

      // 3. The processor's card form (and its 3-D Secure challenge for every second buyer).
      const threeDs = n % 2 === 1
      const card = await step('card form', payUrl, {
        method: 'POST',
        body: new URLSearchParams({ card_number: threeDs ? SANDBOX_TEST_CARDS.threeDSecure : SANDBOX_TEST_CARDS.approved, expiry: '12/34', cvc: '123', holder: 'Maria Ionescu' }),
        redirect: 'manual',
      })
      await expectStatus(card, 303, 'card form')
      await card.body?.cancel()
      if (threeDs) {
        const challenge = await step('3-D Secure', card.headers.get('location')!, { method: 'POST', body: new URLSearchParams({ code: SANDBOX_3DS_CODE }), redirect: 'manual' })
        await expectStatus(challenge, 303, '3-D Secure')
        await challenge.body?.cancel()
      }
      const t3 = performance.now()

      // 4. The thank-you page's poll, until the policy is issued.
      let status = 'awaiting_payment'
      approved.set(order.id, order.access_token)
      for (const deadline = t3 + purchaseTimeoutMs; ; await pause()) {
        const view = await readStatus(status)
        status = view.status
        if (status === 'issued') {
          if (!view.policy?.number) throw new StepError('issued without a policy number')
          approved.delete(order.id)
          break
        }
        if (['payment_failed', 'expired', 'issue_failed', 'refunded'].includes(status)) throw new StepError(`order ended ${status}`)
        if (performance.now() > deadline) throw new StepError(`not issued within ${flags['purchase-timeout']} s (${status})`)
      }
      const t4 = performance.now()
      completed++
      timings.push({ quote: t1 - t0, order: t2 - t1, pay: t3 - t2, issue: t4 - t3, total: t4 - t0 })
    }

    async function buyer(index: number): Promise<void> {
      // `--ramp`: the buyers arrive one after another over that many seconds, not all at the same instant.
      if (rampMs > 0) await sleep((rampMs * index) / concurrency)
      while (!stopped && performance.now() < endAt) {
        const n = started++
        try {
          await purchase(n)
        } catch (error) {
          fail(error instanceof StepError ? error.message : `network: ${error instanceof Error ? error.message.slice(0, 80) : String(error)}`)
        }
      }
    }
    // The site keeps answering throughout: /health asked every 250 ms while the buyers run.
    const health: number[] = []
    let healthFailures = 0
    let buying = true
    const healthProbe = (async () => {
      while (buying) {
        const t = performance.now()
        const ok = await fetch(`${apiUrl}/health`, { signal: AbortSignal.timeout(10_000) }).then((res) => res.ok, () => false)
        if (ok) health.push(performance.now() - t)
        else healthFailures++
        await sleep(250)
      }
    })()
    await Promise.all(Array.from({ length: concurrency }, (_, index) => buyer(index)))
    buying = false
    await healthProbe
    health.sort((a, b) => a - b)
    const elapsed = (performance.now() - begin) / 1000
    const cpuEnd = { api: cpuMs(api.pid), sandbox: cpuMs(sandbox.pid) }

    // Settle: what was paid gets its chance to be issued before the books are read.
    const settleFrom = performance.now()
    const operator = { authorization: `Bearer ${OPERATOR_TOKEN}` }
    for (;;) {
      for (const [id, token] of approved) {
        const read = await fetch(`${apiUrl}/orders/${id}`, { headers: { 'x-order-token': token } }).catch(() => undefined)
        const status = read?.ok ? ((await read.json()) as { data: { status: string } }).data.status : 'unknown'
        if (!['awaiting_payment', 'paid', 'unknown'].includes(status)) approved.delete(id)
      }
      const paidLeft = await fetch(`${apiUrl}/operator/orders?status=paid&limit=1`, { headers: operator })
        .then(async (res) => ((await res.json()) as { data: unknown[] }).data.length)
        .catch(() => 1)
      // Refunds of money not kept run after their notification: wait for them too.
      const refundsLeft = await fetch(`${apiUrl}/operator/metrics`, { headers: operator })
        .then(async (res) => [...(await res.text()).matchAll(/jobs\{[^}]*kind="order\.refund"[^}]*status="(?:queued|running)"[^}]*\}\s+(\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0))
        .catch(() => 1)
      if ((approved.size === 0 && paidLeft === 0 && refundsLeft === 0) || performance.now() - settleFrom > settleMs) break
      await sleep(1000)
    }
    const settledIn = (performance.now() - settleFrom) / 1000

    // The server's own account, read from its database once it has stopped (PGlite admits one process).
    await stopAndWait(api)
    await stopAndWait(sandbox)
    const database = await openDatabase({ databaseUrl: flags.database || undefined, dataDir })
    const { db } = database
    const [paid] = await db.select({ n: count() }).from(orders).where(isNotNull(orders.paidAt))
    const [issued] = await db.select({ n: count() }).from(orderPolicies).where(eq(orderPolicies.status, 'issued'))
    const byStatus = await db.select({ status: orders.status, n: count() }).from(orders).groupBy(orders.status)
    const twice = await db
      .select({ number: orderPolicies.number })
      .from(orderPolicies)
      .where(eq(orderPolicies.status, 'issued'))
      .groupBy(orderPolicies.insurerCode, orderPolicies.series, orderPolicies.number)
      .having(sql`count(*) > 1`)
    // Every processor approval is either an order's payment or money the order did not keep, to be refunded.
    const charged = await db.select({ id: payments.id, status: payments.status }).from(payments).where(sql`${payments.status} in ('paid', 'refunded')`)
    const kept = new Set((await db.select({ paymentId: orders.paymentId }).from(orders).where(isNotNull(orders.paidAt))).map((o) => o.paymentId))
    const notKept = charged.filter((p) => !kept.has(p.id))
    const notKeptRefunded = notKept.filter((p) => p.status === 'refunded').length
    const failedJobs = await db.select({ kind: jobs.kind, n: count() }).from(jobs).where(eq(jobs.status, 'failed')).groupBy(jobs.kind)
    // The server's side of "paid → issued": from the verified notification to the order marked issued (the issuance job's wait and run).
    const serverIssue = (await db.select({ paidAt: orders.paidAt, issuedAt: orders.issuedAt }).from(orders).where(isNotNull(orders.issuedAt)))
      .map((o) => o.issuedAt!.getTime() - o.paidAt!.getTime())
      .sort((a, b) => a - b)
    await database.close()

    const sorted = (key: keyof Timings) => timings.map((t) => t[key]).sort((a, b) => a - b)
    const ms = (key: keyof Timings, p: number) => percentile(sorted(key), p).toFixed(0)
    const errorCount = [...errors.values()].reduce((a, b) => a + b, 0)
    const twiceCount = twice.length
    say(`orders by status: ${byStatus.map((r) => `${r.status} ${r.n}`).join(', ') || 'none'}`)
    if (failedJobs.length > 0) say(`failed jobs: ${failedJobs.map((j) => `${j.kind} ${j.n}`).join(', ')}`)
    for (const [why, n] of errors) say(`error × ${n}: ${why}`)
    if (hostileSeen.size > 0) say(`hostile buyers: ${[...hostileSeen].map(([kind, n]) => `${kind} ${n}`).join(', ')}`)
    const rows = {
      'purchases started': String(started),
      'issued (seen by buyers)': String(completed),
      'paid orders': String(paid?.n ?? 0),
      'issued policies': String(issued?.n ?? 0),
      errors: String(errorCount),
      'no offer': String(noOffer),
      'issued twice': String(twiceCount),
      'charges not kept': String(notKept.length),
      'refunded of them': String(notKeptRefunded),
      'purchases/s': (completed / elapsed).toFixed(2),
      '/health p50/p99/max (ms)': health.length ? `${percentile(health, 50).toFixed(0)} / ${percentile(health, 99).toFixed(0)} / ${health.at(-1)!.toFixed(0)}` : 'none answered',
      '/health over 1 s or failed': `${health.filter((t) => t > 1000).length + healthFailures} of ${health.length + healthFailures}`,
      'total p50/p99 (ms)': `${ms('total', 50)} / ${ms('total', 99)}`,
      'quote p50 (ms)': ms('quote', 50),
      'order p50 (ms)': ms('order', 50),
      'pay p50 (ms)': ms('pay', 50),
      'card → seen issued p50/p99 (ms)': `${ms('issue', 50)} / ${ms('issue', 99)}`,
      'server paid → issued p50/p99 (ms)': `${percentile(serverIssue, 50).toFixed(0)} / ${percentile(serverIssue, 99).toFixed(0)}`,
      'API CPU / purchase (ms)': ((cpuEnd.api - cpuAtStart.api) / Math.max(1, completed)).toFixed(0),
      'sandbox CPU / purchase (ms)': ((cpuEnd.sandbox - cpuAtStart.sandbox) / Math.max(1, completed)).toFixed(0),
    }
    say(`window ${duration} s, last purchase done after ${elapsed.toFixed(1)} s, settled ${settledIn.toFixed(1)} s later${approved.size > 0 ? ` with ${approved.size} approved orders still not issued` : ''}`)
    console.log(`| ${Object.keys(rows).join(' | ')} |`)
    console.log(`|${Object.keys(rows).map(() => '---').join('|')}|`)
    console.log(`| ${Object.values(rows).join(' | ')} |`)
    const ok = errorCount === 0 && paid?.n === issued?.n && twiceCount === 0 && notKept.length === notKeptRefunded
    if (statementCounts) {
      // Counted from the API's start: its migrations check and seeding are a few dozen, once.
      const counted = Object.entries(JSON.parse(readFileSync(statementCounts, 'utf8')) as Record<string, number>).sort((a, b) => b[1] - a[1])
      const total = counted.reduce((sum, [, n]) => sum + n, 0)
      say(`statements: ${total}, ${(total / Math.max(1, completed)).toFixed(1)} per purchase seen issued; the most sent:`)
      for (const [text, n] of counted.slice(0, 30)) say(`  ${(n / Math.max(1, completed)).toFixed(2).padStart(6)}  ${text}`)
    }
    if (profileDir) say(`CPU profiles of the API: ${profileDir}/*.cpuprofile (npx tsx bench/cpuprofile-summary.ts <file>)`)
    if (!ok) process.exitCode = 1
  } finally {
    cleanup()
    await sleep(500)
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
