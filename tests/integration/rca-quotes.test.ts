import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { bonusMalusCoefficient, type BonusMalusClass } from '~/contract/bonus-malus'
import { InsurerList, QuoteEnvelope, type Quote } from '~/contract/quotes'
import { RcaQuoteInput, rcaPolicyEndDate, type RcaQuoteInputRaw } from '~/contract/rca'
import { quotes } from '~/server/db/schema'
import { rcaInsurers } from '~/server/products/rca/insurers'
import { rcaRisk } from '~/server/products/rca/risk'
import { isDecline, rcaPremium } from '~/server/sandbox/insurers/rca-tariff'
import { rcaTariffs } from '~/server/sandbox/insurers/rca-tariffs'
import { databaseKinds, errorOf, type TestApi, startTestApi } from '../support/api'
import { bearer, registerUser } from '../support/accounts'
import { cnpBornOn } from '../support/rca'
import { addDays } from '~/contract/iso-date'
import { todayInBucharest } from '~/i18n/dates'
import { insurerPayloadOf, outcomesOf, pollUntilComplete, postRcaQuote, rcaRequestFromTomorrow } from '../support/quotes'

const insurerCodes = rcaInsurers.map((i) => i.code)

/** What the offer of each insurer must be, from its tariff and the sandbox's draw for this request. */
function expectedOffers(raw: RcaQuoteInputRaw): Record<string, { status: string; premium?: number; directSettlement?: number | null; reason?: string }> {
  const payload = insurerPayloadOf(raw)
  const outcomes = outcomesOf(raw, insurerCodes)
  const request = RcaQuoteInput.parse(raw)
  const risk = rcaRisk(request, { bonusMalus: payload.bonus_malus as BonusMalusClass })
  return Object.fromEntries(
    rcaInsurers.map(({ code }) => {
      const outcome = outcomes[code]
      if (outcome === 'error') return [code, { status: 'failed', reason: 'insurer_error' }]
      if (outcome === 'hang') return [code, { status: 'failed', reason: 'timeout' }]
      const price = rcaPremium(rcaTariffs[code], risk)
      return [code, isDecline(price) ? { status: 'declined', reason: price.declined } : { status: 'offered', premium: price.premium, directSettlement: price.directSettlement }]
    }),
  )
}

/** A request whose sandbox draws are all answers (no 5xx, no hang), found by varying the plate's digits. */
function calmRequest(overrides: Parameters<typeof rcaRequestFromTomorrow>[0] = {}): RcaQuoteInputRaw {
  for (let n = 10; n < 100; n++) {
    const raw = rcaRequestFromTomorrow({ ...overrides, vehicle: { registration_plate: `CJ ${n} ABC`, ...overrides.vehicle } })
    if (Object.values(outcomesOf(raw, insurerCodes)).every((o) => o === 'answer')) return raw
  }
  throw new Error('no calm plate')
}

function checkAgainstTariffs(quote: Quote, raw: RcaQuoteInputRaw) {
  const expected = expectedOffers(raw)
  for (const offer of quote.offers) {
    const want = expected[offer.insurer.code]
    expect(want, offer.insurer.code).toBeDefined()
    expect({ code: offer.insurer.code, status: offer.status, reason: offer.reason ?? undefined }).toEqual({ code: offer.insurer.code, status: want?.status, reason: want?.reason })
    if (want?.status === 'offered') {
      expect(offer.premium).toEqual({ amount: want.premium, currency: 'RON' })
      expect(offer.direct_settlement).toEqual(want.directSettlement === null ? null : { amount: want.directSettlement, currency: 'RON' })
    } else {
      expect(offer.premium).toBeNull()
    }
  }
}

describe.each(databaseKinds)('RCA quote API on %s', (kind) => {
  let t: TestApi
  beforeAll(async () => {
    // Insurers answer in 2–60 ms; a hang counts as a timeout after 10 s: a bound on a hang only, never met by an answer on a busy machine.
    t = await startTestApi(kind, { INSURER_QUOTE_TIMEOUT_MS: '10000', QUOTE_RATE_LIMIT: '4' }, { sandbox: { latencyScale: 0.02 } })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('lists the insurers it asks, each with its ASF registration and products', async () => {
    const res = await t.call('/insurers')
    expect(res.status).toBe(200)
    const { data } = InsurerList.parse(await res.json())
    const rca = data.filter((i) => i.products.includes('rca'))
    expect(rca.map((i) => i.code).sort()).toEqual([...insurerCodes].sort())
    for (const insurer of rca) {
      expect(insurer.asf_registration).toMatch(/^RA-\d+$/)
      expect(insurer.products).toContain('rca')
    }
  })

  it('creates a pending quote with the owner’s bonus-malus class, then every insurer answers at its own tariff, cheapest first', async () => {
    const raw = calmRequest()
    const res = await postRcaQuote(t, raw, {}, '198.51.100.10')
    expect(res.status, await res.clone().text()).toBe(201)
    const { data: created } = QuoteEnvelope.parse(await res.json())
    expect(created.id).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(created).toMatchObject({ product: 'rca', insurers_total: 9 })
    const bonusMalus = insurerPayloadOf(raw).bonus_malus as BonusMalusClass
    expect(created.bonus_malus).toEqual({ class: bonusMalus, coefficient: bonusMalusCoefficient(bonusMalus) })
    expect(new Date(created.expires_at).getTime() - Date.now()).toBeGreaterThan(29 * 60_000)

    const quote = await pollUntilComplete(t, created.id)
    expect(quote.insurers_answered).toBe(9)
    expect(quote.offers).toHaveLength(9)
    checkAgainstTariffs(quote, raw)
    const offered = quote.offers.filter((o) => o.status === 'offered')
    expect(offered.length).toBe(9)
    const premiums = offered.map((o) => o.premium?.amount ?? 0)
    expect(premiums).toEqual([...premiums].sort((a, b) => a - b))
    const start = raw.policy.start_date
    for (const offer of quote.offers) expect(offer).toMatchObject({ months: 12, start_date: start })
    expect(quote.offers[0]?.end_date).toBe(rcaPolicyEndDate(start, 12, 'standard'))
  })

  it('shows ASF’s reference tariff for the quote’s cell, and the BAAR allocation right when three 12-month offers exceed it', async () => {
    // A 20-year-old with a 200 kW car in Bucharest: the reference cell is under 30, 181–300 kW, Bucharest-Ilfov.
    const young = { type: 'person' as const, cnp: cnpBornOn(addDays(todayInBucharest(), -365 * 20 - 30)), driving_licence_since: addDays(todayInBucharest(), -365), county: 'B', locality: 'București' }
    const raw = calmRequest({ vehicle: { power_kw: 200 }, owner: young })
    const quote = await pollUntilComplete(t, QuoteEnvelope.parse(await (await postRcaQuote(t, raw, {}, '198.51.100.20')).json()).data.id)
    checkAgainstTariffs(quote, raw)
    const cls = insurerPayloadOf(raw).bonus_malus as BonusMalusClass
    const reference = quote.reference_tariff!
    expect(reference).toMatchObject({ annual: { amount: 474_900, currency: 'RON' }, zone: 'bucharest-ilfov', age_band: 'under-30', power_band: 'kw-181-300', valid_from: '2025-01-01', baar_url: 'https://www.baar.ro/asigurati-cu-risc-ridicat/' })
    expect(reference.for_class.amount).toBe(Math.round(4749 * bonusMalusCoefficient(cls)) * 100)
    const above = quote.offers.filter((o) => o.status === 'offered' && o.premium!.amount > reference.for_class.amount).length
    expect(reference.offers_above).toBe(above)
    expect(reference.baar_allocation).toBe(above >= 3)

    // A settled driver of a small car elsewhere: offers mostly below it, no allocation right.
    const settled = await pollUntilComplete(t, QuoteEnvelope.parse(await (await postRcaQuote(t, calmRequest(), {}, '198.51.100.21')).json()).data.id)
    expect(settled.reference_tariff).toMatchObject({ annual: { amount: 117_000 }, zone: 'rest', age_band: '51-60', power_band: 'kw-51-70', baar_allocation: false })
    // Shorter policies are not compared (BAAR compares 12-month offers).
    const short = await pollUntilComplete(t, QuoteEnvelope.parse(await (await postRcaQuote(t, { ...raw, policy: { ...raw.policy, months: 6 } }, {}, '198.51.100.22')).json()).data.id)
    expect(short.reference_tariff).toMatchObject({ annual: { amount: 474_900 }, offers_above: 0, baar_allocation: false })
  })

  it('gives no direct settlement price for a trailer, and refuses a trailer request that asks for it', async () => {
    const trailer = { registration_plate: 'CJ 12 ABC', category: 'trailer' as const, power_kw: 0, seats: 0, total_mass_kg: 750, engine_capacity_cc: 0 }
    const raw = calmRequest({ vehicle: trailer })
    const quote = await pollUntilComplete(t, QuoteEnvelope.parse(await (await postRcaQuote(t, raw, {}, '198.51.100.23')).json()).data.id)
    expect(quote.reference_tariff).toBeNull()
    expect(quote.offers.filter((o) => o.status === 'offered').length).toBeGreaterThan(3)
    for (const offer of quote.offers) expect(offer.direct_settlement ?? null).toBeNull()
    const refused = await postRcaQuote(t, { ...raw, policy: { ...raw.policy, direct_settlement: true } }, { 'accept-language': 'en' }, '198.51.100.24')
    expect(refused.status).toBe(422)
    expect((await errorOf(refused)).message).toMatchObject({ 'policy.direct_settlement': ['Direct settlement is not sold for trailers: untick it.'] })
  })

  it('lists a declined risk with the insurer’s reason (a taxi) after the offers', async () => {
    const raw = calmRequest({ vehicle: { usage: 'taxi' } })
    const res = await postRcaQuote(t, raw, {}, '198.51.100.11')
    expect(res.status).toBe(201)
    const quote = await pollUntilComplete(t, QuoteEnvelope.parse(await res.json()).data.id)
    checkAgainstTariffs(quote, raw)
    const declined = quote.offers.filter((o) => o.status === 'declined')
    // Those whose tariffs refuse taxis (axeria and hellas-direct among them), each saying so.
    const refusing = Object.entries(expectedOffers(raw)).filter(([, o]) => o.status === 'declined').map(([code]) => code)
    expect(refusing).toEqual(expect.arrayContaining(['axeria', 'hellas-direct']))
    expect(declined.map((o) => o.insurer.code).sort()).toEqual(refusing.sort())
    expect(declined.every((o) => o.reason === 'usage_not_covered')).toBe(true)
    // Offered first, then the refusals.
    const statuses = quote.offers.map((o) => o.status)
    expect(statuses.lastIndexOf('offered')).toBeLessThan(statuses.indexOf('declined'))
  })

  it('counts an insurer that does not answer in time as failed (timeout) and still completes', async () => {
    // An insurer that hangs on both tries (the engine asks again after the first): rare, so many plates are tried.
    let raw: RcaQuoteInputRaw | undefined
    for (let n = 10; n < 100 && !raw; n++) {
      for (const county of ['BV', 'CJ', 'IS', 'TM', 'CT', 'AG', 'BH', 'SB', 'DJ', 'GL']) {
        const candidate = rcaRequestFromTomorrow({ vehicle: { registration_plate: `${county} ${n} XYZ` } })
        const outcomes = Object.values(outcomesOf(candidate, insurerCodes))
        if (outcomes.includes('hang') && !outcomes.includes('error')) raw = candidate
        if (raw) break
      }
    }
    if (!raw) throw new Error('no plate makes an insurer hang')
    const res = await postRcaQuote(t, raw, {}, '198.51.100.12')
    expect(res.status).toBe(201)
    const quote = await pollUntilComplete(t, QuoteEnvelope.parse(await res.json()).data.id)
    checkAgainstTariffs(quote, raw)
    const hung = Object.entries(outcomesOf(raw, insurerCodes)).filter(([, o]) => o === 'hang').map(([code]) => code)
    for (const code of hung) expect(quote.offers.find((o) => o.insurer.code === code)).toMatchObject({ status: 'failed', reason: 'timeout', premium: null })
    expect(quote.insurers_answered).toBe(9)
  })

  it('long-polls: answers as soon as an insurer has answered, not at the end of its wait', async () => {
    const res = await postRcaQuote(t, calmRequest(), {}, '198.51.100.13')
    const { data: created } = QuoteEnvelope.parse(await res.json())
    // The wait's end is counted on `Date`: with `Date` standing still it never comes, so only an
    // insurer's answer can end the poll (the sandbox's latencies and the insurers' time budget run
    // on timers), however slowly a busy machine gets there. No duration is measured.
    vi.useFakeTimers({ toFake: ['Date'] })
    let data: Quote
    try {
      const poll = await t.call(`/quotes/${created.id}?after=0&wait=20`)
      expect(poll.status).toBe(200)
      data = QuoteEnvelope.parse(await poll.json()).data
    } finally {
      vi.useRealTimers()
    }
    expect(data.insurers_answered).toBeGreaterThan(0)
    // Without `wait` it answers at once, whatever it has.
    const now = QuoteEnvelope.parse(await (await t.call(`/quotes/${created.id}`)).json()).data
    expect(now.insurers_answered).toBeGreaterThanOrEqual(data.insurers_answered)
  })

  it('answers 422 with a translated sentence per dotted field', async () => {
    const raw = rcaRequestFromTomorrow({ vehicle: { vin: 'UU1HSDAC5L512345' }, policy: { months: 13 } })
    const res = await postRcaQuote(t, { ...raw, owner: { ...raw.owner, cnp: '1630615123458' } }, { 'accept-language': 'en' }, '198.51.100.14')
    expect(res.status).toBe(422)
    const fields = (await errorOf(res)).message as Record<string, string[]>
    expect(Object.keys(fields).sort()).toEqual(['owner.cnp', 'policy.months', 'vehicle.vin'])
    for (const sentences of Object.values(fields)) {
      expect(sentences[0]).toMatch(/^[A-Z].*\.$/)
      expect(sentences[0]).not.toMatch(/[_<>=]|expected/)
    }
    const empty = await postRcaQuote(t, {}, { 'accept-language': 'ro' }, '198.51.100.14')
    expect(empty.status).toBe(422)
    expect(Object.keys((await errorOf(empty)).message as Record<string, string[]>)).toEqual(expect.arrayContaining(['vehicle', 'owner', 'policy']))
  })

  it('checks the owner’s locality against SIRUTA: a place not in the county is refused on its field, a known one is kept by its official name', async () => {
    const raw = calmRequest()
    const unknown = await postRcaQuote(t, { ...raw, owner: { ...raw.owner, county: 'CJ', locality: 'Narnia' } }, { 'accept-language': 'en' }, '198.51.100.25')
    expect(unknown.status).toBe(422)
    expect((await errorOf(unknown)).message).toEqual({ 'owner.locality': [expect.stringContaining('This locality is not in the chosen county')] })
    const elsewhere = await postRcaQuote(t, { ...raw, owner: { ...raw.owner, county: 'B', locality: 'Cluj-Napoca' } }, { 'accept-language': 'ro' }, '198.51.100.25')
    expect(((await errorOf(elsewhere)).message as Record<string, string[]>)['owner.locality']?.[0]).toContain('Această localitate nu este în județul ales')
    const sector = await postRcaQuote(t, { ...raw, owner: { ...raw.owner, county: 'B', locality: 'sector 3' } }, {}, '198.51.100.26')
    expect(sector.status).toBe(201)
    const id = QuoteEnvelope.parse(await sector.json()).data.id
    const [row] = await t.deps.database.db.select({ request: quotes.request }).from(quotes).where(eq(quotes.id, id))
    expect((row?.request as { owner: { locality: string } }).owner.locality).toBe('București Sectorul 3')
  })

  it('answers 404 for an unknown or malformed quote id', async () => {
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAA', 'nope']) {
      const res = await t.call(`/quotes/${id}`, { headers: { 'accept-language': 'en' } })
      expect(res.status).toBe(404)
      expect((await errorOf(res)).pretty_message).toMatch(/does not exist/)
    }
  })

  it('gives a quote made while signed in to the account: others get 404', async () => {
    const { session } = await registerUser(t)
    const res = await postRcaQuote(t, calmRequest(), bearer(session.access_token), '198.51.100.15')
    expect(res.status).toBe(201)
    const { data } = QuoteEnvelope.parse(await res.json())
    expect((await t.call(`/quotes/${data.id}`, { headers: bearer(session.access_token) })).status).toBe(200)
    expect((await t.call(`/quotes/${data.id}`)).status).toBe(404)
    const other = await registerUser(t)
    expect((await t.call(`/quotes/${data.id}`, { headers: bearer(other.session.access_token) })).status).toBe(404)
    // An invalid bearer is a visitor: the quote is made, and belongs to nobody.
    const visitor = await postRcaQuote(t, calmRequest(), bearer('not-a-token'), '198.51.100.15')
    expect(visitor.status).toBe(201)
    expect((await t.call(`/quotes/${QuoteEnvelope.parse(await visitor.json()).data.id}`)).status).toBe(200)
  })

  it('limits quotes per address (QUOTE_RATE_LIMIT) with 429 and Retry-After', async () => {
    const raw = calmRequest()
    for (let i = 0; i < 4; i++) expect((await postRcaQuote(t, raw, {}, '198.51.100.99')).status).toBe(201)
    const refused = await postRcaQuote(t, raw, {}, '198.51.100.99')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await postRcaQuote(t, raw, {}, '198.51.100.98')).status).toBe(201)
  })
})
