import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '~/contract/iso-date'
import { QuoteEnvelope, type Quote } from '~/contract/quotes'
import { todayInBucharest } from '~/i18n/dates'
import { decimalToMicros } from '~/server/fx/bnr'
import { toBani } from '~/server/fx/service'
import { houseInsurerTariffs } from '~/server/sandbox/insurers/house-tariffs'
import { travelInsurerTariffs } from '~/server/sandbox/insurers/travel-tariffs'
import { huVignetteTariffFor } from '~/server/products/vignettes/hu-tariff'
import { roVignetteTariff } from '~/server/products/vignettes/ro-tariff'
import { databaseKinds, errorOf, json, startTestApi, type TestApi } from '../support/api'
import { pollUntilComplete } from '../support/quotes'

/** The rate a quote was priced at (fx-rates.test.ts proves which day's it is), in millionths of a leu. */
const rateOf = (quote: Quote) => decimalToMicros(quote.exchange_rate!.ron_per_unit)
const tomorrow = () => addDays(todayInBucharest(), 1)

describe.each(databaseKinds)('travel, house and vignette quotes on %s', (kind) => {
  let t: TestApi
  let ip = 10
  beforeAll(async () => {
    t = await startTestApi(kind, { INSURER_QUOTE_TIMEOUT_MS: '10000' }, { sandbox: { latencyScale: 0.02 } })
  })
  afterAll(() => t?.close())

  const post = (product: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.call(`/products/${product}/quotes`, json({ token: 'test-token', ...body }, { 'x-forwarded-for': `198.51.100.${ip++}`, ...headers }))

  /**
   * A complete quote whose issuers all answered: the sandbox fails or hangs for about one request
   * in twenty, deterministically by request, so the next plate (or traveller) is tried then.
   */
  async function answeredQuote(product: string, variant: (n: number) => Record<string, unknown>): Promise<Quote> {
    for (let n = 10; n < 20; n++) {
      const res = await post(product, variant(n))
      expect(res.status, await res.clone().text()).toBe(201)
      const quote = await pollUntilComplete(t, QuoteEnvelope.parse(await res.json()).data.id)
      if (quote.offers.every((o) => o.status !== 'failed')) return quote
    }
    throw new Error(`${product}: every variant met a failing issuer`)
  }

  it('sells the rovinietă at CNAIR’s tariff in lei at CNAIR’s rate (the previous month’s end), no fee, with validity to the minute', async () => {
    const start = tomorrow()
    const quote = await answeredQuote('ro-vignette', (n) => ({
      vehicle: { registration_plate: `CJ ${n} XYZ`, country: 'RO', vin: 'UU1HSDACN45123456', category: 'A' },
      period: '12m',
      start_date: start,
      bridge_passes: 2,
    }))
    // CNAIR's rule: the rate of the previous month's last banking day.
    expect(quote.exchange_rate).toMatchObject({ currency: 'EUR', date: expect.stringMatching(/^\d{4}-\d{2}-(2[4-9]|3[01])$/) })
    expect(quote.exchange_rate!.date < `${todayInBucharest().slice(0, 8)}01`).toBe(true)
    expect(quote.offers).toHaveLength(1)
    const [offer] = quote.offers
    expect(offer).toMatchObject({ insurer: { code: 'cnair' }, status: 'offered', list_price: { amount: 5000, currency: 'EUR' }, bridge_passes: 2, start_date: start, months: 12 })
    expect(offer!.premium).toEqual({ amount: toBani(roVignetteTariff.A['12m']!, rateOf(quote)) + 2 * 1900, currency: 'RON' })
    expect(offer!.end_date).toBe(addDays(addDays(start, 0).replace(/^(\d{4})/, (y) => String(Number(y) + 1)), -1))
    expect(new Date(offer!.valid_until!).getTime() - new Date(offer!.valid_from!).getTime()).toBeGreaterThan(364 * 86_400_000)
  })

  it('names the rovinietă’s vehicle by the VIN or the registration certificate series, and repeats it in the quote', async () => {
    const start = tomorrow()
    const quote = await answeredQuote('ro-vignette', (n) => ({
      vehicle: { registration_plate: `BH ${n} CDE`, country: 'RO', certificate_series: 'j 123-456', category: 'A' },
      period: '30d',
      start_date: start,
    }))
    expect(quote.offers[0]).toMatchObject({ status: 'offered', list_price: { amount: roVignetteTariff.A['30d'], currency: 'EUR' } })
    expect(quote.subject).toEqual({
      product: 'ro-vignette',
      registration_plate: expect.stringMatching(/^BH\d+CDE$/),
      country: 'RO',
      vin: null,
      certificate_series: 'J123456',
      category: 'A',
      period: '30d',
      start_date: start,
      bridge_passes: 0,
    })
    const refused = async (vehicle: Record<string, unknown>) => {
      const res = await post('ro-vignette', { vehicle: { registration_plate: 'B123ABC', country: 'RO', category: 'A', ...vehicle }, period: '1d', start_date: start }, { 'accept-language': 'en' })
      expect(res.status).toBe(422)
      return (await errorOf(res)).message as unknown as Record<string, string[]>
    }
    expect(await refused({})).toEqual({ 'vehicle.vin': ['Enter the VIN or the registration certificate series.'] })
    expect(Object.keys(await refused({ certificate_series: 'UU1HSDACN45123456' }))).toEqual(['vehicle.certificate_series'])
  })

  it('sells Hungarian county vignettes, one county price per county, in lei from HUF', async () => {
    const quote = await answeredQuote('hu-vignette', (n) => ({
      vehicle: { registration_plate: `B ${n}0 HUN`, country: 'RO', category: 'D1' },
      period: 'county',
      counties: ['pest', 'gyor-moson-sopron'],
      start_date: tomorrow(),
    }))
    const listPrice = 2 * huVignetteTariffFor(tomorrow())!.D1.county!
    expect(quote.offers[0]).toMatchObject({ insurer: { code: 'nusz' }, list_price: { amount: listPrice, currency: 'HUF' }, premium: { amount: toBani(listPrice, rateOf(quote)), currency: 'RON' } })
    expect(quote.offers[0]!.end_date).toBe(`${Number(tomorrow().slice(0, 4)) + 1}-01-31`)
  })

  it('offers PAD from the pool and optional cover from at least three insurers', async () => {
    const quote = await answeredQuote('house-insurance', (n) => ({
      address: { county: 'CJ', locality: 'Cluj-Napoca', street: `Str. Horea ${n}` },
      building: { wall_material: 'brick', built_area_m2: 85, year_built: 1995, floors: 2, seismic_risk_class: null },
      cover: 'pad_and_optional',
      start_date: tomorrow(),
    }))
    const pad = quote.offers.find((o) => o.insurer.code === 'paid')
    expect(pad).toMatchObject({ status: 'offered', cover: 'pad', pad_type: 'A', premium: { amount: 13000, currency: 'RON' }, sum_insured: { amount: 10_000_000, currency: 'RON' } })
    expect(quote.subject).toMatchObject({ product: 'house-insurance', cover: 'pad_and_optional', address: { county: 'Cluj', locality: 'Cluj-Napoca' }, existing_pad_number: null })
    const optional = quote.offers.filter((o) => o.cover === 'optional' && o.status === 'offered')
    expect(optional.length).toBeGreaterThanOrEqual(3)
    expect(quote.insurers_total).toBe(1 + Object.keys(houseInsurerTariffs).length)
    const unfired = await answeredQuote('house-insurance', (n) => ({
      address: { county: 'TR', locality: 'Alexandria', street: `Str. Libertății ${n}` },
      building: { wall_material: 'unfired_brick', built_area_m2: 60, year_built: 1950, floors: 1, seismic_risk_class: null },
      cover: 'pad',
      start_date: tomorrow(),
    }))
    expect(unfired.offers).toHaveLength(1)
    expect(unfired.offers[0]).toMatchObject({ insurer: { code: 'paid' }, pad_type: 'B', premium: { amount: 5000, currency: 'RON' } })
  })

  it('compares at least four travel insurers, the medical limit in EUR, and marks the one not valid for a Schengen visa', async () => {
    const start = addDays(todayInBucharest(), 10)
    const quote = await answeredQuote('travel', (n) => ({
      zone: 'europe',
      start_date: start,
      end_date: addDays(start, 9),
      travellers: [{ birth_date: `19${n + 70}-03-01` }],
      purpose: 'tourism',
    }))
    expect(quote.subject).toMatchObject({ product: 'travel', zone: 'europe', trip: 'single', purpose: 'tourism', start_date: start, end_date: addDays(start, 9) })
    expect(quote.subject).toHaveProperty('travellers', [{ birth_date: expect.stringMatching(/^19\d\d-03-01$/) }])
    expect(quote.insurers_total).toBe(Object.keys(travelInsurerTariffs).length)
    expect(quote.insurers_total).toBeGreaterThanOrEqual(4)
    const budget = quote.offers.find((o) => o.insurer.code === 'signal-iduna')
    expect(budget).toMatchObject({ medical_limit: { amount: 2_000_000, currency: 'EUR' }, schengen_valid: false })
    for (const offer of quote.offers.filter((o) => o.insurer.code !== 'signal-iduna')) expect(offer.schengen_valid).toBe(true)
  })

  it('sells an annual travel policy saying its longest trip, and cancellation cover on the trip’s cost it insures', async () => {
    const start = addDays(todayInBucharest(), 12)
    const annual = await answeredQuote('travel', (n) => ({ zone: 'world', trip: 'annual', start_date: start, end_date: start, travellers: [{ birth_date: `19${n + 70}-04-01` }], purpose: 'tourism' }))
    const offered = annual.offers.filter((o) => o.status === 'offered')
    expect(offered.length).toBeGreaterThanOrEqual(3)
    for (const offer of offered) {
      expect(offer.max_trip_days).toBeGreaterThanOrEqual(30)
      expect(offer.medical_limit!.amount).toBeGreaterThanOrEqual(5_000_000)
    }
    expect(annual.offers.find((o) => o.insurer.code === 'signal-iduna')).toMatchObject({ status: 'declined', reason: 'zone_not_covered' })

    const trip = { zone: 'europe', start_date: start, end_date: addDays(start, 6), purpose: 'tourism', covers: { cancellation: true } }
    const missing = await post('travel', { ...trip, travellers: [{ birth_date: '1980-04-01' }] }, { 'accept-language': 'en' })
    expect(missing.status).toBe(422)
    expect((await errorOf(missing)).message).toMatchObject({ trip_cost: ['Enter the trip’s cost: cancellation cover insures it.'] })
    const insured = await answeredQuote('travel', (n) => ({ ...trip, travellers: [{ birth_date: `19${n + 70}-04-01` }], trip_cost: { amount: 120_000, currency: 'EUR' } }))
    expect(insured.subject).toMatchObject({ trip_cost: { amount: 120_000, currency: 'EUR' } })
    for (const offer of insured.offers.filter((o) => o.status === 'offered')) expect(offer.cancellation_cover).toEqual({ amount: 120_000, currency: 'EUR' })
  })

  it('refuses bad input with a translated sentence on the field', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['travel', { zone: 'europe', start_date: addDays(tomorrow(), 5), end_date: tomorrow(), travellers: [{ birth_date: '1990-01-01' }], purpose: 'tourism' }, 'end_date'],
      ['ro-vignette', { vehicle: { registration_plate: 'B123ABC', country: 'RO', vin: 'UU1HSDACN45123456', category: 'A' }, period: '1d', start_date: addDays(todayInBucharest(), -1) }, 'start_date'],
      ['hu-vignette', { vehicle: { registration_plate: 'M AB 1234', country: 'RO', category: 'D1' }, period: 'daily', start_date: tomorrow() }, 'vehicle.registration_plate'],
      [
        'house-insurance',
        {
          address: { county: 'B', locality: 'București', street: 'Bd. Magheru 1' },
          building: { wall_material: 'reinforced_concrete', built_area_m2: 70, year_built: 1935, floors: 8, seismic_risk_class: 'I' },
          cover: 'pad',
          start_date: tomorrow(),
        },
        'building.seismic_risk_class',
      ],
    ]
    for (const [product, body, field] of cases) {
      const res = await post(product, body, { 'accept-language': 'en' })
      expect(res.status, `${product} ${field}`).toBe(422)
      const error = await errorOf(res)
      const fields = error.message as unknown as Record<string, string[]>
      expect(Object.keys(fields), product).toContain(field)
      expect(fields[field]![0]).toMatch(/^[A-Z].*\.$/)
    }
  })
})
