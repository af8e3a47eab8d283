/**
 * `npm run bench:crash`: how long paying customers wait when the server dies in the middle of
 * their purchase. Buyers quote, order and pay with an approved card; the moment
 * the first order is `paid` (its issuance job claimed, the insurer still answering; other
 * notifications on their way), the API is killed with SIGKILL and started again at once. The bench prints how
 * long after the restart every approved order was issued, then reads the database: one issued policy
 * and one "policy issued" mail per order.
 *
 *   npm run bench:crash                                     # 10 buyers, PGlite
 *   npm run bench:crash -- --buyers 20 --rounds 3
 *   npm run bench:crash -- --database postgres://… --nodes 2  # two API nodes on PostgreSQL; one is killed
 *
 * Processes: the sandbox services (insurers, card processor) and the provider API alone
 * (`src/server/api/standalone.ts`), as `bench:checkout` runs them. With `--nodes 2` a second API
 * node on the same PostgreSQL keeps running while the first is killed and started again.
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import { and, count, eq, inArray } from 'drizzle-orm'
import { addDays } from '../src/contract/iso-date'
import { todayInBucharest } from '../src/i18n/dates'
import { openDatabase } from '../src/server/db/client'
import { mailOutbox, orderPolicies, orders } from '../src/server/db/schema'
import { SANDBOX_TEST_CARDS } from '../src/server/sandbox/payments/service'
import { freePort, HOST, say, start, stopAndWait, waitFor } from './processes'
import type { ChildProcess } from 'node:child_process'

const { values: flags } = parseArgs({
  options: {
    buyers: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    database: { type: 'string', default: '' },
    nodes: { type: 'string', default: '1' },
    'latency-scale': { type: 'string', default: '1' },
  },
})
const buyers = Number(flags.buyers)
const rounds = Number(flags.rounds)
const nodes = flags.database ? Math.max(1, Math.min(2, Number(flags.nodes))) : 1
const PROCESSOR_KEY = `bench-crash-processor-${randomUUID()}`

const quoteBody = (n: number) =>
  JSON.stringify({
    vehicle: { registration_plate: `CJ${10 + (n % 90)}CRS`, vin: 'UU1HSDAC5L5123456', category: 'car', make: 'Dacia', model: 'Duster', engine_capacity_cc: 1461, power_kw: 66, total_mass_kg: 1800, seats: 5, fuel: 'diesel', first_registration: '2020-03-15', usage: 'personal' },
    owner: { type: 'person', cnp: '1700101123454', driving_licence_since: '1990-05-01', county: 'CJ', locality: 'Cluj-Napoca' },
    // Two days ahead, read at each quote: a run across midnight in Bucharest still asks for a valid start.
    policy: { start_date: addDays(todayInBucharest(), 2), months: 12, direct_settlement: false },
    token: 'bench',
  })

interface Bought {
  id: string
  token: string
  email: string
}

async function json<T>(res: Response, wanted: number, step: string): Promise<T> {
  if (res.status !== wanted) throw new Error(`${step}: HTTP ${res.status} ${(await res.text()).slice(0, 200)}`)
  return ((await res.json()) as { data: T }).data
}

/** Quote, order as a guest, pay with the approved card: the card form has answered when this resolves. */
async function buy(apiUrl: string, n: number, run: string): Promise<Bought> {
  let quote = await json<{ id: string; status: string; insurers_answered: number; offers: { id: string; status: string; premium: { amount: number } | null; documents: { id: string }[] }[] }>(
    await fetch(`${apiUrl}/products/rca/quotes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: quoteBody(n) }),
    201,
    'quote',
  )
  while (quote.status !== 'complete') quote = await json<typeof quote>(await fetch(`${apiUrl}/quotes/${quote.id}?after=${quote.insurers_answered}&wait=25`), 200, 'quote poll')
  const offer = quote.offers.filter((o) => o.status === 'offered' && o.premium).sort((a, b) => a.premium!.amount - b.premium!.amount)[0]
  if (!offer) throw new Error('no insurer made an offer')
  const email = `crash-${run}-${n}@example.ro`
  const customer = { first_name: 'Maria', last_name: 'Ionescu', email, phone: '0722123456', address: { county: 'Cluj', city: 'Cluj-Napoca', street: 'Str. Horea 12' } }
  const order = await json<{ id: string; access_token: string; payment: { url: string } }>(
    await fetch(`${apiUrl}/orders`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() }, body: JSON.stringify({ offer_id: offer.id, customer, accepted_documents: offer.documents.map((d) => d.id), token: 'bench' }) }),
    201,
    'order',
  )
  const card = await fetch(order.payment.url, { method: 'POST', body: new URLSearchParams({ card_number: SANDBOX_TEST_CARDS.approved, expiry: '12/34', cvc: '123', holder: 'Maria Ionescu' }), redirect: 'manual' })
  await card.body?.cancel()
  if (card.status !== 303) throw new Error(`card form: HTTP ${card.status}`)
  return { id: order.id, token: order.access_token, email }
}

async function statusOf(apiUrl: string, order: Bought): Promise<string> {
  const res = await fetch(`${apiUrl}/orders/${order.id}`, { headers: { 'x-order-token': order.token }, signal: AbortSignal.timeout(2000) }).catch(() => undefined)
  if (!res?.ok) return 'unknown'
  return ((await res.json()) as { data: { status: string } }).data.status
}

/** "Policy issued" mails written to `email` (the development mailbox, served to this machine). */
async function mailsOf(apiUrl: string, email: string): Promise<number> {
  const res = await fetch(`${apiUrl}/dev/mailbox?${new URLSearchParams({ to: email })}`, { signal: AbortSignal.timeout(2000) }).catch(() => undefined)
  if (!res?.ok) return 0
  return ((await res.json()) as { data: { kind: string }[] }).data.filter((m) => m.kind === 'policy-issued').length
}

/** SIGKILL to the process group (tsx and the server it runs): no shutdown of any kind. */
function kill(child: ChildProcess): Promise<void> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  process.kill(-(child.pid ?? 0), 'SIGKILL')
  return exited
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'asiguro-bench-crash-'))
  const sandboxPort = await freePort()
  const apiPorts = await Promise.all(Array.from({ length: nodes }, () => freePort()))
  const sandboxUrl = `http://${HOST}:${sandboxPort}`
  const apiUrl = `http://${HOST}:${apiPorts[0]}/api/v1`
  const common = { DATA_DIR: dataDir, LOG_LEVEL: 'error', SANDBOX_LATENCY_SCALE: flags['latency-scale'], PAYMENT_SANDBOX_SECRET: PROCESSOR_KEY, APP_ENV: 'development' }
  const sandbox = start('src/server/sandbox/standalone.ts', { ...common, SANDBOX_PORT: String(sandboxPort), PUBLIC_URL: sandboxUrl })
  const startApi = (port: number) =>
    start('src/server/api/standalone.ts', {
      ...common,
      PORT: String(port),
      PUBLIC_URL: `http://${HOST}:${apiPorts[0]}`,
      DATABASE_URL: flags.database,
      SANDBOX_URL: sandboxUrl,
      SANDBOX_ENABLED: 'false',
      PAYMENT_PROVIDER: 'sandbox',
      CAPTCHA_PROVIDER: 'none',
      QUOTE_RATE_LIMIT: '0',
      PAYMENT_NOTIFICATION_RATE_LIMIT: '0',
      PUSHER_HOST: HOST,
      PUSHER_PORT: '9',
    })
  const apis = apiPorts.map((port) => startApi(port))
  const run = randomUUID().slice(0, 8)
  const bought: Bought[] = []
  const figures: { round: number; held: number; readyS: number; heldIssuedS: number; afterReadyS: number }[] = []
  try {
    await waitFor(`${sandboxUrl}/ready`, sandbox)
    for (const [i, api] of apis.entries()) await waitFor(`http://${HOST}:${apiPorts[i]}/api/v1/ready`, api)
    say(`crash: ${buyers} buyers × ${rounds} rounds, ${flags.database ? `PostgreSQL, ${nodes} node(s)` : 'PGlite'}`)
    for (let round = 1; round <= rounds; round++) {
      const batch = await Promise.all(Array.from({ length: buyers }, (_, n) => buy(apiUrl, round * 1000 + n, run)))
      bought.push(...batch)
      // Every card approved: kill the moment an order is paid, while its issuance runs and other
      // notifications may still be on their way (the processor sends them again).
      let held = new Set<string>()
      for (;;) {
        const statuses = await Promise.all(batch.map((o) => statusOf(apiUrl, o)))
        held = new Set(batch.filter((_, i) => statuses[i] === 'paid').map((o) => o.id))
        if (held.size > 0 || statuses.every((s) => s === 'issued')) break
        await sleep(10)
      }
      await kill(apis[0]!)
      const killedAt = performance.now()
      apis[0] = startApi(apiPorts[0]!)
      const ready = waitFor(`${apiUrl}/ready`, apis[0]).then(() => performance.now())
      // With two nodes the other one answers meanwhile (and takes the dead one's jobs once their leases end).
      const readUrl = nodes === 2 ? `http://${HOST}:${apiPorts[1]}/api/v1` : apiUrl
      let heldIssuedAt: number | undefined
      let allIssuedAt: number
      for (;;) {
        const statuses = await Promise.all(batch.map((o) => statusOf(readUrl, o)))
        const now = performance.now()
        if (heldIssuedAt === undefined && batch.every((o, i) => !held.has(o.id) || statuses[i] === 'issued')) heldIssuedAt = now
        if (statuses.every((s) => s === 'issued')) {
          allIssuedAt = now
          break
        }
        if (now - killedAt > 300_000) throw new Error(`round ${round}: not every approved order issued within 300 s of the kill (${statuses.join(', ')})`)
        await sleep(100)
      }
      const readyAt = await ready
      // The mail is the next job after issuance: wait for it too, or stopping the API could cut it off.
      for (const deadline = performance.now() + 120_000; ; await sleep(200)) {
        const mails = await Promise.all(batch.map((o) => mailsOf(readUrl, o.email)))
        if (mails.every((n) => n > 0)) break
        if (performance.now() > deadline) throw new Error(`round ${round}: a "policy issued" mail missing 120 s after every order was issued`)
      }
      const figure = { round, held: held.size, readyS: (readyAt - killedAt) / 1000, heldIssuedS: (heldIssuedAt! - killedAt) / 1000, afterReadyS: Math.max(0, allIssuedAt - readyAt) / 1000 }
      figures.push(figure)
      say(
        `round ${round}: killed with ${figure.held} of ${buyers} orders paid, not yet issued; up again ${figure.readyS.toFixed(1)} s after the kill; those ${figure.held} issued ${figure.heldIssuedS.toFixed(1)} s after the kill; every approved order issued ${figure.afterReadyS.toFixed(1)} s after the restart`,
      )
    }
  } finally {
    for (const api of apis) await stopAndWait(api)
    await stopAndWait(sandbox)
  }
  // The books, read once every process has stopped (PGlite admits one process).
  const database = await openDatabase({ databaseUrl: flags.database || undefined, dataDir })
  const ids = bought.map((o) => o.id)
  const policies = await database.db.select({ orderId: orderPolicies.orderId, n: count() }).from(orderPolicies).where(and(inArray(orderPolicies.orderId, ids), eq(orderPolicies.status, 'issued'))).groupBy(orderPolicies.orderId)
  const mails = await database.db
    .select({ to: mailOutbox.to, n: count() })
    .from(mailOutbox)
    .where(and(inArray(mailOutbox.to, bought.map((o) => o.email)), eq(mailOutbox.kind, 'policy-issued')))
    .groupBy(mailOutbox.to)
  const issuedOrders = await database.db.select({ n: count() }).from(orders).where(and(inArray(orders.id, ids), eq(orders.status, 'issued')))
  await database.close()
  rmSync(dataDir, { recursive: true, force: true })

  const once = (rows: { n: number }[]) => rows.length === bought.length && rows.every((r) => Number(r.n) === 1)
  const worst = (key: 'readyS' | 'heldIssuedS' | 'afterReadyS') => Math.max(...figures.map((f) => f[key]))
  console.log('| database | nodes | rounds × buyers | paid, not issued, at the kill | kill → restarted node ready (s) | kill → those issued (s) | restart ready → every approved order issued (s) | issued once | one mail each |')
  console.log('|---|---|---|---|---|---|---|---|---|')
  console.log(
    `| ${flags.database ? 'PostgreSQL' : 'PGlite'} | ${nodes} | ${rounds} × ${buyers} | ${figures.map((f) => f.held).join(', ')} | ${worst('readyS').toFixed(1)} | ${worst('heldIssuedS').toFixed(1)} | ${worst('afterReadyS').toFixed(1)} | ${once(policies) && Number(issuedOrders[0]?.n) === bought.length ? 'yes' : 'NO'} | ${once(mails) ? 'yes' : 'NO'} |`,
  )
  if (!once(policies) || !once(mails) || worst('afterReadyS') > 30) process.exitCode = 1
}

await main()
