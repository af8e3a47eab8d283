import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { randomBytes, randomUUID } from 'node:crypto'
import { addDays } from '~/contract/iso-date'
import { createMemoryDocumentStore } from '~/server/documents'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { and, eq, like, sql } from 'drizzle-orm'
import { createApiDeps, type PurchaseParts } from '~/server/api'
import type { Database } from '~/server/db/client'
import { insurers, jobs, mailOutbox, offers, orders, quotes } from '~/server/db/schema'
import { InsurerRefusal, type IssuedPolicy, type PolicyIssueRequest, type PolicyIssuer } from '~/server/orders/ports'
import { acceptedDocumentsFor, databaseKinds, errorOf, json, startTestApi, testConfig, type TestApi } from '../support/api'
import { ProcessorDouble } from '../support/processor-double'

/** The insurer at the boundary: idempotent by key, as the sandbox insurer is; can refuse. */
class InsurerDouble implements PolicyIssuer {
  issued = new Map<string, IssuedPolicy>()
  calls = 0
  refuse = false
  async issue(request: PolicyIssueRequest): Promise<IssuedPolicy> {
    this.calls++
    if (this.refuse) throw new InsurerRefusal('risk_not_covered')
    const known = this.issued.get(request.idempotencyKey)
    if (known) return known
    const policy = { number: String(100000 + this.issued.size), series: 'RO/25/A', start_date: today, end_date: request.endDate ?? '2027-11-24' }
    this.issued.set(request.idempotencyKey, policy)
    return policy
  }
}

const customer = (email: string) => ({
  first_name: 'Ana',
  last_name: 'Popescu',
  email,
  phone: '0722123456',
  address: { county: 'București', city: 'București', street: 'Str. Lalelelor 3' },
})

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest' }).format(new Date())
const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest' }).format(new Date(Date.now() + 86_400_000))
const inAYear = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest' }).format(new Date(Date.now() + 360 * 86_400_000))

/** A quote with one offered offer for a vehicle; `expired` makes its quote run out. */
async function seedOffer(db: Database, options: { expired?: boolean; plate?: string } = {}): Promise<string> {
  await db.insert(insurers).values({ code: 'test-ins', name: 'Test Asigurări', asfRegistration: 'RA-000' }).onConflictDoNothing()
  const quoteId = randomBytes(16).toString('base64url')
  const offerId = randomBytes(16).toString('base64url')
  await db.insert(quotes).values({
    id: quoteId,
    product: 'rca',
    request: { registration_plate: options.plate ?? 'B123ABC', vin: 'WVWZZZ1JZXW000001' },
    insurersTotal: 1,
    status: 'complete',
    expiresAt: new Date(Date.now() + (options.expired ? -60_000 : 3_600_000)),
  })
  await db.insert(offers).values({ id: offerId, quoteId, insurerCode: 'test-ins', status: 'offered', premium: 84_500, currency: 'RON', insurerReference: `ref-${offerId}`, startDate: tomorrow, endDate: inAYear })
  return offerId
}

/** A "PAD and optional cover" house quote: the PAD from the pool and one insurer's optional cover. */
async function seedHouseBundle(db: Database): Promise<{ pad: string; optional: string }> {
  await db.insert(insurers).values({ code: 'test-pool', name: 'Pool PAD Test', asfRegistration: 'RA-001' }).onConflictDoNothing()
  await db.insert(insurers).values({ code: 'test-ins', name: 'Test Asigurări', asfRegistration: 'RA-000' }).onConflictDoNothing()
  const quoteId = randomBytes(16).toString('base64url')
  const request = { address: { county: 'Cluj', locality: 'Cluj-Napoca', street: 'Str. Horea 12' }, cover: 'pad_and_optional', existing_pad_number: null, start_date: tomorrow }
  await db.insert(quotes).values({ id: quoteId, product: 'house-insurance', request, insurerPayload: request, insurersTotal: 2, status: 'complete', expiresAt: new Date(Date.now() + 3_600_000) })
  const offer = (insurerCode: string, premium: number, cover: 'pad' | 'optional') => ({
    id: randomBytes(16).toString('base64url'),
    quoteId,
    insurerCode,
    status: 'offered' as const,
    premium,
    currency: 'RON',
    insurerReference: `ref-${insurerCode}-${quoteId}`,
    details: { cover },
    startDate: tomorrow,
    endDate: inAYear,
  })
  const pad = offer('test-pool', 13_000, 'pad')
  const optional = offer('test-ins', 31_500, 'optional')
  await db.insert(offers).values([pad, optional])
  return { pad: pad.id, optional: optional.id }
}

async function signUp(t: TestApi, email: string): Promise<string> {
  const res = await t.call('/auth/register', json({ email, first_name: 'Ion', last_name: 'Ionescu', password: 'o parola destul de lunga 42', password_confirmation: 'o parola destul de lunga 42', accept_terms: true, token: '' }))
  expect(res.status).toBe(201)
  return ((await res.json()) as { access_token: string }).access_token
}

const createOrder = async (t: TestApi, offerId: string, email: string, key: string, bearer?: string) =>
  t.call('/orders', json({ offer_id: offerId, customer: customer(email), accepted_documents: await acceptedDocumentsFor(t, offerId), token: '' }, { 'idempotency-key': key, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) }))

type Created = { data: { id: string; status: string; total: { amount: number; currency: string }; payment: { url: string }; access_token?: string } }

describe.each(databaseKinds)('orders (%s)', (kind) => {
  let t: TestApi
  const processor = new ProcessorDouble()
  const insurer = new InsurerDouble()
  const runJobs = () => t.deps.jobs.runDue(new Date(Date.now() + 3_600_000))

  beforeAll(async () => {
    const purchase: PurchaseParts = { payments: processor, issuer: insurer, issuance: { maxAttempts: 2, backoffMs: () => 1000 } }
    t = await startTestApi(kind, {}, { purchase })
    // The test drives the queue by hand, at chosen times.
    await t.deps.jobs.stop()
  })
  afterAll(() => t.close())

  it('creates an order once per Idempotency-Key, refuses the key for another request, and an expired offer', async () => {
    const offerId = await seedOffer(t.deps.database.db)
    const key = randomUUID()
    const first = await createOrder(t, offerId, 'idem@example.ro', key)
    expect(first.status).toBe(201)
    const body = (await first.json()) as Created
    expect(body.data).toMatchObject({ status: 'awaiting_payment', total: { amount: 84_500, currency: 'RON' }, payment: { url: 'https://processor.test/pay' } })
    expect(body.data.access_token).toBeTruthy()
    const again = (await (await createOrder(t, offerId, 'idem@example.ro', key)).json()) as Created
    expect(again.data.id).toBe(body.data.id)
    expect(again.data.access_token).toBe(body.data.access_token)
    expect(processor.started.filter((s) => s.orderId === body.data.id)).toHaveLength(1)

    const reused = await createOrder(t, await seedOffer(t.deps.database.db), 'idem@example.ro', key)
    expect(reused.status).toBe(422)
    expect((await errorOf(reused)).message).toHaveProperty('idempotency-key')

    const missingKey = await t.call('/orders', json({ offer_id: offerId, customer: customer('idem@example.ro'), accepted_documents: await acceptedDocumentsFor(t, offerId), token: '' }))
    expect(missingKey.status).toBe(422)

    const expired = await createOrder(t, await seedOffer(t.deps.database.db, { expired: true }), 'late@example.ro', randomUUID())
    expect(expired.status).toBe(422)
    expect((await errorOf(expired)).message).toHaveProperty('offer_id')
    expect(await t.deps.database.db.select().from(orders).where(sql`${orders.customer}->>'email' = 'late@example.ro'`)).toHaveLength(0)
  })

  it('store-from-product-page signs in a new e-mail, never an existing one; the guest order goes to that account once its address is confirmed', async () => {
    const fresh = await t.call('/users/store-from-product-page', json({ customer: customer('new.buyer@example.ro'), product_id: 'rca', token: '' }))
    expect(fresh.status).toBe(200)
    const session = (await fresh.json()) as { account_exists: boolean; access_token: string; user: { email: string } }
    expect(session).toMatchObject({ account_exists: false, user: { email: 'new.buyer@example.ro' } })
    expect(session.access_token).toBeTruthy()
    const mails = await t.deps.mailer.latest('new.buyer@example.ro', 5)
    expect(mails.map((m) => m.kind)).toContain('welcome-checkout')
    expect(mails.find((m) => m.kind === 'welcome-checkout')!.text).toContain('mode=reset')

    const ownerToken = await signUp(t, 'owner@example.ro')
    // Only a confirmed address receives a guest's orders at once (decision 94).
    const confirm = new URL((await t.deps.mailer.latest('owner@example.ro', 5)).find((m) => m.kind === 'welcome')!.text.match(/https?:\/\/\S+confirm-email\S*/)![0])
    expect((await t.call('/auth/email/confirm', json({ token: confirm.searchParams.get('token') }))).status).toBe(200)
    const existing = await t.call('/users/store-from-product-page', json({ customer: customer('owner@example.ro'), product_id: 'rca', token: '' }))
    const answered = (await existing.json()) as Record<string, unknown>
    // No session; a checkout ticket for this e-mail instead of a second captcha (decision 73).
    expect(answered).toEqual({ account_exists: true, access_token: null, user: null, checkout_ticket: expect.stringMatching(/^\d{13}\.[A-Za-z0-9_-]{43}$/) })

    const created = (await (await createOrder(t, await seedOffer(t.deps.database.db), 'owner@example.ro', randomUUID())).json()) as Created
    const list = (await (await t.call('/orders', { headers: { authorization: `Bearer ${ownerToken}` } })).json()) as { data: { id: string }[]; meta: { total: number } }
    expect(list.data.map((o) => o.id)).toContain(created.data.id)
    // The count comes with the page's rows, and alone for a page past the end.
    const pageOf = async (query: string) => (await (await t.call(`/orders?${query}`, { headers: { authorization: `Bearer ${ownerToken}` } })).json()) as { data: unknown[]; meta: { total: number } }
    const onePerPage = await pageOf('page=1&per_page=1')
    expect(onePerPage.data).toHaveLength(1)
    expect(onePerPage.meta.total).toBe(list.meta.total)
    expect(await pageOf(`page=${list.meta.total + 1}&per_page=1`)).toMatchObject({ data: [], meta: { total: list.meta.total } })
    // The guest reads it with the token, nobody else at all.
    expect((await t.call(`/orders/${created.data.id}`, { headers: { 'x-order-token': created.data.access_token! } })).status).toBe(200)
    expect((await t.call(`/orders/${created.data.id}`)).status).toBe(404)
    expect((await t.call(`/orders/${created.data.id}`, { headers: { 'x-order-token': 'forged' } })).status).toBe(404)
    expect((await t.call(`/orders/${created.data.id}`, { headers: { authorization: `Bearer ${session.access_token}` } })).status).toBe(404)
  })

  it('issues a paid order exactly once, with duplicate and concurrent notifications; the owner downloads the PDF, others get 404', async () => {
    const bearer = await signUp(t, 'payer@example.ro')
    const created = (await (await createOrder(t, await seedOffer(t.deps.database.db, { plate: 'CJ10XYZ' }), 'payer@example.ro', randomUUID(), bearer)).json()) as Created
    const id = created.data.id
    const paymentId = processor.lastPaymentOf(id)
    const paid = { paymentId, orderId: id, status: 'paid' as const }
    await Promise.all([processor.notify(paid), processor.notify(paid), processor.notify(paid)])
    expect(await t.deps.database.db.select().from(jobs).where(like(jobs.dedupeKey, `order.issue:${id}%`))).toHaveLength(1)
    // A failure arriving late for the same payment changes nothing.
    await processor.notify({ paymentId, orderId: id, status: 'failed', reason: 'declined' })

    const callsBefore = insurer.calls
    await runJobs()
    await processor.notify(paid)
    await runJobs()
    expect(insurer.calls - callsBefore).toBe(1)

    const view = (await (await t.call(`/orders/${id}`, { headers: { authorization: `Bearer ${bearer}` } })).json()) as { data: { status: string; policy: { number: string; document_url: string } } }
    expect(view.data.status).toBe('issued')
    expect(view.data.policy.document_url).toBe(`/api/v1/orders/${id}/document`)
    const issuedMails = (await t.deps.mailer.latest('payer@example.ro', 10)).filter((m) => m.kind === 'policy-issued')
    expect(issuedMails).toHaveLength(1)
    expect(issuedMails[0]!.attachments[0]).toMatchObject({ content_type: 'application/pdf' })
    expect(issuedMails[0]!.text).toContain(view.data.policy.number)

    const pdf = await t.call(`/orders/${id}/document`, { headers: { authorization: `Bearer ${bearer}` } })
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-')
    const stranger = await signUp(t, 'stranger@example.ro')
    expect((await t.call(`/orders/${id}/document`, { headers: { authorization: `Bearer ${stranger}` } })).status).toBe(404)
    expect((await t.call(`/orders/${id}/document`)).status).toBe(404)

    const check = (await (await t.call('/policies/check?registration_plate=CJ%2010%20XYZ')).json()) as { data: unknown }
    expect(check.data).toEqual({ valid: true, insurer: 'Test Asigurări', valid_until: inAYear, checked_on: today, next: null })
    const none = (await (await t.call('/policies/check?vin=WVWZZZ1JZXW999999')).json()) as { data: unknown }
    expect(none.data).toEqual({ valid: false, insurer: null, valid_until: null, checked_on: today, next: null })
    // On a chosen day: covered until the end date, not the day after; a day further than a year is refused.
    const dayAfterEnd = addDays(inAYear, 1)
    expect(((await (await t.call(`/policies/check?registration_plate=CJ10XYZ&date=${inAYear}`)).json()) as { data: { valid: boolean } }).data.valid).toBe(true)
    expect(((await (await t.call(`/policies/check?registration_plate=CJ10XYZ&date=${dayAfterEnd}`)).json()) as { data: unknown }).data).toEqual({ valid: false, insurer: null, valid_until: null, checked_on: dayAfterEnd, next: null })
    // The day before it starts: none valid, and the answer says when this one starts.
    const dayBefore = addDays(today, -1)
    expect(((await (await t.call(`/policies/check?registration_plate=CJ10XYZ&date=${dayBefore}`)).json()) as { data: unknown }).data).toEqual({
      valid: false,
      insurer: null,
      valid_until: null,
      checked_on: dayBefore,
      next: { insurer: 'Test Asigurări', valid_from: today },
    })
    const tooFar = await t.call(`/policies/check?registration_plate=CJ10XYZ&date=${addDays(today, 400)}`)
    expect(tooFar.status).toBe(422)
    expect((await errorOf(tooFar)).message).toHaveProperty('date')
    expect((await t.call('/policies/check')).status).toBe(422)
    const [code] = (await t.deps.database.db.query.orderPolicies.findMany({ where: (p, { eq: is }) => is(p.orderId, id) })).map((p) => p.verificationCode)
    const verified = (await (await t.call(`/policies/verify/${code}`)).json()) as { data: Record<string, unknown> }
    expect(verified.data).toMatchObject({ valid: true, status: 'in_force', product: 'rca', insurer: { name: 'Test Asigurări' }, registration_plate: 'CJ***YZ' })
    expect(JSON.stringify(verified.data)).not.toContain('Popescu')

    // The virtual card: the owner's, with the same verification page; nobody else's list holds it.
    const cards = (await (await t.call('/virtual-cards', { headers: { authorization: `Bearer ${bearer}` } })).json()) as { data: Record<string, unknown>[] }
    expect(cards.data).toEqual([
      expect.objectContaining({ order_id: id, product: 'rca', insurer: { code: 'test-ins', name: 'Test Asigurări' }, number: `RO/25/A ${view.data.policy.number}`, registration_plate: 'CJ10XYZ', valid_from: today, valid_until: inAYear, in_force: true }),
    ])
    expect(cards.data[0]!.verification_url).toMatch(new RegExp(`/verify/${code}$`))
    expect(((await (await t.call('/virtual-cards', { headers: { authorization: `Bearer ${stranger}` } })).json()) as { data: unknown[] }).data).toEqual([])
    expect((await t.call('/virtual-cards')).status).toBe(401)
  })

  it('a failed payment can be paid again; a late failure of the old attempt changes nothing', async () => {
    const created = (await (await createOrder(t, await seedOffer(t.deps.database.db), 'retry@example.ro', randomUUID())).json()) as Created
    const id = created.data.id
    const headers = { 'x-order-token': created.data.access_token! }
    const first = processor.lastPaymentOf(id)
    await processor.notify({ paymentId: first, orderId: id, status: 'failed', reason: 'declined' })
    let view = (await (await t.call(`/orders/${id}`, { headers })).json()) as { data: { status: string; failure_reason: string } }
    expect(view.data).toMatchObject({ status: 'payment_failed', failure_reason: 'declined' })
    const again = await t.call(`/orders/${id}/payments`, { method: 'POST', headers })
    expect(again.status).toBe(201)
    const second = processor.lastPaymentOf(id)
    expect(second).not.toBe(first)
    await processor.notify({ paymentId: first, orderId: id, status: 'failed', reason: 'declined' })
    view = (await (await t.call(`/orders/${id}`, { headers })).json()) as { data: { status: string; failure_reason: string } }
    expect(view.data.status).toBe('awaiting_payment')
    await processor.notify({ paymentId: second, orderId: id, status: 'paid' })
    expect((await t.call(`/orders/${id}/payments`, { method: 'POST', headers })).status).toBe(409)
    await runJobs()
    view = (await (await t.call(`/orders/${id}`, { headers })).json()) as { data: { status: string; failure_reason: string } }
    expect(view.data.status).toBe('issued')
  })

  it('a guest long-polls the order: answered when its status changes, at once when it is already another; strangers and unknown statuses refused', async () => {
    const created = (await (await createOrder(t, await seedOffer(t.deps.database.db), 'poll@example.ro', randomUUID())).json()) as Created
    const id = created.data.id
    const headers = { 'x-order-token': created.data.access_token! }
    type View = { data: { status: string; policy: { number: string } | null } }
    /** The poll, once it waits (wrapped: an async function's promise of a promise would wait for the answer). */
    const waitingFor = async (status: string) => {
      const answer = t.call(`/orders/${id}?status=${status}&wait=25`, { headers })
      await vi.waitFor(() => expect(t.deps.orders.changes.waiting).toBe(1), { timeout: 60_000 })
      return { answer }
    }
    const paying = await waitingFor('awaiting_payment')
    await processor.notify({ paymentId: processor.lastPaymentOf(id), orderId: id, status: 'paid' })
    const paid = await paying.answer
    expect(paid.status).toBe(200)
    expect(((await paid.json()) as View).data.status).toBe('paid')
    // A status the caller does not have yet: answered at once.
    expect(((await (await t.call(`/orders/${id}?status=awaiting_payment&wait=25`, { headers })).json()) as View).data.status).toBe('paid')
    const issuing = await waitingFor('paid')
    await runJobs()
    const issued = ((await (await issuing.answer).json()) as View).data
    expect(issued.status).toBe('issued')
    expect(issued.policy?.number).toBeTruthy()
    expect(t.deps.orders.changes.waiting).toBe(0)
    expect((await t.call(`/orders/${id}?status=shipped&wait=5`, { headers })).status).toBe(422)
    expect((await t.call(`/orders/${id}?status=issued&wait=25`)).status).toBe(404)
  })

  it('sells optional home cover only with a PAD: both in one payment, each with its own document', async () => {
    const house = await seedHouseBundle(t.deps.database.db)
    const order = async (body: { offer_id: string; with_offer_ids?: string[] }) =>
      t.call('/orders', json({ ...body, customer: customer('home@example.ro'), accepted_documents: await acceptedDocumentsFor(t, body.offer_id, ...(body.with_offer_ids ?? [])), token: '' }, { 'idempotency-key': randomUUID(), 'accept-language': 'en' }))

    const alone = await order({ offer_id: house.optional })
    expect(alone.status).toBe(422)
    expect((await errorOf(alone)).message).toEqual({ offer_id: ['Optional home cover is bought together with the PAD policy: choose it with the PAD offer.'] })
    const mixed = await order({ offer_id: house.pad, with_offer_ids: [await seedOffer(t.deps.database.db)] })
    expect(mixed.status).toBe(422)
    expect((await errorOf(mixed)).message).toHaveProperty(['with_offer_ids.0'])

    const res = await order({ offer_id: house.pad, with_offer_ids: [house.optional] })
    expect(res.status, await res.clone().text()).toBe(201)
    const created = (await res.json()) as Created
    expect(created.data.total).toEqual({ amount: 13_000 + 31_500, currency: 'RON' })
    expect(processor.started.at(-1)).toMatchObject({ orderId: created.data.id, amount: 44_500 })
    await processor.notify({ paymentId: processor.lastPaymentOf(created.data.id), orderId: created.data.id, status: 'paid' })
    await runJobs()

    const headers = { 'x-order-token': created.data.access_token! }
    type View = { data: { status: string; policies: { id: string; offer_id: string; document_url: string | null }[] } }
    const view = (await (await t.call(`/orders/${created.data.id}`, { headers })).json()) as View
    expect(view.data.status).toBe('issued')
    // The PAD first, as ordered; each policy its own PDF.
    expect(view.data.policies.map((p) => p.offer_id)).toEqual([house.pad, house.optional])
    for (const policy of view.data.policies) {
      expect(policy.document_url).toBe(`/api/v1/orders/${created.data.id}/policies/${policy.id}/document`)
      const pdf = await t.call(`/orders/${created.data.id}/policies/${policy.id}/document`, { headers })
      expect(pdf.status).toBe(200)
      expect(pdf.headers.get('content-type')).toBe('application/pdf')
    }
  })

  it('an insurer refusal is retried, then the payment is refunded and the customer told', async () => {
    const created = (await (await createOrder(t, await seedOffer(t.deps.database.db), 'refused@example.ro', randomUUID())).json()) as Created
    const id = created.data.id
    const paymentId = processor.lastPaymentOf(id)
    insurer.refuse = true
    try {
      await processor.notify({ paymentId, orderId: id, status: 'paid' })
      const before = insurer.calls
      await runJobs() // first attempt: refused, retried later
      const [afterFirst] = await t.deps.database.db.select().from(orders).where(eq(orders.id, id))
      expect(afterFirst!.status).toBe('paid')
      await t.deps.jobs.runDue(new Date(Date.now() + 7_200_000)) // last attempt, then the refund, then the mail
      await t.deps.jobs.runDue(new Date(Date.now() + 7_300_000))
      await t.deps.jobs.runDue(new Date(Date.now() + 7_400_000))
      expect(insurer.calls - before).toBe(2)
    } finally {
      insurer.refuse = false
    }
    const [order] = await t.deps.database.db.select().from(orders).where(eq(orders.id, id))
    expect(order).toMatchObject({ status: 'refunded', failureReason: 'insurer_refused' })
    expect(processor.refunds.get(`refund:${id}`)).toBe(paymentId)
    const mails = await t.deps.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, 'refused@example.ro'), eq(mailOutbox.kind, 'policy-not-issued')))
    expect(mails).toHaveLength(1)
  })
})

describe.each(databaseKinds)('issuance survives a process that stops between payment and issuance (%s)', (kind) => {
  it('a new API instance on the same database issues the paid order once', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'orders-restart-'))
    const insurer = new InsurerDouble()
    let config = testConfig()
    let dropDatabase = async () => {}
    if (kind === 'postgres') {
      const { default: postgres } = await import('postgres')
      const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} })
      const name = `asiguro_it_${randomBytes(6).toString('hex')}`
      await admin.unsafe(`create database ${name}`)
      await admin.end()
      const url = new URL(process.env.TEST_DATABASE_URL!)
      url.pathname = `/${name}`
      config = testConfig({ DATABASE_URL: url.toString() })
      dropDatabase = async () => {
        const again = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} })
        await again.unsafe(`drop database if exists ${name} with (force)`)
        await again.end()
      }
    }
    // Kept across the two instances, as the data folder is.
    const store = createMemoryDocumentStore()
    const open = (processor: ProcessorDouble) => createApiDeps(config, { dataDir, workers: false, purchase: { payments: processor, issuer: insurer, store } })
    try {
      const firstProcessor = new ProcessorDouble()
      const first = await open(firstProcessor)
      const offerId = await seedOffer(first.database.db)
      const created = await first.orders.create({ offer_id: offerId, customer: customer('crash@example.ro'), accepted_documents: await acceptedDocumentsFor({ deps: first }, offerId), token: '' }, { userId: undefined, idempotencyKey: 'k1', locale: 'ro' })
      const id = created.order.id
      await firstProcessor.notify({ paymentId: firstProcessor.lastPaymentOf(id), orderId: id, status: 'paid' })
      // The job was claimed and the insurer answered, then the process died before anything was recorded.
      const [policy] = await first.database.db.query.orderPolicies.findMany({ where: (p, { eq: is }) => is(p.orderId, id) })
      await insurer.issue({ idempotencyKey: `order-policy:${policy!.id}` } as PolicyIssueRequest)
      // Its claim is left as a killed process leaves it: the lease still runs (decision 97).
      await first.database.db.update(jobs).set({ status: 'running', attempts: 1, lockedUntil: new Date(Date.now() + 15_000) }).where(eq(jobs.dedupeKey, `order.issue:${id}`))
      await first.database.close()

      const second = await open(new ProcessorDouble())
      const mailsTo = () => second.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, 'crash@example.ro'), eq(mailOutbox.kind, 'policy-issued')))
      if (kind === 'pglite') {
        // The embedded database is this process's alone: its workers take the claim back at once.
        second.jobs.start()
        await vi.waitFor(async () => expect(await mailsTo()).toHaveLength(1), { timeout: 20_000, interval: 100 })
        await second.jobs.stop()
      } else {
        // Another node may hold it: it waits for the lease, then takes it back.
        await second.jobs.runDue()
        expect((await second.database.db.select().from(orders).where(eq(orders.id, id)))[0]!.status).toBe('paid')
        await second.jobs.runDue(new Date(Date.now() + 16_000))
        await second.jobs.runDue(new Date(Date.now() + 16_000))
      }
      const [order] = await second.database.db.select().from(orders).where(eq(orders.id, id))
      expect(order!.status).toBe('issued')
      expect(insurer.issued.size).toBe(1)
      expect(await mailsTo()).toHaveLength(1)
      await second.database.close()
    } finally {
      await dropDatabase()
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
