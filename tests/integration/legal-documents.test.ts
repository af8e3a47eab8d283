import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { QuoteEnvelope } from '~/contract/quotes'
import { databaseKinds, json, readMailbox, type TestApi } from '../support/api'
import { fieldsOf, registerUser } from '../support/accounts'
import { readPdf } from '../support/pdf-text'
import { pollUntilComplete, postRcaQuote, rcaRequestFromTomorrow } from '../support/quotes'
import { servedApi } from '../support/served-api'

/**
 * The documents the law asks a broker to hand over before a contract: each sandbox insurer's
 * IPID and general conditions linked by its offer and served as PDFs, the broker's information
 * notice, and the editions the buyer accepted kept with the order (422 when missing or stale).
 */
describe.each(databaseKinds.slice(0, 1))('documents before buying (%s)', (kind) => {
  let t: TestApi
  let close: () => Promise<unknown>
  beforeAll(async () => {
    // The insurer's timeout also bounds the fetch of its documents (`offerDocument`): the sandbox
    // drawing a PDF took more than 2 s under load and the test met a 502. A bound on a
    // hang only: no test here is about an insurer that does not answer.
    ;({ t, close } = await servedApi(kind, { INSURER_QUOTE_TIMEOUT_MS: '30000' }))
  })
  afterAll(() => close())

  const customer = (email: string) => ({ first_name: 'Maria', last_name: 'Ionescu', email, phone: '0722123456', address: { county: 'Cluj', city: 'Cluj-Napoca', street: 'Str. Horea 12' } })
  const order = (offerId: string, email: string, accepted: unknown) =>
    t.call('/orders', json({ offer_id: offerId, customer: customer(email), ...(accepted === undefined ? {} : { accepted_documents: accepted }), token: '' }, { 'idempotency-key': `legal-${email}` }))

  async function offered() {
    const res = await postRcaQuote(t, rcaRequestFromTomorrow({ vehicle: { registration_plate: 'CJ 21 DOC' } }), {}, '198.51.100.121')
    expect(res.status, await res.clone().text()).toBe(201)
    const quote = await pollUntilComplete(t, QuoteEnvelope.parse(await res.json()).data.id)
    const offers = quote.offers.filter((o) => o.status === 'offered')
    expect(offers.length).toBeGreaterThan(1)
    return offers
  }

  it('links each offer to its insurer’s IPID and general conditions, served as PDFs, and the broker’s notice', async () => {
    const offers = await offered()
    for (const offer of offers.slice(0, 2)) {
      expect(offer.documents.map((d) => d.kind)).toEqual(['ipid', 'general_conditions', 'broker_notice'])
      for (const document of offer.documents.filter((d) => d.kind !== 'broker_notice')) {
        expect(document).toMatchObject({ issuer: offer.insurer.code, url: `/api/v1/offers/${offer.id}/documents/${document.kind}` })
        expect(document.id).toBe(`${document.kind}:${offer.insurer.code}:${document.version}`)
        const res = await t.call(document.url.replace('/api/v1', ''))
        expect(res.status).toBe(200)
        expect(res.headers.get('content-type')).toBe('application/pdf')
        const pdf = await readPdf(new Uint8Array(await res.arrayBuffer()))
        const text = pdf.text.replace(/\s+/g, ' ')
        expect(text).toContain(offer.insurer.name)
        expect(text).toContain(document.kind === 'ipid' ? 'Document de informare privind produsul de asigurare (IPID)' : 'Condiții generale de asigurare')
        expect(text).toContain(document.version.split('-').reverse().join('.'))
      }
      expect(offer.documents.at(-1)).toMatchObject({ kind: 'broker_notice', issuer: 'broker', version: t.deps.config.BROKER_NOTICE_VERSION, url: `${t.deps.config.PUBLIC_URL}/info/broker-notice` })
    }
    // Insurers publish their own editions: two insurers' documents are not one file.
    expect(offers[0]!.documents[0]!.id).not.toBe(offers[1]!.documents[0]!.id)
    expect((await t.call('/offers/no-such-offer/documents/ipid')).status).toBe(404)
  })

  it('records the editions the buyer accepted with the order, and refuses missing or stale ones (422 on accepted_documents)', async () => {
    const [offer] = await offered()
    const ids = offer!.documents.map((d) => d.id)

    const missing = await order(offer!.id, 'legal-missing@example.ro', undefined)
    expect(missing.status).toBe(422)
    expect(Object.keys(await fieldsOf(missing))).toEqual(['accepted_documents'])

    const partial = await order(offer!.id, 'legal-partial@example.ro', ids.filter((id) => !id.startsWith('ipid:')))
    expect(partial.status).toBe(422)
    expect((await fieldsOf(partial)).accepted_documents?.[0]).toMatch(/IPID/)

    const stale = ids.map((id) => (id.startsWith('general_conditions:') ? id.replace(/\d{4}-\d{2}-\d{2}$/, '2025-01-01') : id))
    const refused = await order(offer!.id, 'legal-stale@example.ro', stale)
    expect(refused.status).toBe(422)
    expect((await fieldsOf(refused)).accepted_documents?.[0]).toMatch(/schimbat între timp/)

    const created = await order(offer!.id, 'legal-ok@example.ro', ids)
    expect(created.status, await created.clone().text()).toBe(201)
    const { data } = (await created.json()) as { data: { id: string; access_token: string } }
    const view = (await (await t.call(`/orders/${data.id}`, { headers: { 'x-order-token': data.access_token } })).json()) as { data: { accepted_documents: { id: string; kind: string; version: string }[] } }
    expect(view.data.accepted_documents.map((d) => d.id)).toEqual(ids)
  })

  it('signs every mail with the broker’s legal data', async () => {
    await registerUser(t, 'legal-mail@example.ro')
    const mailbox = (await (await readMailbox(t, 'legal-mail@example.ro')).json()) as { data: { text: string; html: string }[] }
    expect(mailbox.data.length).toBeGreaterThan(0)
    const config = t.deps.config
    for (const mail of mailbox.data)
      for (const detail of [config.BROKER_LEGAL_NAME, config.BROKER_FISCAL_CODE, config.BROKER_TRADE_REGISTER, config.BROKER_ASF_REGISTRATION, config.BROKER_ADDRESS, config.SUPPORT_PHONE, config.SUPPORT_EMAIL, config.BROKER_COMPLAINTS_EMAIL]) {
        expect(mail.text).toContain(detail)
      }
  })
})
