import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { addDays } from '~/contract/iso-date'
import { QuoteEnvelope } from '~/contract/quotes'
import { fxRates } from '~/server/db/schema'
import { decimalToMicros } from '~/server/fx/bnr'
import { sandboxBnrRate } from '~/server/sandbox/bnr'
import { databaseKinds, errorOf, json, operator, startTestApi, type TestApi } from '../support/api'

/** Noon in Bucharest on `day`: the quote's clock (vitest's fake `Date`, real timers). */
const at = (day: string) => vi.setSystemTime(new Date(`${day}T10:00:00Z`))
const rateView = (currency: 'EUR' | 'HUF', day: string) => ({ currency, date: day, ron_per_unit: String(decimalToMicros(sandboxBnrRate(currency, day)) / (currency === 'HUF' ? 100_000_000 : 1_000_000)) })

describe.each(databaseKinds)('exchange rates (%s)', (kind) => {
  let t: TestApi
  let ip = 10
  beforeAll(async () => {
    t = await startTestApi(kind, {}, { sandbox: { latencyScale: 0 } })
  })
  afterAll(() => t?.close())
  afterEach(() => void vi.useRealTimers())

  const quote = async (product: string, body: Record<string, unknown>, api = t) =>
    api.call(`/products/${product}/quotes`, json({ token: 'test-token', ...body }, { 'x-forwarded-for': `198.51.100.${ip++}`, 'accept-language': 'ro' }))
  const bodies = (start: string) => ({
    travel: { zone: 'europe', start_date: start, end_date: addDays(start, 9), travellers: [{ birth_date: '1980-03-01' }], purpose: 'tourism' },
    'hu-vignette': { vehicle: { registration_plate: 'B 10 HUN', country: 'RO', category: 'D1' }, period: 'daily', start_date: start },
    'ro-vignette': { vehicle: { registration_plate: 'CJ 10 XYZ', country: 'RO', vin: 'UU1HSDACN45123456', category: 'A' }, period: '10d', start_date: start },
  })

  it.each([
    // A Friday of 2026, a Tuesday of 2028 after a leap day, a Monday of 2027 (the rovinietă then takes Friday 30 April's rate: 1 May is a holiday).
    // Hungary has published its vignette prices for 2026 only.
    ['2026-11-27', '2026-10-30', true],
    ['2028-03-14', '2028-02-29', false],
    ['2027-05-03', '2027-04-30', false],
  ])('prices a quote of %s at the BNR rate of that day (travel, Hungarian vignette) and of the previous month’s end (rovinietă)', async (day, monthEnd, hungarianPrices) => {
    vi.useFakeTimers({ toFake: ['Date'] })
    at(day)
    const made = async (product: keyof ReturnType<typeof bodies>) => {
      const res = await quote(product, bodies(addDays(day, 1))[product])
      expect(res.status, await res.clone().text()).toBe(201)
      return QuoteEnvelope.parse(await res.json()).data
    }
    expect((await made('travel')).exchange_rate).toEqual(rateView('EUR', day))
    if (hungarianPrices) expect((await made('hu-vignette')).exchange_rate).toEqual(rateView('HUF', day))
    expect((await made('ro-vignette')).exchange_rate).toEqual(rateView('EUR', monthEnd))
    expect(await t.deps.fx.current('EUR', day)).toMatchObject({ date: day, source: 'bnr' })
  })

  it('lets offers priced at the rate of the day be bought only that day: a quote at 23:50 in Bucharest expires at midnight', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-26T21:50:00Z'))
    const res = await quote('travel', bodies('2026-11-28').travel)
    expect(res.status, await res.clone().text()).toBe(201)
    expect(QuoteEnvelope.parse(await res.json()).data.expires_at).toBe('2026-11-26T22:00:00.000Z')
    // At noon the quote's own validity is the earlier limit.
    vi.setSystemTime(new Date('2026-11-26T10:00:00Z'))
    const noon = QuoteEnvelope.parse(await (await quote('travel', bodies('2026-11-28').travel)).json()).data
    expect(Date.parse(noon.expires_at)).toBe(Date.parse('2026-11-26T10:00:00Z') + t.config.QUOTE_OFFER_TTL_MINUTES * 60_000)
  })

  it('on a Sunday takes Friday’s rate, the newest published', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    at('2026-11-29')
    const res = await quote('travel', bodies('2026-11-30').travel)
    expect(QuoteEnvelope.parse(await res.json()).data.exchange_rate).toEqual(rateView('EUR', '2026-11-27'))
  })

  it('stops the sale with a translated sentence when the newest rate is more than five banking days old', async () => {
    // The feed answers 404 to every document; the table's newest rates are of Monday 16 November.
    const offline = await startTestApi(kind, { BNR_FEED_URL: `${t.sandbox!.url}/sandbox/bnr/outage` })
    try {
      await offline.deps.database.db.insert(fxRates).values([
        { currency: 'EUR', rateDate: '2026-11-16', ronPerUnitMicros: 5_090_000, source: 'bnr' },
        { currency: 'HUF', rateDate: '2026-11-16', ronPerUnitMicros: 13_150, source: 'bnr' },
      ])
      vi.useFakeTimers({ toFake: ['Date'] })
      // Monday 23 November: five banking days later, still sold.
      at('2026-11-23')
      const fresh = await quote('hu-vignette', bodies('2026-11-24')['hu-vignette'], offline)
      expect(fresh.status, await fresh.clone().text()).toBe(201)
      expect(QuoteEnvelope.parse(await fresh.json()).data.exchange_rate).toMatchObject({ date: '2026-11-16' })
      // Tuesday 24 November: six banking days, refused.
      at('2026-11-24')
      for (const product of ['hu-vignette', 'travel'] as const) {
        const stale = await quote(product, bodies('2026-11-25')[product], offline)
        expect(stale.status, product).toBe(503)
        expect(await errorOf(stale)).toMatchObject({ message: 'exchange_rate_stale', pretty_message: expect.stringContaining('mai vechi de 5 zile bancare') })
      }
      await offline.deps.database.db.delete(fxRates)
      const none = await quote('travel', bodies('2026-11-25').travel, offline)
      expect(none.status).toBe(503)
      expect(await errorOf(none)).toMatchObject({ message: 'exchange_rate_missing', pretty_message: expect.stringMatching(/cursul/i) })
    } finally {
      await offline.close()
    }
  })

  it('takes the newest rate on or before the day, as the operator sets it', async () => {
    const set = await operator(t, '/fx-rates/CHF', 'PUT', { rate: '5.0912', date: '2026-11-20' })
    expect(set.status).toBe(200)
    expect(await set.json()).toEqual({ currency: 'CHF', date: '2026-11-20', ron_per_unit: '5.0912', source: 'operator' })
    expect((await t.deps.fx.current('CHF', '2026-11-23'))?.ronPerUnitMicros).toBe(5_091_200)
    expect(await t.deps.fx.current('CHF', '2026-11-19')).toBeUndefined()
  })

  it('loads a BNR document through the operator API, and refuses anything else', async () => {
    const xml = '<DataSet><Body><Cube date="2029-01-03"><Rate currency="EUR">5.1000</Rate><Rate currency="HUF" multiplier="100">1.3200</Rate></Cube></Body></DataSet>'
    const loaded = await operator(t, '/fx-rates/bnr', 'POST', { xml })
    expect(await loaded.json()).toEqual({ imported: 2 })
    const list = (await (await operator(t, '/fx-rates', 'GET')).json()) as { data: { currency: string; ron_per_unit: string }[] }
    expect(list.data).toEqual(expect.arrayContaining([expect.objectContaining({ currency: 'HUF', ron_per_unit: '0.0132' }), expect.objectContaining({ currency: 'EUR', ron_per_unit: '5.1' })]))
    // The same day twice (a yearly document glued to a daily one): one row, the later rate.
    const twice = '<DataSet><Body><Cube date="2029-01-04"><Rate currency="EUR">5.1100</Rate></Cube><Cube date="2029-01-04"><Rate currency="EUR">5.1200</Rate></Cube></Body></DataSet>'
    expect(await (await operator(t, '/fx-rates/bnr', 'POST', { xml: twice })).json()).toEqual({ imported: 2 })
    expect(await t.deps.fx.current('EUR', '2029-01-04')).toMatchObject({ date: '2029-01-04', ronPerUnitMicros: 5_120_000 })
    expect((await operator(t, '/fx-rates/bnr', 'POST', { xml: '<html/>' })).status).toBe(422)
    expect((await operator(t, '/fx-rates/EUR', 'PUT', { rate: '0' })).status).toBe(422)
    expect((await t.call('/operator/fx-rates')).status).toBe(401)
  })

  it('refuses a rate the table cannot hold, and a document whose values do not fit, with 422 and no database text', async () => {
    // Found by `npm run fuzz`: 928315 lei per unit overflowed the column and answered 500.
    const tooDear = await operator(t, '/fx-rates/EAW', 'PUT', { rate: '928315' })
    expect(tooDear.status).toBe(422)
    expect(((await tooDear.json()) as { error: { message: unknown } }).error.message).toEqual({ rate: ['A rate must be at most 2147.483647 lei per unit.'] })
    expect((await operator(t, '/fx-rates/EAW', 'PUT', { rate: '2147.483647' })).status).toBe(200)
    const cube = (inner: string, date = '2026-11-23') => `<DataSet><Body><Cube date="${date}">${inner}</Cube></Body></DataSet>`
    for (const xml of [
      cube('<Rate currency="EUR">999999.5</Rate>'),
      cube('<Rate currency="HUF" multiplier="100000000">0.000001</Rate>'),
      cube('<Rate currency="eur!">5.1</Rate>'),
      cube('<Rate>5.1</Rate>'),
      cube('<Rate currency="EUR">5.1</Rate>', 'yesterday'),
      '<DataSet><Body><Cube><Rate currency="EUR">5.1</Rate></Cube></Body></DataSet>',
    ]) {
      const refused = await operator(t, '/fx-rates/bnr', 'POST', { xml })
      const text = await refused.text()
      expect(refused.status, text).toBe(422)
      expect(text).not.toMatch(/Failed query|insert into|out of range|violates|invalid input syntax|Cannot read/)
    }
  })
})
