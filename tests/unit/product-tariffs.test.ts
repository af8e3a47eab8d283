import { describe, expect, it } from 'vitest'
import { HouseQuoteInput } from '~/contract/house'
import { addMonths, wholeYearsBetween, isIsoDate, zonedInstant } from '~/contract/iso-date'
import { TravelQuoteInput } from '~/contract/travel'
import { HuVignetteQuoteInput, RoVignetteQuoteInput } from '~/contract/vignettes'
import { houseInsurerTariffs, padTariff, padTypeOf, priceOptionalHouse } from '~/server/sandbox/insurers/house-tariffs'
import { priceTravel, travelInsurerTariffs } from '~/server/sandbox/insurers/travel-tariffs'
import { travelEndDate, travelProblems } from '~/server/products/travel/rules'
import { huVignetteTariffs } from '~/server/products/vignettes/hu-tariff'
import { priceHuVignette, priceRoVignette, type VignettePrice } from '~/server/products/vignettes/pricing'
import { roVignetteTariff } from '~/server/products/vignettes/ro-tariff'
import { huVignetteValidity } from '~/server/products/vignettes/validity'

// 10:00 in Bucharest on 23 November 2026.
const now = new Date('2026-11-23T08:00:00Z')

const ro = (over: Partial<Record<string, unknown>> = {}) =>
  RoVignetteQuoteInput.parse({ vehicle: { registration_plate: 'B 123 ABC', country: 'RO', vin: 'UU1HSDACN45123456', category: 'A' }, period: '12m', start_date: '2026-11-23', token: '', ...over })
const hu = (over: Partial<Record<string, unknown>> = {}) =>
  HuVignetteQuoteInput.parse({ vehicle: { registration_plate: 'B123ABC', country: 'RO', category: 'D1' }, period: 'daily', start_date: '2026-11-23', token: '', ...over })
const priced = (result: VignettePrice | unknown[]): VignettePrice => {
  if (Array.isArray(result)) throw new Error(`refused: ${JSON.stringify(result)}`)
  return result
}

describe('calendar dates', () => {
  it('knows real dates, month ends and ages', () => {
    expect(isIsoDate('2028-02-29')).toBe(true)
    expect(isIsoDate('2026-02-29')).toBe(false)
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28')
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29')
    expect(wholeYearsBetween('2000-11-24', '2026-11-23')).toBe(25)
    expect(wholeYearsBetween('2000-11-23', '2026-11-23')).toBe(26)
  })

  it('finds the instant of a wall-clock time in a zone, across daylight saving', () => {
    expect(zonedInstant('2026-07-01', '00:00', 'Europe/Bucharest').toISOString()).toBe('2026-06-30T21:00:00.000Z')
    expect(zonedInstant('2026-12-01', '00:00', 'Europe/Bucharest').toISOString()).toBe('2026-11-30T22:00:00.000Z')
    expect(zonedInstant('2026-12-01', '00:00', 'Europe/Budapest').toISOString()).toBe('2026-11-30T23:00:00.000Z')
  })
})

describe('rovinietă', () => {
  it('costs exactly the CNAIR table for every category and period it sells (romania-insurance-facts.md §2.1)', () => {
    const expected = { A: [350, 600, 950, 1500, 5000], B: [1000, 1350, 2150, 3400, 11400], C: [750, 1900, 3800, 38000], F: [2850, 7100, 14250, 142500] }
    for (const [category, prices] of Object.entries(expected)) expect(Object.values(roVignetteTariff[category as 'A'])).toEqual(prices)
    for (const category of ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] as const) {
      for (const [period, amount] of Object.entries(roVignetteTariff[category])) {
        const price = priced(priceRoVignette(ro({ vehicle: { registration_plate: 'B123ABC', country: 'RO', vin: 'UU1HSDACN45123456', category }, period }), now))
        expect(price.listPrice).toEqual({ amount, currency: 'EUR' })
      }
    }
  })

  it('refuses a period its category does not have, a start in the past or over 30 days ahead', () => {
    expect(priceRoVignette(ro({ period: '7d' }), now)).toEqual([{ path: 'period', key: 'vignette_period_not_sold' }])
    expect(priceRoVignette(ro({ start_date: '2026-11-22' }), now)).toEqual([{ path: 'start_date', key: 'vignette_start_past' }])
    expect(priceRoVignette(ro({ start_date: '2026-12-24' }), now)).toEqual([{ path: 'start_date', key: 'vignette_start_too_far' }])
    expect(Array.isArray(priceRoVignette(ro({ start_date: '2026-12-23' }), now))).toBe(false)
  })

  it('starts now when bought for today and ends at 24:00 of its last day in Bucharest', () => {
    const today = priced(priceRoVignette(ro({ period: '1d' }), now))
    expect(today.validity.from).toEqual(now)
    expect(today.validity.until.toISOString()).toBe('2026-11-23T22:00:00.000Z')
    const year = priced(priceRoVignette(ro({ start_date: '2026-12-01' }), now))
    expect(year.validity.from.toISOString()).toBe('2026-11-30T22:00:00.000Z')
    expect(year.validity.lastDay).toBe('2027-11-30')
  })

  it('prices bridge passes in lei for cars and vans only', () => {
    expect(priced(priceRoVignette(ro({ bridge_passes: 2 }), now)).extrasRon).toBe(3800)
    const truck = ro({ vehicle: { registration_plate: 'B123ABC', country: 'RO', vin: 'UU1HSDACN45123456', category: 'D' }, bridge_passes: 1 })
    expect(priceRoVignette(truck, now)).toEqual([{ path: 'bridge_passes', key: 'bridge_passes_category' }])
  })

  it('refuses a foreign-looking plate declared Romanian', () => {
    const parsed = RoVignetteQuoteInput.safeParse({ vehicle: { registration_plate: 'M AB 1234', country: 'RO', vin: 'UU1HSDACN45123456', category: 'A' }, period: '1d', start_date: '2026-11-23', token: '' })
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['vehicle', 'registration_plate'], message: 'vignette_plate_not_romanian' })
    expect(RoVignetteQuoteInput.safeParse({ vehicle: { registration_plate: 'M AB 1234', country: 'DE', vin: 'WBA12345678901234', category: 'A' }, period: '1d', start_date: '2026-11-23', token: '' }).success).toBe(true)
  })
})

describe('Hungarian e-vignette', () => {
  it('costs the 2026 prices in fillér (romania-insurance-facts.md §3.2)', () => {
    expect(priced(priceHuVignette(hu({ period: 'annual' }), now)).listPrice).toEqual({ amount: 6176000, currency: 'HUF' })
    expect(priced(priceHuVignette(hu({ vehicle: { registration_plate: 'B123ABC', country: 'RO', category: 'D2' }, period: 'monthly' }), now)).listPrice.amount).toBe(1582000)
    expect(priced(priceHuVignette(hu({ vehicle: { registration_plate: 'B123ABC', country: 'RO', category: 'D1M' }, period: '10d' }), now)).listPrice.amount).toBe(354000)
    expect(priced(priceHuVignette(hu({ period: 'county', counties: ['pest', 'fejer'] }), now)).listPrice.amount).toBe(2 * huVignetteTariffs[2026]!.D1.county!)
  })

  it('is valid exactly as Hungary defines it, in Budapest time', () => {
    const until = (period: string, start_date: string) => priced(priceHuVignette(hu({ period, start_date }), new Date('2026-01-01T00:00:00Z'))).validity
    // Daily: the calendar day, to 24:00 in Budapest.
    expect(until('daily', '2026-01-10').until.toISOString()).toBe('2026-01-10T23:00:00.000Z')
    // 10 days: to 24:00 of the 10th day, the start day counted.
    expect(until('10d', '2026-01-25').lastDay).toBe('2026-02-03')
    // Monthly: the same day-number next month, or that month's last day.
    expect(until('monthly', '2026-01-15').lastDay).toBe('2026-02-15')
    expect(until('monthly', '2026-01-31').lastDay).toBe('2026-02-28')
    // Annual and county: to 31 January of the following year.
    expect(until('annual', '2026-01-05').lastDay).toBe('2027-01-31')
    expect(until('annual', '2026-01-05').until.toISOString()).toBe('2027-01-31T23:00:00.000Z')
  })

  it('ends a monthly vignette on 29 February in a leap year', () => {
    expect(huVignetteValidity({ period: 'monthly', start_date: '2028-01-30' }, new Date('2028-01-20T10:00:00Z')).lastDay).toBe('2028-02-29')
  })

  it('never starts in the past, and motorcycles buy annual vignettes as D1', () => {
    expect(priceHuVignette(hu({ start_date: '2026-11-22' }), now)).toEqual([{ path: 'start_date', key: 'vignette_start_past' }])
    const moto = HuVignetteQuoteInput.safeParse({ vehicle: { registration_plate: 'B123ABC', country: 'RO', category: 'D1M' }, period: 'annual', start_date: '2026-11-23', token: '' })
    expect(moto.error?.issues[0]).toMatchObject({ path: ['period'], message: 'hu_motorcycle_annual' })
    const noCounty = HuVignetteQuoteInput.safeParse({ vehicle: { registration_plate: 'B123ABC', country: 'RO', category: 'D1' }, period: 'county', start_date: '2026-11-23', token: '' })
    expect(noCounty.error?.issues[0]).toMatchObject({ path: ['counties'], message: 'hu_counties_required' })
  })
})

describe('house', () => {
  const house = (building: Record<string, unknown> = {}, over: Record<string, unknown> = {}) =>
    HouseQuoteInput.safeParse({
      address: { county: 'CJ', locality: 'Cluj-Napoca', street: 'Str. Memorandumului 1' },
      building: { wall_material: 'brick', built_area_m2: 80, year_built: 1990, floors: 1, seismic_risk_class: null, ...building },
      cover: 'pad_and_optional',
      start_date: '2026-12-01',
      token: '',
      ...over,
    })

  it('costs PAD type A 130 lei for 100 000 lei and type B 50 lei for 50 000 lei (romania-insurance-facts.md §4.1)', () => {
    expect(padTypeOf.brick).toBe('A')
    expect(padTypeOf.unfired_brick).toBe('B')
    expect(padTariff.A).toEqual({ premium: 13000, sumInsured: 10_000_000 })
    expect(padTariff.B).toEqual({ premium: 5000, sumInsured: 5_000_000 })
  })

  it('refuses PAD and optional cover for a building in seismic risk class I', () => {
    const parsed = house({ seismic_risk_class: 'I' })
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['building', 'seismic_risk_class'], message: 'house_seismic_class_one' })
  })

  it('sells optional cover alone only with an existing PAD number', () => {
    expect(house({}, { cover: 'optional' }).error?.issues[0]).toMatchObject({ path: ['existing_pad_number'], message: 'house_pad_required' })
    expect(house({}, { cover: 'optional', existing_pad_number: 'pad-123456' }).success).toBe(true)
  })

  it('prices optional cover differently per insurer, dearer for old buildings, with declines', () => {
    const request = house().data!
    const prices = Object.values(houseInsurerTariffs).map((t) => priceOptionalHouse(t, request))
    const premiums = prices.map((p) => ('premium' in p ? p.premium : 0))
    expect(new Set(premiums).size).toBe(premiums.length)
    const old = priceOptionalHouse(houseInsurerTariffs.groupama!, house({ year_built: 1960 }).data!)
    const recent = priceOptionalHouse(houseInsurerTariffs.groupama!, request)
    expect('premium' in old && 'premium' in recent && old.premium > recent.premium).toBe(true)
    expect(priceOptionalHouse(houseInsurerTariffs.omniasig!, house({ wall_material: 'wood' }).data!)).toEqual({ declined: 'wooden_structure' })
  })
})

describe('travel', () => {
  const trip = (over: Record<string, unknown> = {}) =>
    TravelQuoteInput.parse({ zone: 'europe', start_date: '2026-12-10', end_date: '2026-12-19', travellers: [{ birth_date: '1985-05-01' }], purpose: 'tourism', token: '', ...over })

  it('marks a medical limit under 30 000 EUR as not valid for a Schengen visa (Reg. 810/2009 art. 15)', () => {
    const budget = priceTravel(travelInsurerTariffs['signal-iduna']!, trip(), '2026-12-19')
    const full = priceTravel(travelInsurerTariffs.groupama!, trip(), '2026-12-19')
    expect(budget).toMatchObject({ schengenValid: false, medicalLimitEurCents: 2_000_000 })
    expect(full).toMatchObject({ schengenValid: true, medicalLimitEurCents: 3_000_000 })
  })

  it('prices a fixed part per trip and a day rate, by zone and age band, and declines over an insurer’s age limit', () => {
    const tariff = travelInsurerTariffs['allianz-tiriac']!
    // 5 EUR + 10 days × 0.65 EUR in Europe; 13 EUR + 10 × 1.75 EUR for the whole world.
    expect(priceTravel(tariff, trip(), '2026-12-19')).toMatchObject({ premiumEurCents: 1150, days: 10 })
    expect(priceTravel(tariff, trip({ zone: 'world' }), '2026-12-19')).toMatchObject({ premiumEurCents: 3050 })
    expect(priceTravel(tariff, trip({ travellers: [{ birth_date: '1950-01-01' }] }), '2026-12-19')).toMatchObject({ premiumEurCents: 1725 })
    expect(priceTravel(tariff, trip({ travellers: [{ birth_date: '1940-01-01' }] }), '2026-12-19')).toMatchObject({ premiumEurCents: 2875 })
    expect(priceTravel(travelInsurerTariffs.groupama!, trip({ travellers: [{ birth_date: '1940-01-01' }] }), '2026-12-19')).toEqual({ declined: 'age_limit' })
    // Working trips are covered from 18 to 65 (romania-insurance-facts.md §5).
    expect(priceTravel(tariff, trip({ purpose: 'work', travellers: [{ birth_date: '1958-01-01' }] }), '2026-12-19')).toEqual({ declined: 'age_limit' })
  })

  it('sells one family policy where the insurer offers it', () => {
    const family = trip({ travellers: [{ birth_date: '1985-05-01' }, { birth_date: '1987-03-01' }, { birth_date: '2015-01-01' }, { birth_date: '2018-01-01' }] })
    expect(priceTravel(travelInsurerTariffs['allianz-tiriac']!, family, '2026-12-19')).toMatchObject({ scope: 'family', premiumEurCents: 2300 })
    expect(priceTravel(travelInsurerTariffs.groupama!, family, '2026-12-19')).toMatchObject({ scope: 'per_traveller' })
  })

  it('refuses a trip ending before it starts, over 365 days, or starting today', () => {
    expect(TravelQuoteInput.safeParse({ ...trip(), end_date: '2026-12-01' }).error?.issues[0]).toMatchObject({ path: ['end_date'], message: 'travel_end_before_start' })
    expect(travelProblems(trip({ end_date: '2027-12-09' }), now)).toEqual([])
    expect(travelProblems(trip({ end_date: '2027-12-10' }), now)).toEqual([{ path: 'end_date', key: 'travel_trip_too_long' }])
    expect(travelProblems(trip({ start_date: '2026-11-23' }), now)).toEqual([{ path: 'start_date', key: 'travel_start_past' }])
    expect(travelEndDate(trip({ trip: 'annual' }))).toBe('2027-12-09')
  })
})
