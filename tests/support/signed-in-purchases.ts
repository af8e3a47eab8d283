import { expect } from 'vitest'
import { QuoteEnvelope, type Quote } from '~/contract/quotes'
import { SANDBOX_TEST_CARDS } from '~/server/sandbox/payments'
import { bearer } from './accounts'
import { acceptedDocumentsFor, json, type TestApi } from './api'
import { pollUntilComplete, rcaRequestFromTomorrow } from './quotes'
import { until } from './served-api'

export type IssuedOrder = { id: string; status: string; payment: { url: string }; policies: { id: string; start_date: string | null; end_date: string | null }[] }

/**
 * A signed-in buyer's calls on a served API whose job queue the test runs: each call from its own
 * address (the per-address limits stay out of the way), `ipBase` keeping two files' addresses apart.
 */
export function signedInPurchases(t: () => TestApi, ipBase: number, idempotencyPrefix: string) {
  let ip = ipBase
  const call = (path: string, token: string, method = 'GET', body?: unknown, headers: Record<string, string> = {}) =>
    t().call(path, { method, headers: { ...bearer(token), 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${ip++}`, ...headers }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })

  /** An RCA offer from tomorrow for the first plate `plate(n)` an insurer offers for. */
  async function rcaOffer(plate: (n: number) => string): Promise<Quote['offers'][number]> {
    for (let n = 10; n < 30; n++) {
      const res = await t().call('/products/rca/quotes', json({ ...rcaRequestFromTomorrow({ vehicle: { registration_plate: plate(n) } }), token: '' }, { 'x-forwarded-for': `198.51.100.${ip++}` }))
      expect(res.status, await res.clone().text()).toBe(201)
      const quote = await pollUntilComplete(t(), QuoteEnvelope.parse(await res.json()).data.id)
      const offered = quote.offers.find((o) => o.status === 'offered')
      if (offered) return offered
    }
    throw new Error('no RCA offer')
  }

  /** Orders the offer as the signed-in user, pays on the processor's form; the issuance job runs on the queue. */
  async function buy(offerId: string, token: string, email: string): Promise<IssuedOrder> {
    const customer = { first_name: 'Ana', last_name: 'Popescu', email, phone: '0722123456', address: { county: 'Cluj', city: 'Cluj-Napoca', street: 'Str. Horea 12' } }
    const res = await call('/orders', token, 'POST', { offer_id: offerId, customer, accepted_documents: await acceptedDocumentsFor(t(), offerId), token: '' }, { 'idempotency-key': `${idempotencyPrefix}-${offerId}` })
    expect(res.status, await res.clone().text()).toBe(201)
    const created = ((await res.json()) as { data: IssuedOrder }).data
    await fetch(created.payment.url, { method: 'POST', body: new URLSearchParams({ card_number: SANDBOX_TEST_CARDS.approved, expiry: '12/34', cvc: '123', holder: 'Ana Popescu' }), redirect: 'manual' })
    let order: IssuedOrder | undefined
    await until(async () => {
      await t().deps.jobs.runDue()
      return (order = ((await (await call(`/orders/${created.id}`, token)).json()) as { data: IssuedOrder }).data).status === 'issued'
    }, 'issued')
    return order!
  }

  return { call, rcaOffer, buy }
}
