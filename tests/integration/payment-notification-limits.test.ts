/**
 * Payment notifications are a public endpoint: a body over 8 KiB, a bad signature or too many
 * posts from one address are refused, counted in the metrics and never stored.
 */
import { count } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paymentNotifications } from '~/server/db/schema'
import { metrics } from '~/server/metrics'
import { SIGNATURE_HEADER, signBody } from '~/server/payments/signature'
import { databaseKinds, startTestApi, type TestApi } from '../support/api'
import { TEST_PAYMENT_SANDBOX_SECRET } from '../support/sandbox'

async function refused(reason: string): Promise<number> {
  const { values } = await metrics.refusedNotifications.get()
  return values.find((v) => v.labels.provider === 'sandbox' && v.labels.reason === reason)?.value ?? 0
}

describe.each(databaseKinds)('payment notification limits (%s)', (kind) => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi(kind, { PAYMENT_NOTIFICATION_RATE_LIMIT: '3' })
  })
  afterAll(() => t.close())

  const stored = async () => (await t.deps.database.db.select({ n: count() }).from(paymentNotifications))[0]!.n
  /** A notification signed with the sandbox's key, `padding` bytes long in its `note`, from `address`. */
  const signed = (address: string, padding: number) => {
    const raw = JSON.stringify({ id: 'sp_unknown', merchant_reference: 'not-a-payment', status: 'approved', reason: null, note: 'x'.repeat(padding) })
    return { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': address, [SIGNATURE_HEADER]: signBody(TEST_PAYMENT_SANDBOX_SECRET, raw) }, body: raw }
  }

  it('answers 413 to a body over 8 KiB, with or without its length declared, and stores nothing; a small one is stored', async () => {
    const before = await stored()
    const tooLarge = await refused('too_large')
    expect((await t.call('/payments/notifications/sandbox', signed('203.0.113.1', 9 * 1024))).status).toBe(413)
    // Sent in chunks with no Content-Length: read until the cap, then cut.
    const chunk = new TextEncoder().encode('x'.repeat(4096))
    let sent = 0
    const endless = new ReadableStream<Uint8Array>({ pull: (controller) => (sent++ < 64 ? controller.enqueue(chunk) : controller.close()) })
    const chunked = await t.call('/payments/notifications/sandbox', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.1' }, body: endless, duplex: 'half' } as RequestInit)
    expect(chunked.status).toBe(413)
    expect(sent).toBeLessThan(64)
    expect(await stored()).toBe(before)
    expect(await refused('too_large')).toBe(tooLarge + 2)
    // Under the cap and signed, for a payment we do not know: verified, so it is kept for the operator.
    expect((await t.call('/payments/notifications/sandbox', signed('203.0.113.2', 7 * 1024))).status).not.toBe(413)
    expect(await stored()).toBe(before + 1)
  })

  it('counts, and does not store, a notification with a bad signature', async () => {
    const before = await stored()
    const badSignature = await refused('bad_signature')
    const forged = signed('203.0.113.3', 10)
    forged.headers[SIGNATURE_HEADER] = `sha256=${'0'.repeat(64)}`
    expect((await t.call('/payments/notifications/sandbox', forged)).status).toBe(401)
    expect(await stored()).toBe(before)
    expect(await refused('bad_signature')).toBe(badSignature + 1)
  })

  it('answers 429 past the notifications one address may send per minute, other addresses still heard', async () => {
    const rateLimited = await refused('rate_limited')
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) statuses.push((await t.call('/payments/notifications/sandbox', signed('198.51.100.9', 10))).status)
    expect(statuses.slice(0, 3)).not.toContain(429)
    expect(statuses[3]).toBe(429)
    const limited = await t.call('/payments/notifications/sandbox', signed('198.51.100.9', 10))
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await t.call('/payments/notifications/sandbox', signed('198.51.100.10', 10))).status).not.toBe(429)
    expect(await refused('rate_limited')).toBe(rateLimited + 2)
  })
})
