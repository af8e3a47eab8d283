import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addDays } from '~/contract/iso-date'
import { TRAVEL_MAX_TRIP_DAYS, TravelQuoteForm, TravelQuoteInput, travelPurposes, travelZones } from '~/contract/travel'
import { travelEndDate } from '~/server/products/travel/rules'
import { priceTravel, singleTripEurCents, travelInsurerTariffs, type TravelPrice } from '~/server/sandbox/insurers/travel-tariffs'

/**
 * Travel priced as a market would, tried as a buyer would: every insurer, zone, duration and age
 * (romania-insurance-facts.md §5). Amounts in euro cents.
 */

const START = '2026-12-10'
const insurers = Object.entries(travelInsurerTariffs)

function request(over: Record<string, unknown> = {}) {
  return TravelQuoteInput.parse({ zone: 'europe', start_date: START, end_date: addDays(START, 9), travellers: [{ birth_date: '1988-05-01' }], purpose: 'tourism', token: '', ...over })
}
function quote(code: string, over: Record<string, unknown> = {}) {
  const input = request(over)
  return priceTravel(travelInsurerTariffs[code]!, input, travelEndDate(input))
}
const offered = (result: ReturnType<typeof quote>): TravelPrice => {
  if ('declined' in result) throw new Error(`declined: ${result.declined}`)
  return result
}
const single = (code: string, days: number, over: Record<string, unknown> = {}) => quote(code, { end_date: addDays(START, days - 1), ...over })

describe('single trips and annual multi-trip policies', () => {
  it('never sells an annual multi-trip policy for less than one 30-day trip of the same insurer and zone, nor less than one trip as long as its longest', () => {
    for (const [code, tariff] of insurers) {
      for (const zone of travelZones) {
        const annual = quote(code, { trip: 'annual', zone })
        if ('declined' in annual) continue
        expect(annual.maxTripDays, code).toBe(tariff.annual!.maxTripDays)
        const month = offered(single(code, 30, { zone }))
        expect(annual.premiumEurCents, `${code} ${zone}`).toBeGreaterThanOrEqual(month.premiumEurCents)
        expect(annual.premiumEurCents, `${code} ${zone}`).toBeGreaterThan(singleTripEurCents(tariff, zone, annual.maxTripDays!))
      }
    }
  })

  it('says the longest trip of every annual policy (30–90 days)', () => {
    for (const [code] of insurers) {
      const annual = offered(quote(code, { trip: 'annual' }))
      expect(annual.maxTripDays, code).toBeGreaterThanOrEqual(30)
      expect(annual.maxTripDays, code).toBeLessThanOrEqual(90)
      expect(offered(single(code, 10)).maxTripDays).toBeNull()
    }
  })

  it('sells single trips up to 365 days where an insurer sells long stays, and says no past each insurer’s longest', () => {
    expect(TRAVEL_MAX_TRIP_DAYS).toBe(365)
    const longStay = insurers.filter(([, t]) => t.maxSingleTripDays === 365).map(([code]) => code)
    expect(longStay.length).toBeGreaterThan(0)
    for (const code of longStay) expect(offered(single(code, 365)).days).toBe(365)
    for (const [code, tariff] of insurers) {
      expect('declined' in single(code, tariff.maxSingleTripDays), code).toBe(false)
      if (tariff.maxSingleTripDays < 365) expect(single(code, tariff.maxSingleTripDays + 1), code).toEqual({ declined: 'trip_too_long' })
    }
  })

  it('never costs less for a longer trip, and costs less a day the longer it is', () => {
    fc.assert(
      fc.property(fc.constantFrom(...insurers.map(([code]) => code)), fc.constantFrom(...travelZones), fc.integer({ min: 1, max: 364 }), (code, zone, days) => {
        const tariff = travelInsurerTariffs[code]!
        if (days + 1 > tariff.maxSingleTripDays || tariff.medicalLimitEurCents[zone] === null) return
        const [short, long] = [offered(single(code, days, { zone })), offered(single(code, days + 1, { zone }))]
        expect(long.premiumEurCents).toBeGreaterThanOrEqual(short.premiumEurCents)
        expect(long.premiumEurCents / (days + 1)).toBeLessThanOrEqual(short.premiumEurCents / days + 1e-9)
      }),
      { numRuns: 300 },
    )
  })

  it('costs what the market does: a 10-day trip 5–25 EUR in Europe and 15–50 EUR with the USA and Canada (romania-insurance-facts.md §5: about 20 and 30 EUR)', () => {
    for (const [code, tariff] of insurers) {
      const europe = offered(single(code, 10)).premiumEurCents / 100
      expect(europe, code).toBeGreaterThanOrEqual(5)
      expect(europe, code).toBeLessThanOrEqual(25)
      if (tariff.medicalLimitEurCents.world === null) continue
      const world = offered(single(code, 10, { zone: 'world' })).premiumEurCents / 100
      expect(world, code).toBeGreaterThanOrEqual(15)
      expect(world, code).toBeLessThanOrEqual(50)
    }
  })
})

describe('covers', () => {
  it('covers the world with the USA and Canada for at least 50 000 EUR, and the Schengen area for at least 30 000 EUR except the product marked not valid', () => {
    for (const [code, tariff] of insurers) {
      const world = quote(code, { zone: 'world' })
      if ('declined' in world) expect(world.declined).toBe('zone_not_covered')
      else expect(world.medicalLimitEurCents, code).toBeGreaterThanOrEqual(5_000_000)
      const europe = offered(quote(code))
      expect(europe.schengenValid, code).toBe(europe.medicalLimitEurCents >= 3_000_000)
      expect(tariff.medicalLimitEurCents.world_excl_us_ca ?? Infinity).toBeGreaterThanOrEqual(3_000_000)
    }
    expect(insurers.filter(([code]) => !('declined' in quote(code, { zone: 'world' }))).length).toBeGreaterThanOrEqual(3)
  })

  it('sells sport cover from age 5 wherever skiing is covered, and says whether skiing is in it', () => {
    const skiing = insurers.filter(([, t]) => t.purpose.sport?.skiing)
    expect(skiing.length).toBeGreaterThan(0)
    for (const [code] of skiing) {
      for (const age of [5, 8, 12, 40, 70]) {
        const birth = `${2026 - age}-06-01`
        expect(offered(quote(code, { purpose: 'sport', travellers: [{ birth_date: birth }] })).skiing, `${code} age ${age}`).toBe(true)
      }
      expect(quote(code, { purpose: 'sport', travellers: [{ birth_date: '2022-06-01' }] }), `${code} age 4`).toEqual({ declined: 'age_limit' })
    }
    // An 8-year-old skier gets offers.
    expect(insurers.filter(([code]) => !('declined' in quote(code, { purpose: 'sport', travellers: [{ birth_date: '2018-03-01' }] }))).length).toBeGreaterThan(0)
  })

  it('asks the trip’s cost for cancellation cover, insures it and prices on it', () => {
    const noCost = TravelQuoteInput.safeParse({ zone: 'europe', start_date: START, end_date: addDays(START, 9), travellers: [{ birth_date: '1988-05-01' }], purpose: 'tourism', covers: { cancellation: true }, token: '' })
    expect(noCost.error?.issues).toEqual([expect.objectContaining({ path: ['trip_cost'], message: 'travel_trip_cost_required' })])
    for (const [code, tariff] of insurers) {
      const cost = (amount: number) => offered(quote(code, { covers: { cancellation: true }, trip_cost: { amount, currency: 'EUR' } }))
      const [cheap, dear] = [cost(50_000), cost(150_000)]
      expect(cheap.cancellationEurCents).toBe(50_000)
      expect(dear.cancellationEurCents).toBe(150_000)
      expect(dear.premiumEurCents, code).toBeGreaterThan(cheap.premiumEurCents)
      expect(cheap.premiumEurCents, code).toBeGreaterThan(offered(quote(code)).premiumEurCents)
      expect(quote(code, { covers: { cancellation: true }, trip_cost: { amount: tariff.cancellation.maxPerTravellerEurCents + 100, currency: 'EUR' } }), code).toEqual({ declined: 'trip_cost_above_limit' })
    }
  })

  it('reads the trip’s cost from the form in euros, as people type it', () => {
    const form = (trip_cost: string) =>
      TravelQuoteForm.safeParse({ zone: 'europe', trip: 'single', start_date: START, end_date: addDays(START, 9), traveller_1: '1988-05-01', purpose: 'tourism', cancellation: 'on', trip_cost })
    for (const [typed, cents] of [
      ['1250', 125_000],
      ['1 250', 125_000],
      ['1.250', 125_000],
      ['1250,50', 125_050],
      ['1250.5', 125_050],
      ['980 €', 98_000],
    ] as const) {
      expect(form(typed).data?.trip_cost, typed).toEqual({ amount: cents, currency: 'EUR' })
    }
    for (const typed of ['', 'mult', '5', '100001']) expect(form(typed).error?.issues[0]?.path, typed).toEqual(['trip_cost'])
  })
})

describe('any traveller, zone and purpose', () => {
  it('gets a whole-cent premium or a reason, and older travellers never pay less', () => {
    fc.assert(
      fc.property(fc.constantFrom(...insurers.map(([code]) => code)), fc.constantFrom(...travelZones), fc.constantFrom(...travelPurposes), fc.integer({ min: 0, max: 95 }), fc.integer({ min: 1, max: 120 }), (code, zone, purpose, age, days) => {
        const at = (a: number) => single(code, days, { zone, purpose, travellers: [{ birth_date: `${2026 - a - 1}-06-01` }] })
        const result = at(age)
        if ('declined' in result) return
        expect(Number.isInteger(result.premiumEurCents)).toBe(true)
        expect(result.premiumEurCents).toBeGreaterThan(0)
        const older = at(age + 15)
        if (!('declined' in older) && age >= 18) expect(older.premiumEurCents).toBeGreaterThanOrEqual(result.premiumEurCents)
      }),
      { numRuns: 300 },
    )
  })
})
