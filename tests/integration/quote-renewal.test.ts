import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { QuoteEnvelope } from '~/contract/quotes'
import { todayInBucharest } from '~/i18n/dates'
import { quotes } from '~/server/db/schema'
import { acceptedDocumentsFor, databaseKinds, errorOf, json, operator, startTestApi, type TestApi } from '../support/api'
import { bearer, fieldsOf, registerUser } from '../support/accounts'
import { pollUntilComplete, postRcaQuote, rcaRequestFromTomorrow } from '../support/quotes'

/**
 * Fresh offers for an expired quote (decision 76): the operator ends a quote's validity, its
 * offers can no longer be ordered, and `POST /quotes/{id}/renew` asks the insurers again with
 * the request kept with the quote.
 */
describe.each(databaseKinds)('quote renewal (%s)', (kind) => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi(kind, { INSURER_QUOTE_TIMEOUT_MS: '2000' }, { sandbox: { latencyScale: 0.02 } })
  })
  afterAll(() => t.close())

  const customer = { first_name: 'Ana', last_name: 'Pop', email: 'ana.renewal@example.ro', phone: '0722123456', address: { county: 'Cluj', city: 'Cluj-Napoca', street: 'Str. Horea 1' } }
  const renew = (id: string, headers: Record<string, string> = {}) => t.call(`/quotes/${id}/renew`, json({ token: 'test-token' }, { 'x-forwarded-for': '192.0.2.90', ...headers }))

  async function completeQuote(headers: Record<string, string> = {}) {
    const res = await postRcaQuote(t, rcaRequestFromTomorrow({ vehicle: { registration_plate: 'CJ 21 REN' } }), headers, '192.0.2.91')
    expect(res.status, await res.clone().text()).toBe(201)
    return pollUntilComplete(t, QuoteEnvelope.parse(await res.json()).data.id, headers)
  }

  it('asks again with the same request once the offers expired, and the new offers can be ordered', async () => {
    const old = await completeQuote()
    const offer = old.offers.find((o) => o.status === 'offered')!
    const expired = await operator(t, `/quotes/${old.id}/expire`, 'POST')
    expect(expired.status).toBe(200)
    expect(Date.parse(((await expired.json()) as { data: { expires_at: string } }).data.expires_at)).toBeLessThanOrEqual(Date.now())

    const refused = await t.call('/orders', json({ offer_id: offer.id, customer, accepted_documents: await acceptedDocumentsFor(t, offer.id), token: '' }, { 'idempotency-key': 'renewal-old' }))
    expect(refused.status).toBe(422)
    expect(Object.keys(await fieldsOf(refused))).toEqual(['offer_id'])

    const res = await renew(old.id)
    expect(res.status, await res.clone().text()).toBe(201)
    const created = QuoteEnvelope.parse(await res.json()).data
    expect(created.id).not.toBe(old.id)
    expect(created).toMatchObject({ product: 'rca', bonus_malus: old.bonus_malus })
    expect(Date.parse(created.expires_at)).toBeGreaterThan(Date.now())
    const fresh = await pollUntilComplete(t, created.id)
    const again = fresh.offers.find((o) => o.status === 'offered' && o.insurer.code === offer.insurer.code) ?? fresh.offers.find((o) => o.status === 'offered')!
    // The same request: the same period, asked of the same insurers.
    expect([again.start_date, again.end_date]).toEqual([offer.start_date, offer.end_date])
    expect(fresh.insurers_total).toBe(old.insurers_total)
    const [stored] = await t.deps.database.db.select({ request: quotes.request }).from(quotes).where(eq(quotes.id, created.id))
    const [original] = await t.deps.database.db.select({ request: quotes.request }).from(quotes).where(eq(quotes.id, old.id))
    expect(stored!.request).toEqual(original!.request)

    const ordered = await t.call('/orders', json({ offer_id: again.id, customer, accepted_documents: await acceptedDocumentsFor(t, again.id), token: '' }, { 'idempotency-key': 'renewal-new' }))
    expect(ordered.status, await ordered.clone().text()).toBe(201)
  })

  it('answers 404 for an unknown quote and for another account’s, and keeps an account’s renewal its own', async () => {
    expect((await renew('AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404)
    expect((await operator(t, '/quotes/AAAAAAAAAAAAAAAAAAAAAA/expire', 'POST')).status).toBe(404)
    const { session } = await registerUser(t)
    const owned = await completeQuote(bearer(session.access_token))
    expect((await renew(owned.id)).status).toBe(404)
    const mine = await renew(owned.id, bearer(session.access_token))
    expect(mine.status).toBe(201)
    const id = QuoteEnvelope.parse(await mine.json()).data.id
    expect((await t.call(`/quotes/${id}`)).status).toBe(404)
    expect((await t.call(`/quotes/${id}`, { headers: bearer(session.access_token) })).status).toBe(200)
  })

  it('refuses a request that no longer holds with the field to change', async () => {
    const old = await completeQuote()
    // The day it was to start has come: the cover must start tomorrow at the earliest.
    const today = todayInBucharest()
    await t.deps.database.db
      .update(quotes)
      .set({ request: sql`jsonb_set(${quotes.request}, '{policy,start_date}', ${JSON.stringify(today)}::jsonb)` })
      .where(eq(quotes.id, old.id))
    const res = await renew(old.id)
    expect(res.status).toBe(422)
    expect((await errorOf(res)).message).toHaveProperty(['policy.start_date'])
  })
})
