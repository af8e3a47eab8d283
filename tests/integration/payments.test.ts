import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paymentNotifications, payments } from '~/server/db/schema'
import type { PaymentSettlement } from '~/server/payments/service'
import { SIGNATURE_HEADER, signBody } from '~/server/payments/signature'
import { SANDBOX_TEST_CARDS } from '~/server/sandbox/payments'
import { databaseKinds, type TestApi } from '../support/api'
import { servedApi, until } from '../support/served-api'
import { TEST_PAYMENT_SANDBOX_SECRET } from '../support/sandbox'

describe.each(databaseKinds)('payments through the sandbox processor (%s)', (kind) => {
  let t: TestApi
  let close: () => Promise<unknown>
  const settled: PaymentSettlement[] = []

  beforeAll(async () => {
    ;({ t, close } = await servedApi(kind))
    t.deps.payments.onSettled(async (s) => void settled.push({ ...s, tx: undefined }))
  })
  afterAll(() => close())

  // Order ids are UUIDs, as orders make them; the tests name them.
  const ids: Record<string, string> = {}
  const order = (name: string) => (ids[name] ??= randomUUID())
  const start = (name: string) =>
    t.deps.payments.start({ orderId: order(name), amount: 123456, currency: 'RON', description: `RCA ${name}`, locale: 'en', customer: { email: 'ana@example.com', name: 'Ana Pop' }, returnUrl: `http://127.0.0.1/thank-you?order=${order(name)}`, expiresAt: new Date(Date.now() + 3_600_000) })
  const status = async (id: string) => (await t.deps.database.db.select().from(payments).where(eq(payments.id, id)))[0]!.status
  const post = (url: string, form: Record<string, string>) => fetch(url, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' })

  it('pays with an approved card: the browser goes back, the notification marks it paid once', async () => {
    const started = await start('order-approved')
    expect(started).toMatchObject({ method: 'GET', url: expect.stringContaining('/sandbox/payments/pay/') })
    const page = await fetch(started.url)
    expect(await page.text()).toContain('name="card_number"')
    const paid = await post(started.url, { card_number: '4111 1111 1111 1111', expiry: '12/34', cvc: '123', holder: 'Ana Pop' })
    expect(paid.status).toBe(303)
    expect(paid.headers.get('location')).toBe(`http://127.0.0.1/thank-you?order=${order('order-approved')}`)
    await until(async () => (await status(started.paymentId)) === 'paid', 'paid')
    await until(async () => settled.some((s) => s.orderId === order('order-approved')), 'the settlement')
    expect(settled.filter((s) => s.orderId === order('order-approved'))).toEqual([{ paymentId: started.paymentId, orderId: order('order-approved'), status: 'paid', reason: undefined, amount: 123456, currency: 'RON', at: expect.any(Date), tx: undefined }])
  })

  it('asks for 3-D Secure and pays with code 123456; a wrong code fails the payment', async () => {
    const ok = await start('order-3ds')
    const challenge = await post(ok.url, { card_number: SANDBOX_TEST_CARDS.threeDSecure, expiry: '12/34', cvc: '123', holder: 'Ana Pop' })
    expect(challenge.status).toBe(303)
    const challengeUrl = challenge.headers.get('location')!
    expect(await (await fetch(challengeUrl)).text()).toContain('name="code"')
    expect((await post(challengeUrl, { code: '123456' })).status).toBe(303)
    await until(async () => (await status(ok.paymentId)) === 'paid', '3-D Secure paid')

    const wrong = await start('order-3ds-wrong')
    const again = await post(wrong.url, { card_number: SANDBOX_TEST_CARDS.threeDSecure, expiry: '12/34', cvc: '123', holder: 'Ana Pop' })
    await post(again.headers.get('location')!, { code: '000000' })
    await until(async () => (await status(wrong.paymentId)) === 'failed', '3-D Secure failed')
    expect(settled.find((s) => s.orderId === order('order-3ds-wrong'))).toMatchObject({ status: 'failed', reason: '3ds_failed' })
  })

  it('declines, and tells insufficient funds apart', async () => {
    for (const [card, reason, name] of [
      [SANDBOX_TEST_CARDS.declined, 'declined', 'order-declined'],
      [SANDBOX_TEST_CARDS.insufficientFunds, 'insufficient_funds', 'order-funds'],
    ] as const) {
      const started = await start(name)
      await post(started.url, { card_number: card, expiry: '12/34', cvc: '123', holder: 'Ana Pop' })
      await until(async () => settled.some((s) => s.orderId === order(name)), name)
      expect(settled.find((s) => s.orderId === order(name))).toMatchObject({ status: 'failed', reason })
    }
  })

  it('re-renders the card form with a sentence per wrong field, taking no payment', async () => {
    const started = await start('order-typo')
    const res = await post(started.url, { card_number: '4111 1111 1111 1112', expiry: '13/20', cvc: '1', holder: '' })
    expect(res.status).toBe(422)
    const html = await res.text()
    for (const id of ['f-card_number-error', 'f-expiry-error', 'f-cvc-error', 'f-holder-error']) expect(html).toContain(id)
    expect(await status(started.paymentId)).toBe('created')
  })

  it('applies a duplicate or late contrary notification never, and refuses a forged one', async () => {
    const started = await start('order-dup')
    await post(started.url, { card_number: SANDBOX_TEST_CARDS.approved, expiry: '12/34', cvc: '123', holder: 'Ana Pop' })
    await until(async () => (await status(started.paymentId)) === 'paid', 'paid')
    const [row] = await t.deps.database.db.select().from(payments).where(eq(payments.id, started.paymentId))
    const notify = (body: unknown, signature?: string) => {
      const raw = JSON.stringify(body)
      return t.call('/payments/notifications/sandbox', { method: 'POST', headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature ?? signBody(TEST_PAYMENT_SANDBOX_SECRET, raw) }, body: raw })
    }
    const late = { id: row!.providerReference, merchant_reference: started.paymentId, status: 'declined', reason: 'declined', amount: 123456, currency: 'RON', at: new Date().toISOString() }
    expect((await notify(late)).status).toBe(200)
    expect((await notify({ ...late, status: 'approved', reason: null })).status).toBe(200)
    expect(await status(started.paymentId)).toBe('paid')
    expect(settled.filter((s) => s.orderId === order('order-dup'))).toHaveLength(1)

    const other = await start('order-forged')
    const forged = await notify({ id: 'sp_x', merchant_reference: other.paymentId, status: 'approved', reason: null }, 'sha256=' + '0'.repeat(64))
    expect(forged.status).toBe(401)
    expect(await status(other.paymentId)).toBe('created')
    // Counted in the metrics, not stored (tests/integration/payment-notification-limits.test.ts).
    const logged = await t.deps.database.db.select().from(paymentNotifications).where(eq(paymentNotifications.verified, 'bad_signature'))
    expect(logged).toEqual([])
  })

  it('refunds a paid payment once', async () => {
    const started = await start('order-refund')
    await post(started.url, { card_number: SANDBOX_TEST_CARDS.approved, expiry: '12/34', cvc: '123', holder: 'Ana Pop' })
    await until(async () => (await status(started.paymentId)) === 'paid', 'paid')
    const providerReference = (await t.deps.payments.byId(started.paymentId))!.providerReference!
    await Promise.all([1, 2].map(() => t.deps.payments.refund(started.paymentId, { idempotencyKey: `refund:${started.paymentId}`, reason: 'issue_failed' })))
    await t.deps.payments.refund(started.paymentId, { idempotencyKey: `refund:${started.paymentId}`, reason: 'issue_failed' })
    expect(await status(started.paymentId)).toBe('refunded')
    // The processor's book: refunded once, under the key the service gave.
    expect(t.sandbox!.payments.payment(providerReference)).toMatchObject({ status: 'refunded', refunds: [{ key: `refund:${started.paymentId}` }] })
  })

  it('gives the redirect of an open payment only', async () => {
    const started = await start('order-redirect')
    const open = await t.call(`/payments/${started.paymentId}/redirect`)
    expect(await open.json()).toEqual({ data: { method: 'GET', url: started.url, fields: {} } })
    await post(started.url, { card_number: SANDBOX_TEST_CARDS.approved, expiry: '12/34', cvc: '123', holder: 'Ana Pop' })
    await until(async () => (await status(started.paymentId)) === 'paid', 'paid')
    expect((await t.call(`/payments/${started.paymentId}/redirect`)).status).toBe(404)
  })
})
