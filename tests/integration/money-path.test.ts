import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { QuoteEnvelope } from '~/contract/quotes'
import { todayInBucharest } from '~/i18n/dates'
import { jobs, offers, orderPolicies, orders, payments, quotes } from '~/server/db/schema'
import { SIGNATURE_HEADER, signBody } from '~/server/payments/signature'
import { SANDBOX_TEST_CARDS } from '~/server/sandbox/payments'
import { acceptedDocumentsFor, databaseKinds, json, startTestApi, type TestApi } from '../support/api'
import { registerUser } from '../support/accounts'
import { pollUntilComplete, postRcaQuote, rcaRequestFromTomorrow } from '../support/quotes'
import { TEST_PAYMENT_SANDBOX_SECRET } from '../support/sandbox'
import { servedApi, until } from '../support/served-api'

/**
 * The money path under a hostile buyer (decision 91), through the real parts: the
 * payment service and the sandbox card processor over HTTP, the sandbox insurers, the job queue.
 * Bursts are Promise.all of identical requests; every assertion is on what the database and the
 * processor's own book hold afterwards.
 */
describe.each(databaseKinds)('the money path under a hostile buyer (%s)', (kind) => {
  let t: TestApi
  let close: () => Promise<unknown>
  beforeAll(async () => {
    ;({ t, close } = await servedApi(kind, { INSURER_QUOTE_TIMEOUT_MS: '2000' }))
  })
  afterAll(() => close())

  const db = () => t.deps.database.db
  const sandbox = () => t.sandbox!.payments
  const customer = (email: string) => ({ first_name: 'Dan', last_name: 'Hostil', email, phone: '0722123456', address: { county: 'Cluj', city: 'Cluj-Napoca', street: 'Str. Horea 12' } })
  const card = (url: string, number: string) => fetch(url, { method: 'POST', body: new URLSearchParams({ card_number: number, expiry: '12/34', cvc: '123', holder: 'Dan Hostil' }), redirect: 'manual' })

  let plates = 0
  /** A fresh RCA quote from the sandbox insurers; its cheapest offer. */
  async function offer(): Promise<{ id: string; quoteId: string }> {
    plates += 1
    const res = await postRcaQuote(t, rcaRequestFromTomorrow({ vehicle: { registration_plate: `CJ 9${plates} MNY` } }), {}, `198.51.100.${60 + plates}`)
    expect(res.status, await res.clone().text()).toBe(201)
    const quote = await pollUntilComplete(t, QuoteEnvelope.parse(await res.json()).data.id)
    const offered = quote.offers.find((o) => o.status === 'offered')
    expect(offered).toBeDefined()
    return { id: offered!.id, quoteId: quote.id }
  }

  type Created = { data: { id: string; status: string; payment: { url: string }; access_token?: string } }
  const createOrder = async (offerId: string, email: string, key: string, headers: Record<string, string> = {}) => t.call('/orders', json({ offer_id: offerId, customer: customer(email), accepted_documents: await acceptedDocumentsFor(t, offerId), token: '' }, { 'idempotency-key': key, ...headers }))
  const readOrder = async (id: string, headers: Record<string, string>) => ((await (await t.call(`/orders/${id}`, { headers })).json()) as { data: { status: string; failure_reason: string | null; policies: { status: string }[] } }).data
  const paymentsOf = (orderId: string) => db().select().from(payments).where(eq(payments.orderId, orderId))
  const statusOf = async (orderId: string) => (await db().select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]!.status
  const paymentStatus = async (paymentId: string) => (await db().select({ status: payments.status }).from(payments).where(eq(payments.id, paymentId)))[0]!.status
  const providerReference = async (paymentId: string) => (await db().select({ ref: payments.providerReference }).from(payments).where(eq(payments.id, paymentId)))[0]!.ref!

  /** The processor sends one of its notifications again (after its restart, or a lost acknowledgement). */
  async function resend(paymentId: string): Promise<number> {
    const book = sandbox().payment(await providerReference(paymentId))!
    const body = book.notifications[0]!.body
    const res = await fetch(book.notifyUrl, { method: 'POST', headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(TEST_PAYMENT_SANDBOX_SECRET, body) }, body })
    return res.status
  }

  it('20 identical order requests with one key, as a guest and signed in, make one order and one open payment', async () => {
    const { id: offerId } = await offer()
    const { session } = await registerUser(t)
    for (const headers of [{}, { authorization: `Bearer ${session.access_token}` }]) {
      const key = randomUUID()
      const answers = await Promise.all(Array.from({ length: 20 }, () => createOrder(offerId, 'burst@example.ro', key, headers as Record<string, string>)))
      const bodies = await Promise.all(answers.map(async (res) => ({ status: res.status, body: (await res.json()) as Created })))
      expect(bodies.map((b) => b.status)).toEqual(Array(20).fill(201))
      const ids = new Set(bodies.map((b) => b.body.data.id))
      expect(ids.size).toBe(1)
      expect(new Set(bodies.map((b) => b.body.data.payment.url)).size).toBe(1)
      const orderId = [...ids][0]!
      const attempts = await paymentsOf(orderId)
      expect(attempts.map((p) => p.status)).toEqual(['created'])
      // The processor was asked for one payment page, not twenty.
      expect(sandbox().paymentsOf(attempts[0]!.id)).toHaveLength(1)
      const [row] = await db().select().from(orders).where(eq(orders.id, orderId))
      expect(row).toMatchObject({ paymentId: attempts[0]!.id, paymentAttempts: 1 })
    }
  })

  it('five pay-again requests at once after a decline open one attempt, and the order is paid once', async () => {
    const { id: offerId } = await offer()
    const created = (await (await createOrder(offerId, 'tabs@example.ro', randomUUID())).json()) as Created
    const headers = { 'x-order-token': created.data.access_token! }
    await card(created.data.payment.url, SANDBOX_TEST_CARDS.declined)
    await until(async () => (await statusOf(created.data.id)) === 'payment_failed', 'the decline')

    const again = await Promise.all(Array.from({ length: 5 }, () => t.call(`/orders/${created.data.id}/payments`, { method: 'POST', headers })))
    expect(again.map((res) => res.status)).toEqual(Array(5).fill(201))
    const urls = new Set(await Promise.all(again.map(async (res) => ((await res.json()) as { data: { payment: { url: string } } }).data.payment.url)))
    expect(urls.size).toBe(1)
    expect((await paymentsOf(created.data.id)).map((p) => p.status).sort()).toEqual(['created', 'failed'])

    await card([...urls][0]!, SANDBOX_TEST_CARDS.approved)
    await until(async () => (await statusOf(created.data.id)) === 'issued', 'issued after paying again')
    expect((await paymentsOf(created.data.id)).map((p) => p.status).sort()).toEqual(['failed', 'paid'])
  })

  it('two pages of one order both paid at once: one pays the order, the other is refunded once by a job, and the site keeps answering', async () => {
    const { id: offerId } = await offer()
    const created = (await (await createOrder(offerId, 'twice@example.ro', randomUUID())).json()) as Created
    const orderId = created.data.id
    const headers = { 'x-order-token': created.data.access_token! }
    const [first] = await paymentsOf(orderId)
    // A page the order no longer offers but the buyer kept open (closed, as an attempt is when it is
    // replaced): the processor still takes the card on it. The order's open attempt is the second.
    await t.deps.payments.close(first!.id, 'replaced')
    const second = await t.deps.payments.start({
      orderId,
      amount: first!.amount,
      currency: first!.currency,
      description: 'RCA second tab',
      locale: 'ro',
      customer: { email: 'twice@example.ro', name: 'Dan Hostil' },
      returnUrl: `${t.config.PUBLIC_URL}/thank-you?order=${orderId}`,
      expiresAt: new Date(Date.now() + 3_600_000),
    })
    const firstUrl = first!.redirect!.url

    await Promise.all([card(firstUrl, SANDBOX_TEST_CARDS.approved), card(second.url, SANDBOX_TEST_CARDS.approved)])
    // The site answers while the duplicate is settled and refunded (on PGlite a refund inside the
    // notification's transaction used to stop every request).
    await until(async () => (await readOrder(orderId, headers)).status === 'issued', 'issued')
    await until(async () => (await paymentsOf(orderId)).some((p) => p.status === 'refunded'), 'the duplicate refunded')

    const attempts = await paymentsOf(orderId)
    expect(attempts.map((p) => p.status).sort()).toEqual(['paid', 'refunded'])
    const [row] = await db().select().from(orders).where(eq(orders.id, orderId))
    const kept = attempts.find((p) => p.status === 'paid')!
    const refunded = attempts.find((p) => p.status === 'refunded')!
    expect(row!.paymentId).toBe(kept.id)
    expect(sandbox().payment(refunded.providerReference!)).toMatchObject({ status: 'refunded', refunds: [{ key: `refund:payment:${refunded.id}` }] })
    expect(sandbox().payment(kept.providerReference!)!.status).toBe('approved')
    expect((await readOrder(orderId, headers)).policies.map((p) => p.status)).toEqual(['issued'])

    // The processor sends both approvals again (after its restart): nothing more is refunded or issued.
    expect(await Promise.all([resend(kept.id), resend(refunded.id), resend(refunded.id)])).toEqual([200, 200, 200])
    const refundJobs = await db().select().from(jobs).where(and(eq(jobs.kind, 'order.refund'), sql`${jobs.payload}->>'orderId' = ${orderId}`))
    expect(refundJobs).toHaveLength(1)
    expect(sandbox().payment(refunded.providerReference!)!.refunds).toHaveLength(1)
    expect(await db().select().from(jobs).where(eq(jobs.dedupeKey, `order.issue:${orderId}`))).toHaveLength(1)
  })

  it('a payment page carries the offer expiry and the processor refuses the card form after it', async () => {
    const { id: offerId, quoteId } = await offer()
    // Ten minutes ahead: the order is made before the offer runs out, however busy the machine.
    const expiresAt = new Date(Date.now() + 10 * 60_000)
    await db().update(quotes).set({ expiresAt }).where(eq(quotes.id, quoteId))
    const created = (await (await createOrder(offerId, 'expiry@example.ro', randomUUID(), { 'accept-language': 'en' })).json()) as Created
    const [attempt] = await paymentsOf(created.data.id)
    expect(sandbox().payment(attempt!.providerReference!)!.expiresAt).toBe(expiresAt.toISOString())
    // Then the processor's time is a second past it: `Date` stands there while the visitor opens the page and sends the card.
    vi.useFakeTimers({ toFake: ['Date'], now: expiresAt.getTime() + 1000 })
    try {
      const page = await fetch(created.data.payment.url, { headers: { 'accept-language': 'en' } })
      expect(page.status).toBe(410)
      expect(await page.text()).toContain('This payment page has expired')
      expect((await card(created.data.payment.url, SANDBOX_TEST_CARDS.approved)).status).toBe(410)
    } finally {
      vi.useRealTimers()
    }
    expect(await paymentStatus(attempt!.id)).toBe('created')
  })

  it('the old page of an order whose quote expired is still paid: refunded, the order expired, nothing issued', async () => {
    const { id: offerId, quoteId } = await offer()
    const created = (await (await createOrder(offerId, 'late@example.ro', randomUUID())).json()) as Created
    const headers = { 'x-order-token': created.data.access_token! }
    // The quote runs out after the page was made (a processor that ignores the page's expiry).
    await db().update(quotes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(quotes.id, quoteId))
    await card(created.data.payment.url, SANDBOX_TEST_CARDS.approved)
    await until(async () => (await paymentsOf(created.data.id)).some((p) => p.status === 'refunded'), 'the refund')
    expect(await readOrder(created.data.id, headers)).toMatchObject({ status: 'expired', failure_reason: 'paid_too_late', policies: [{ status: 'pending' }] })
    expect(await db().select().from(jobs).where(eq(jobs.dedupeKey, `order.issue:${created.data.id}`))).toHaveLength(0)
    // An expired order cannot be paid again.
    expect((await t.call(`/orders/${created.data.id}/payments`, { method: 'POST', headers })).status).toBe(409)
  })

  it('an approval after the cover’s start date began is refunded and the order expires: no cover bought after the fact', async () => {
    const { id: offerId } = await offer()
    const created = (await (await createOrder(offerId, 'afterthefact@example.ro', randomUUID())).json()) as Created
    const headers = { 'x-order-token': created.data.access_token! }
    // Quoted for a start that has come by the time the money is taken (27 Nov for 28 Nov, paid 1 Dec).
    const today = todayInBucharest()
    const [policy] = await db().select().from(orderPolicies).where(eq(orderPolicies.orderId, created.data.id))
    await db().update(orderPolicies).set({ startDate: today }).where(eq(orderPolicies.id, policy!.id))
    await db().update(offers).set({ startDate: today }).where(eq(offers.id, offerId))
    await card(created.data.payment.url, SANDBOX_TEST_CARDS.approved)
    await until(async () => (await paymentsOf(created.data.id)).some((p) => p.status === 'refunded'), 'the refund')
    expect(await readOrder(created.data.id, headers)).toMatchObject({ status: 'expired', failure_reason: 'paid_too_late', policies: [{ status: 'pending' }] })
  })

  it('an approval for another amount than the order total is refunded and the order fails', async () => {
    const { id: offerId } = await offer()
    const created = (await (await createOrder(offerId, 'amount@example.ro', randomUUID())).json()) as Created
    const headers = { 'x-order-token': created.data.access_token! }
    // The page charges what the order said when it was made; the order's total is now another.
    await db().update(orders).set({ totalAmount: sql`${orders.totalAmount} + 100` }).where(eq(orders.id, created.data.id))
    await card(created.data.payment.url, SANDBOX_TEST_CARDS.approved)
    await until(async () => (await paymentsOf(created.data.id)).some((p) => p.status === 'refunded'), 'the refund')
    expect(await readOrder(created.data.id, headers)).toMatchObject({ status: 'payment_failed', failure_reason: 'amount_mismatch', policies: [{ status: 'pending' }] })
    expect(await db().select().from(jobs).where(eq(jobs.dedupeKey, `order.issue:${created.data.id}`))).toHaveLength(0)
  })
})

describe.each(databaseKinds)('approvals of one order settling at the same moment (%s)', (kind) => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi(kind, { INSURER_QUOTE_TIMEOUT_MS: '2000' }, { sandbox: { latencyScale: 0.02 } })
    // The queue is read, not run: what matters is what the settlements queued.
    await t.deps.jobs.stop()
  })
  afterAll(() => t.close())

  it('ten approvals of ten attempts at once: the order is paid by one, each of the nine others gets one refund job', async () => {
    const res = await postRcaQuote(t, rcaRequestFromTomorrow({ vehicle: { registration_plate: 'CJ 99 RCE' } }), {}, '198.51.100.99')
    const quote = await pollUntilComplete(t, QuoteEnvelope.parse(await res.json()).data.id)
    const offerId = quote.offers.find((o) => o.status === 'offered')!.id
    const created = await t.deps.orders.create({ offer_id: offerId, customer: { first_name: 'Dan', last_name: 'Hostil', email: 'race@example.ro', phone: '0722123456', address: { county: 'Cluj', city: 'Cluj-Napoca', street: 'Str. Horea 12' } }, accepted_documents: await acceptedDocumentsFor(t, offerId), token: '' }, { userId: undefined, idempotencyKey: randomUUID(), locale: 'ro' })
    const attempts = Array.from({ length: 10 }, () => randomUUID())
    await Promise.all(attempts.map((paymentId) => t.deps.orders.settle({ paymentId, orderId: created.order.id, status: 'paid', amount: created.order.total.amount, currency: created.order.total.currency, at: new Date() })))
    const [order] = await t.deps.database.db.select().from(orders).where(eq(orders.id, created.order.id))
    expect(order!.status).toBe('paid')
    expect(attempts).toContain(order!.paymentId)
    const refunds = await t.deps.database.db.select().from(jobs).where(and(eq(jobs.kind, 'order.refund'), sql`${jobs.payload}->>'orderId' = ${created.order.id}`))
    expect(refunds.map((job) => (job.payload as { paymentId: string }).paymentId).sort()).toEqual(attempts.filter((id) => id !== order!.paymentId).sort())
    expect(await t.deps.database.db.select().from(jobs).where(eq(jobs.dedupeKey, `order.issue:${created.order.id}`))).toHaveLength(1)
  })
})
