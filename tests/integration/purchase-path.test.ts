import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { QuoteEnvelope } from '~/contract/quotes'
import { mailOutbox } from '~/server/db/schema'
import { formatMoney } from '~/i18n/money'
import { SANDBOX_3DS_CODE, SANDBOX_TEST_CARDS } from '~/server/sandbox/payments'
import { acceptedDocumentsFor, databaseKinds, json, type TestApi } from '../support/api'
import { translated } from '../support/catalog'
import { readPdf } from '../support/pdf-text'
import { pollUntilComplete, postRcaQuote, rcaRequestFromTomorrow } from '../support/quotes'
import { servedApi, until } from '../support/served-api'

/**
 * The purchase path end to end through the real parts: the sandbox insurers price and issue over
 * HTTP, the sandbox card processor takes the card on its HTML pages and notifies the API over
 * HTTP; orders, the job queue, the PDF and the mail are the production code.
 */
describe.each(databaseKinds)('an RCA policy bought as a guest (%s)', (kind) => {
  let t: TestApi
  let close: () => Promise<unknown>
  beforeAll(async () => {
    ;({ t, close } = await servedApi(kind, { INSURER_QUOTE_TIMEOUT_MS: '2000' }))
  })
  afterAll(() => close())

  const form = (url: string, fields: Record<string, string>) => fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' })
  const customer = (email: string) => ({ first_name: 'Maria', last_name: 'Ionescu', email, phone: '0722123456', address: { county: 'Cluj', city: 'Cluj-Napoca', street: 'Str. Horea 12' } })

  async function quoteFor(plate: string) {
    const res = await postRcaQuote(t, rcaRequestFromTomorrow({ vehicle: { registration_plate: plate } }), {}, '198.51.100.40')
    expect(res.status, await res.clone().text()).toBe(201)
    const quote = await pollUntilComplete(t, QuoteEnvelope.parse(await res.json()).data.id)
    const offered = quote.offers.filter((o) => o.status === 'offered')
    expect(offered.length).toBeGreaterThan(0)
    return { quote, offer: offered[0]! }
  }
  const cheapestOffer = async (plate: string) => (await quoteFor(plate)).offer

  async function order(offerId: string, email: string, key: string, extra: { direct_settlement?: true } = {}) {
    const res = await t.call('/orders', json({ offer_id: offerId, customer: customer(email), accepted_documents: await acceptedDocumentsFor(t, offerId), token: '', ...extra }, { 'idempotency-key': key }))
    expect(res.status, await res.clone().text()).toBe(201)
    return (await res.json()) as { data: { id: string; status: string; total: { amount: number }; payment: { method: string; url: string }; access_token: string } }
  }

  const read = async (id: string, token: string) => (await (await t.call(`/orders/${id}`, { headers: { 'x-order-token': token } })).json()) as { data: { status: string; policy: { number: string; series: string | null; document_url: string } | null } }

  it('pays through 3-D Secure, is issued once, mails the PDF and lets only its owner download it', async () => {
    const offer = await cheapestOffer('CJ 77 BUY')
    const { data: created } = await order(offer.id, 'maria.buyer@example.ro', 'checkout-3ds-1')
    expect(created).toMatchObject({ status: 'awaiting_payment', payment: { method: 'GET' } })
    expect(created.total.amount).toBe(offer.premium!.amount)
    // The processor's page names the product in the buyer's language, never its code.
    const rca = translated('ro', 'messages', 'RCA motor insurance')
    expect(await (await fetch(created.payment.url)).text()).toContain(`${rca}, comanda ${created.id.slice(0, 8)}`)

    const challenge = await form(created.payment.url, { card_number: SANDBOX_TEST_CARDS.threeDSecure, expiry: '12/34', cvc: '123', holder: 'Maria Ionescu' })
    expect(challenge.status).toBe(303)
    const back = await form(challenge.headers.get('location')!, { code: SANDBOX_3DS_CODE })
    expect(back.headers.get('location')).toContain(created.id)

    await until(async () => (await read(created.id, created.access_token)).data.status === 'issued', 'issued')
    const { data: issued } = await read(created.id, created.access_token)
    expect(issued.policy?.number).toMatch(/\d+/)

    const pdf = await t.call(`/orders/${created.id}/document`, { headers: { 'x-order-token': created.access_token } })
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toContain('application/pdf')
    const text = (await readPdf(new Uint8Array(await pdf.arrayBuffer()))).lines.join(' ')
    expect(text).toContain(issued.policy!.number)
    expect((await t.call(`/orders/${created.id}/document`, { headers: { 'x-order-token': 'someone-else' } })).status).toBe(404)

    await until(async () => (await t.deps.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'maria.buyer@example.ro'))).some((m) => m.kind === 'policy-issued'), 'the policy mail')
    const [mail] = (await t.deps.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'maria.buyer@example.ro'))).filter((m) => m.kind === 'policy-issued')
    expect(mail!.attachments).toHaveLength(1)
    expect(mail!.attachments[0]!.filename).toMatch(/^[^/\\]+\.pdf$/)
    expect(mail!.subject).toBe(`${rca} ${issued.policy!.series ? `${issued.policy!.series} ` : ''}${issued.policy!.number} a fost emisă`)
    expect(mail!.text).not.toMatch(/\d{4}-\d{2}-\d{2}/)
  })

  it('lets a declined card pay again, and the order is issued after the second payment', async () => {
    const offer = await cheapestOffer('CJ 78 BUY')
    const { data: created } = await order(offer.id, 'ion.declined@example.ro', 'checkout-declined-1')
    await form(created.payment.url, { card_number: SANDBOX_TEST_CARDS.declined, expiry: '12/34', cvc: '123', holder: 'Ion Pop' })
    await until(async () => (await read(created.id, created.access_token)).data.status === 'payment_failed', 'payment failed')
    const again = await t.call(`/orders/${created.id}/payments`, { method: 'POST', headers: { 'x-order-token': created.access_token } })
    expect(again.status, await again.clone().text()).toBe(201)
    const { data } = (await again.json()) as { data: { payment: { url: string } } }
    await form(data.payment.url, { card_number: SANDBOX_TEST_CARDS.approved, expiry: '12/34', cvc: '123', holder: 'Ion Pop' })
    await until(async () => (await read(created.id, created.access_token)).data.status === 'issued', 'issued after paying again')
  })

  it('prints the RCA policy: the vehicle, the owner with the CNP masked, the bonus-malus class and the direct settlement bought', async () => {
    const { quote, offer } = await quoteFor('CJ 79 BUY')
    expect(offer.direct_settlement?.amount).toBeGreaterThan(0)
    const { data: created } = await order(offer.id, 'ana.clause@example.ro', 'checkout-document-1', { direct_settlement: true })
    expect(created.total.amount).toBe(offer.premium!.amount + offer.direct_settlement!.amount)
    await form(created.payment.url, { card_number: SANDBOX_TEST_CARDS.approved, expiry: '12/34', cvc: '123', holder: 'Maria Ionescu' })
    await until(async () => (await read(created.id, created.access_token)).data.status === 'issued', 'issued')

    const pdf = await t.call(`/orders/${created.id}/document`, { headers: { 'x-order-token': created.access_token } })
    const text = (await readPdf(new Uint8Array(await pdf.arrayBuffer()))).lines.join(' ').replace(/\s+/g, ' ')
    const lei = (amount: number) => formatMoney(amount, 'RON', 'ro').replace(/\s+/g, ' ')
    const request = rcaRequestFromTomorrow()
    expect(text).toContain('Poliță de asigurare obligatorie de răspundere civilă auto (RCA)')
    expect(text).toContain('CJ79BUY')
    expect(text).toContain(request.vehicle.vin)
    expect(text).toContain('Dacia Duster')
    expect(text).toContain('Maria Ionescu')
    expect(text).toContain(`Clasa bonus-malus / Bonus-malus class ${quote.bonus_malus!.class} (`)
    expect(text).toContain(`Decontare directă / Direct settlement ${lei(offer.direct_settlement!.amount)}`)
    expect(text).toContain(`Prima de asigurare / Premium ${lei(offer.premium!.amount)}`)
    const cnp = request.owner.type === 'person' ? request.owner.cnp : ''
    expect(text).not.toContain(cnp)
    expect(text).toContain(`${cnp.slice(0, 1)}********${cnp.slice(-4)}`)
  })
})
