import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { addDays } from '~/contract/iso-date'
import { QuoteEnvelope, type Quote } from '~/contract/quotes'
import { todayInBucharest } from '~/i18n/dates'
import { mailOutbox, orderPolicies } from '~/server/db/schema'
import { formatMoney } from '~/i18n/money'
import { acceptedDocumentsFor, databaseKinds, errorOf, json, startTestApi, type TestApi } from '../support/api'
import { bearer, registerUser } from '../support/accounts'
import { readPdf } from '../support/pdf-text'
import { ProcessorDouble } from '../support/processor-double'
import { pollUntilComplete, rcaRequestFromTomorrow } from '../support/quotes'
import { until } from '../support/served-api'

/**
 * Each product bought through the API and issued by the sandbox insurers: the facts stored with
 * the policy at checkout and the PDF's text say what the product's document must (RCA; travel:
 * every traveller, zone, dates, limit, covers, assistance, Schengen, Romanian and English; house:
 * address, PAD type and number, sums, risks, deductibles; vignettes: vehicle, period, validity to
 * the minute, issuer and proof number, in vignette words).
 */
describe.each(databaseKinds.slice(0, 1))('product documents (%s)', (kind) => {
  let t: TestApi
  const processor = new ProcessorDouble()
  let ip = 20
  beforeAll(async () => {
    t = await startTestApi(kind, { INSURER_QUOTE_TIMEOUT_MS: '10000' }, { sandbox: { latencyScale: 0.02 }, purchase: { payments: processor } })
  })
  afterAll(() => t?.close())

  const customer = (email: string) => ({ first_name: 'Maria', last_name: 'Ionescu', email, phone: '0722123456', address: { county: 'Cluj', city: 'Cluj-Napoca', street: 'Str. Horea 12' } })
  const flat = (text: string) => text.replace(/\s+/g, ' ')

  /** A complete quote whose every insurer answered (the sandbox fails about one request in twenty, by request). */
  async function answeredQuote(product: string, variant: (n: number) => Record<string, unknown>): Promise<Quote> {
    for (let n = 10; n < 20; n++) {
      const res = await t.call(`/products/${product}/quotes`, json({ token: 'test-token', ...variant(n) }, { 'x-forwarded-for': `198.51.100.${ip++}` }))
      expect(res.status, await res.clone().text()).toBe(201)
      const quote = await pollUntilComplete(t, QuoteEnvelope.parse(await res.json()).data.id)
      if (quote.offers.every((o) => o.status !== 'failed')) return quote
    }
    throw new Error(`${product}: every variant met a failing insurer`)
  }

  type Created = { data: { id: string; access_token?: string } }
  type View = { data: { status: string; policies: { id: string; number: string | null; series: string | null; document_url: string | null }[] } }

  /** An order of the body's offers, accepting every document they list. */
  const order = async (body: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const offerIds = [body.offer_id, ...((body.with_offer_ids as unknown[] | undefined) ?? [])].map(String)
    return t.call('/orders', json({ token: '', accepted_documents: await acceptedDocumentsFor(t, ...offerIds), ...body }, { 'idempotency-key': crypto.randomUUID(), ...headers }))
  }

  /** Orders, pays and waits for the issue; answers the order's policies with their stored facts and PDF text. */
  async function buy(body: Record<string, unknown>, headers: Record<string, string> = {}) {
    const res = await order(body, headers)
    expect(res.status, await res.clone().text()).toBe(201)
    const { data } = (await res.json()) as Created
    const access: Record<string, string> = data.access_token ? { 'x-order-token': data.access_token } : { authorization: headers.authorization ?? '' }
    await processor.pay(data.id)
    const view = async () => (await (await t.call(`/orders/${data.id}`, { headers: access })).json()) as View
    await until(async () => (await view()).data.status === 'issued', 'issued')
    const stored = await t.deps.database.db.select().from(orderPolicies).where(eq(orderPolicies.orderId, data.id))
    const policies = []
    for (const policy of (await view()).data.policies) {
      const pdf = await t.call(policy.document_url!.replace(/^\/api\/v1/, ''), { headers: access })
      expect(pdf.status).toBe(200)
      const facts = (stored.find((s) => s.id === policy.id)!.extras as { facts: Record<string, unknown> }).facts
      policies.push({ ...policy, facts, text: flat((await readPdf(new Uint8Array(await pdf.arrayBuffer()))).lines.join(' ')) })
    }
    return { orderId: data.id, policies }
  }

  it('RCA: the vehicle, the owner and the clause, in Romanian and English; the mail’s attachment named without slashes', async () => {
    const res = await t.call('/products/rca/quotes', json(rcaRequestFromTomorrow({ vehicle: { registration_plate: 'CJ 80 DOC' } }), { 'x-forwarded-for': '198.51.100.90' }))
    expect(res.status, await res.clone().text()).toBe(201)
    const quote = await pollUntilComplete(t, QuoteEnvelope.parse(await res.json()).data.id)
    const offer = quote.offers.find((o) => o.status === 'offered' && o.direct_settlement)!
    const { orderId, policies } = await buy({ offer_id: offer.id, direct_settlement: true, customer: customer('rca.doc@example.ro') })
    const [policy] = policies
    expect(policy!.facts).toMatchObject({ vehicle: { registration_plate: 'CJ80DOC', make: 'Dacia', model: 'Duster' }, owner: { type: 'person' }, bonus_malus: quote.bonus_malus!.class, months: 12, direct_settlement: offer.direct_settlement!.amount })
    expect(policy!.text).toContain('Poliță de asigurare obligatorie de răspundere civilă auto (RCA) / Compulsory motor third-party liability insurance policy (RCA)')
    expect(policy!.text).toContain('CJ80DOC')
    expect(policy!.text).toContain(`Decontare directă / Direct settlement ${flat(formatMoney(offer.direct_settlement!.amount, 'RON', 'ro'))}`)

    await until(async () => (await t.deps.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'rca.doc@example.ro'))).some((m) => m.kind === 'policy-issued'), 'the policy mail')
    const [mail] = (await t.deps.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'rca.doc@example.ro'))).filter((m) => m.kind === 'policy-issued')
    expect(mail!.attachments[0]!.filename).toMatch(/^rca-[A-Za-z0-9._-]+\.pdf$/)
    expect(mail!.attachments[0]!.filename).toContain(policy!.number!)
    expect(orderId).toBeTruthy()
  })

  it('travel: asks every traveller’s name, and the policy names them with the zone, dates, limit, covers, assistance line and the Schengen statement', async () => {
    const start = addDays(todayInBucharest(), 10)
    const end = addDays(start, 9)
    const quote = await answeredQuote('travel', (n) => ({
      zone: 'europe',
      start_date: start,
      end_date: end,
      travellers: [{ birth_date: `19${n + 60}-05-01` }, { birth_date: '1985-07-12' }],
      purpose: 'tourism',
      covers: { baggage: true, cancellation: false },
    }))
    const offer = quote.offers.find((o) => o.status === 'offered' && o.schengen_valid === true)!
    const travellers = [
      { first_name: 'Maria', last_name: 'Ionescu' },
      { first_name: 'Andrei', last_name: 'Țurcanu' },
    ]

    const unnamed = await order({ offer_id: offer.id, customer: customer('travel.doc@example.ro') }, { 'accept-language': 'en' })
    expect(unnamed.status).toBe(422)
    expect((await errorOf(unnamed)).message).toEqual({ 'insured.travellers': ['Enter every traveller’s name as it is written in their passport or identity card.'] })
    const oneName = await order({ offer_id: offer.id, customer: customer('travel.doc@example.ro'), insured: { travellers: travellers.slice(0, 1) } })
    expect(oneName.status).toBe(422)

    const { policies } = await buy({ offer_id: offer.id, customer: customer('travel.doc@example.ro'), insured: { travellers } })
    const [policy] = policies
    expect(policy!.facts).toMatchObject({
      zone: 'europe',
      start_date: start,
      end_date: end,
      travellers: [{ ...travellers[0], birth_date: expect.stringMatching(/-05-01$/) }, { ...travellers[1], birth_date: '1985-07-12' }],
      covers: { baggage: true, cancellation: false },
      medical_limit_eur: offer.medical_limit!.amount,
      schengen_valid: true,
      assistance_phone: offer.assistance_phone,
    })
    expect(offer.assistance_phone).toMatch(/^\+40[\d ]+$/)
    const text = policy!.text
    expect(text).toContain('Poliță de asigurare medicală de călătorie / Travel medical insurance policy')
    expect(text).toContain('Maria Ionescu')
    expect(text).toContain('Andrei Țurcanu')
    expect(text).toContain('Europa / Europe')
    expect(text).toContain(flat(formatMoney(offer.medical_limit!.amount, 'EUR', 'ro')))
    expect(text).toMatch(/Bagaje \/ Baggage Inclusă \/ Included/)
    expect(text).toContain(String(policy!.facts.assistance_phone))
    expect(text).toContain('viza Schengen')
    expect(text).toContain('Schengen visa')
    // Dates in the buyer's (Romanian) format.
    const [y, m, d] = start.split('-')
    expect(text).toContain(`${Number(d)} ${new Intl.DateTimeFormat('ro-RO', { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(Number(y), Number(m) - 1, 15)))} ${y}`)
  })

  it('house: the PAD and the optional cover each print the address, PAD type and number, sums insured, risks and deductibles', async () => {
    const quote = await answeredQuote('house-insurance', (n) => ({
      address: { county: 'CJ', locality: 'Cluj-Napoca', street: `Str. Horea ${n}` },
      building: { wall_material: 'brick', built_area_m2: 85, year_built: 1995, floors: 2, seismic_risk_class: null },
      cover: 'pad_and_optional',
      start_date: addDays(todayInBucharest(), 1),
    }))
    const pad = quote.offers.find((o) => o.cover === 'pad')!
    const optional = quote.offers.find((o) => o.cover === 'optional' && o.status === 'offered')!
    const { policies } = await buy({ offer_id: pad.id, with_offer_ids: [optional.id], customer: customer('house.doc@example.ro') }, { 'accept-language': 'en' })
    const [padPolicy, optionalPolicy] = policies
    expect(padPolicy!.facts).toMatchObject({ address: { county: 'Cluj', locality: 'Cluj-Napoca', street: expect.stringMatching(/^Str\. Horea \d+$/) }, cover: 'pad', pad_type: 'A', sum_insured: 10_000_000 })
    // The deductible is the insurer's own, as its offer stated it.
    const deductible = optional.deductible!
    expect(deductible.percent).toBeGreaterThan(0)
    expect(optionalPolicy!.facts).toMatchObject({ cover: 'optional', pad_number: null, sum_insured: optional.sum_insured!.amount, deductible: { percent: deductible.percent, minimum: deductible.minimum.amount } })
    const street = String((padPolicy!.facts.address as { street: string }).street)
    expect(padPolicy!.text).toContain('Compulsory home insurance policy (PAD)')
    expect(padPolicy!.text).toContain(`${street}, Cluj-Napoca, Cluj`)
    expect(padPolicy!.text).toContain('Building type (PAD) Type A')
    expect(padPolicy!.text).toContain(padPolicy!.number!)
    expect(padPolicy!.text).toContain(`Building sum insured ${flat(formatMoney(10_000_000, 'RON', 'en'))}`)
    expect(padPolicy!.text).toContain('Earthquake, landslide, flood')
    expect(padPolicy!.text).toContain('Deductibles No deductible')
    expect(optionalPolicy!.text).toContain('Optional home insurance policy')
    expect(optionalPolicy!.text).toContain(`${street}, Cluj-Napoca, Cluj`)
    expect(optionalPolicy!.text).toContain('PAD policy Bought in the same order')
    expect(optionalPolicy!.text).toContain('Fire, lightning')
    expect(optionalPolicy!.text).toContain(`Deductibles ${deductible.percent}% of each claim, at least ${flat(formatMoney(deductible.minimum.amount, 'RON', 'en'))}`)
  })

  it('rovinietă: the vehicle, period, validity to the minute, issuer and proof number in vignette words, and the vehicle page knows it the same day', async () => {
    const { session } = await registerUser(t)
    const auth = bearer(session.access_token)
    const added = await t.call('/vehicles', json({ registration_plate: 'CJ 21 VIG', vin: 'UU1HSDACN45123456', make: 'Dacia', model: 'Logan', category: 'car' }, auth))
    expect(added.status, await added.clone().text()).toBe(201)
    const vehicle = ((await added.json()) as { data: { id: string; rovinieta_valid_until: string | null } }).data
    expect(vehicle.rovinieta_valid_until).toBeNull()

    const today = todayInBucharest()
    const res = await t.call('/products/ro-vignette/quotes', json({ token: 'test-token', vehicle: { registration_plate: 'CJ 21 VIG', country: 'RO', vin: 'UU1HSDACN45123456', category: 'A' }, period: '10d', start_date: today }, { 'x-forwarded-for': '198.51.100.91' }))
    expect(res.status, await res.clone().text()).toBe(201)
    const quote = await pollUntilComplete(t, QuoteEnvelope.parse(await res.json()).data.id)
    const offer = quote.offers[0]!
    expect(offer.status).toBe('offered')
    const { policies } = await buy({ offer_id: offer.id, customer: customer('vignette.doc@example.ro') }, { ...auth, 'accept-language': 'ro' })
    const [proof] = policies
    expect(proof!.facts).toMatchObject({ registration_plate: 'CJ21VIG', country: 'RO', category: 'A', period: '10d', valid_from: offer.valid_from, valid_until: offer.valid_until })
    const text = proof!.text
    expect(text).toContain('Dovada rovinietei')
    expect(text).toContain('Număr de înmatriculare CJ21VIG')
    expect(text).toContain('Țara de înmatriculare RO')
    expect(text).toContain('Categoria A')
    expect(text).toContain('Perioada 10 zile')
    const minute = (instant: string) => new Intl.DateTimeFormat('ro-RO', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Bucharest' }).format(new Date(instant))
    expect(text).toContain(`de la ${minute(offer.valid_from!)} până la ${minute(offer.valid_until!)} (ora României)`)
    expect(text).toContain('Emitent CNAIR')
    expect(text).toContain(`Număr dovadă ${proof!.series ? `${proof!.series} ` : ''}${proof!.number}`)
    for (const word of ['Poliță', 'Polița', 'Asigurat', 'Primă', 'Prima', 'Asigurător']) expect(text).not.toContain(word)

    const page = (await (await t.call(`/vehicles/${vehicle.id}`, { headers: auth })).json()) as { data: { rovinieta_valid_until: string | null } }
    expect(page.data.rovinieta_valid_until).toBe(offer.end_date)
  })

  it('Hungarian vignette: the counties, the issuer NÚSZ and the validity to the minute, in the buyer’s language (English)', async () => {
    const quote = await answeredQuote('hu-vignette', (n) => ({ vehicle: { registration_plate: `B ${n}1 HUD`, country: 'RO', category: 'D1' }, period: 'county', counties: ['pest', 'gyor-moson-sopron'], start_date: addDays(todayInBucharest(), 1) }))
    const offer = quote.offers[0]!
    const { policies } = await buy({ offer_id: offer.id, customer: customer('hu.doc@example.ro') }, { 'accept-language': 'en' })
    const [proof] = policies
    expect(proof!.facts).toMatchObject({ country: 'RO', category: 'D1', period: 'county', counties: ['pest', 'gyor-moson-sopron'], valid_from: offer.valid_from, valid_until: offer.valid_until })
    const text = proof!.text
    expect(text).toContain('Hungarian e-vignette proof')
    expect(text).toContain('Period Annual, by county')
    expect(text).toContain('Counties Pest, Győr-Moson-Sopron')
    expect(text).toMatch(/Issuer Nemzeti Útdíjfizetési Szolgáltató \(NÚSZ\)/)
    expect(text).toMatch(/Valid from \d{1,2} \w+ \d{4} at \d\d:\d\d until \d{1,2} \w+ \d{4} at \d\d:\d\d \(Romanian time\)/)
    for (const word of ['Policy', 'Insured', 'Insurer', 'Premium']) expect(text).not.toContain(word)
  })
})
