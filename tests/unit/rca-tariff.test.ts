import { describe, expect, it } from 'vitest'
import { bonusMalusCodes, bonusMalusCoefficient, type BonusMalusClass } from '~/contract/bonus-malus'
import { rcaQuoteInputSchema, type RcaQuoteInputRaw } from '~/contract/rca'
import { rcaInsurers, type RcaInsurerCode } from '~/server/products/rca/insurers'
import { referenceCell } from '~/server/products/rca/reference-tariff'
import { ageBandOf, rcaRisk, vehicleBand } from '~/server/products/rca/risk'
import { directSettlementKind, isDecline, periodFactor, rcaPremium, type RcaPrice } from '~/server/sandbox/insurers/rca-tariff'
import { rcaTariffs } from '~/server/sandbox/insurers/rca-tariffs'
import { cnpBornOn, RCA_TEST_NOW, rcaRequest } from '../support/rca'

const schema = rcaQuoteInputSchema(() => RCA_TEST_NOW)
const codes = rcaInsurers.map((i) => i.code)

function risk(raw: RcaQuoteInputRaw = rcaRequest(), bonusMalus: BonusMalusClass = 'B0') {
  return rcaRisk(schema.parse(raw), { bonusMalus })
}

function price(code: RcaInsurerCode, raw?: RcaQuoteInputRaw, bonusMalus?: BonusMalusClass): RcaPrice {
  const result = rcaPremium(rcaTariffs[code], risk(raw, bonusMalus))
  if (isDecline(result)) throw new Error(`${code} declined: ${result.declined}`)
  return result
}

const lei = (bani: number) => bani / 100
const inCounty = (raw: RcaQuoteInputRaw, county: string, locality: string): RcaQuoteInputRaw => ({ ...raw, owner: { ...raw.owner, county, locality } })
const bucharest = (raw: RcaQuoteInputRaw) => inCounty(raw, 'B', 'București')
/** Outside Bucharest-Ilfov and the large cities: the reference risk's region. */
const alba = (raw: RcaQuoteInputRaw) => inCounty(raw, 'AB', 'Alba Iulia')
const vehicle = (v: Partial<RcaQuoteInputRaw['vehicle']>) => rcaRequest({ vehicle: v })

describe('RCA risk', () => {
  it('derives bands, zone, county, age on the start date and the period', () => {
    expect(risk()).toEqual({
      category: 'car',
      band: 'car/kw-51-70',
      powerKw: 66,
      totalMassKg: 1800,
      seats: 5,
      usage: 'personal',
      vehicleAgeYears: 6,
      zone: 'rest',
      county: 'CJ',
      owner: { type: 'person', age: 56, ageBand: '51-60', licenceYears: 36 },
      bonusMalus: 'B0',
      months: 12,
      provisional: false,
      directSettlement: false,
    })
    expect(risk(bucharest(rcaRequest())).zone).toBe('bucharest-ilfov')
    expect(risk(rcaRequest({ owner: { type: 'company', cui: '18547290', name: 'Exemplu SRL', county: 'IF', locality: 'Voluntari' } }))).toMatchObject({ owner: { type: 'company' }, zone: 'bucharest-ilfov' })
    expect(risk(rcaRequest({ vehicle: { registration_plate: 'CJ01234' }, policy: { months: 2 } }))).toMatchObject({ provisional: true, months: 2 })
  })

  it('bands goods vehicles by mass, buses by seats, cars and motorcycles by kW, owners by the reference tariff’s ages', () => {
    expect(vehicleBand('car', { powerKw: 50, totalMassKg: 0, seats: 0 })).toBe('car/kw-0-50')
    expect(vehicleBand('car', { powerKw: 51, totalMassKg: 0, seats: 0 })).toBe('car/kw-51-70')
    expect(vehicleBand('car', { powerKw: 301, totalMassKg: 0, seats: 0 })).toBe('car/kw-301+')
    expect(vehicleBand('goods-vehicle', { powerKw: 300, totalMassKg: 3500, seats: 3 })).toBe('goods-vehicle/kg-0-3500')
    expect(vehicleBand('goods-vehicle', { powerKw: 300, totalMassKg: 40000, seats: 3 })).toBe('goods-vehicle/kg-16001+')
    expect(vehicleBand('bus', { powerKw: 200, totalMassKg: 18000, seats: 52 })).toBe('bus/seats-36+')
    expect(vehicleBand('motorcycle', { powerKw: 11, totalMassKg: 200, seats: 2 })).toBe('motorcycle/kw-0-11')
    expect(vehicleBand('trailer', { powerKw: 0, totalMassKg: 750, seats: 0 })).toBe('trailer/kg-0-750')
    expect([18, 29, 30, 40, 41, 60, 61, 70, 71].map(ageBandOf)).toEqual(['under-30', 'under-30', '30-40', '30-40', '41-50', '51-60', '61-70', '61-70', 'over-70'])
  })
})

describe('ASF reference tariff (romania-insurance-facts.md §1.7)', () => {
  const cellOf = (raw: RcaQuoteInputRaw, cls: BonusMalusClass = 'B0') => referenceCell(risk(raw, cls), '2026-11-25')
  const young = (county: string, locality: string) => ({ type: 'person' as const, cnp: cnpBornOn('2000-01-01'), driving_licence_since: '2019-05-01', county, locality })

  it('has ASF’s 2025 corners: 1 064 … 3 964 lei outside Bucharest-Ilfov, 1 844 … 5 240 lei in it', () => {
    expect(cellOf(alba(vehicle({ power_kw: 50 })))?.annual).toBe(106_400)
    expect(cellOf(rcaRequest({ vehicle: { power_kw: 320 }, owner: young('AB', 'Alba Iulia') }))?.annual).toBe(396_400)
    expect(cellOf(bucharest(vehicle({ power_kw: 45 }))))?.toMatchObject({ annual: 184_400, zone: 'bucharest-ilfov', ageBand: '51-60', powerBand: 'car/kw-0-50', validFrom: '2025-01-01' })
    expect(cellOf(rcaRequest({ vehicle: { power_kw: 301 }, owner: young('B', 'București') }))?.annual).toBe(524_000)
  })

  it('never costs less with more power or a younger owner under 30, and takes the owner’s bonus-malus coefficient', () => {
    let previous = 0
    for (const kw of [40, 60, 90, 120, 150, 250, 350]) {
      const annual = cellOf(vehicle({ power_kw: kw }))?.annual ?? 0
      expect(annual).toBeGreaterThanOrEqual(previous)
      previous = annual
    }
    expect(cellOf(rcaRequest({ owner: young('CJ', 'Cluj-Napoca') }))!.annual).toBeGreaterThan(cellOf(rcaRequest())!.annual)
    expect(cellOf(rcaRequest(), 'B4')).toMatchObject({ annual: 117_000, annualForClass: 93_600 })
  })

  it('has no cell for other vehicles or companies', () => {
    expect(cellOf(vehicle({ category: 'goods-vehicle', total_mass_kg: 3500 }))).toBeUndefined()
    expect(cellOf(rcaRequest({ owner: { type: 'company', cui: '18547290', name: 'Exemplu SRL', county: 'CJ', locality: 'Cluj-Napoca' } }))).toBeUndefined()
  })
})

describe('RCA tariffs: anchors (docs/tariffs.md)', () => {
  it('models at least 9 insurers, each with its own price', () => {
    expect(codes.length).toBeGreaterThanOrEqual(9)
    const premiums = codes.map((code) => price(code).premium)
    expect(new Set(premiums).size).toBe(codes.length)
  })

  it('prices a 51–70 kW car, owner 51–60, B0, 12 months, outside Bucharest at 80–100 % of the reference cell (1 170 lei)', () => {
    for (const powerKw of [55, 60, 70]) {
      for (const code of codes) {
        const premium = lei(price(code, alba(vehicle({ power_kw: powerKw }))).premium)
        expect(premium, `${code} at ${powerKw} kW`).toBeGreaterThanOrEqual(1170 * 0.8)
        expect(premium, `${code} at ${powerKw} kW`).toBeLessThanOrEqual(1170)
      }
    }
  })

  it('charges about 1.5–1.85 times as much in Bucharest-Ilfov for that car (reference: 1 844 / 1 064 = 1.73)', () => {
    for (const code of codes) {
      const ratio = price(code, bucharest(rcaRequest())).premium / price(code, alba(rcaRequest())).premium
      expect(ratio, code).toBeGreaterThanOrEqual(1.5)
      expect(ratio, code).toBeLessThanOrEqual(1.85)
    }
  })
})

describe('RCA tariffs: rules', () => {
  it('multiplies by the bonus-malus coefficient of romania-insurance-facts.md §1.3, and by the insurer’s own claims appetite within ±15 %', () => {
    expect(bonusMalusCoefficient('B8')).toBe(0.5)
    expect(bonusMalusCoefficient('M6')).toBe(1.6)
    for (const code of codes) {
      const base = price(code).premium
      for (const cls of bonusMalusCodes) {
        const result = rcaPremium(rcaTariffs[code], risk(rcaRequest(), cls))
        if (isDecline(result)) continue
        const own = result.premium / (base * bonusMalusCoefficient(cls))
        if (['B0', 'B1', 'B2', 'B3', 'B4'].includes(cls)) expect(own, `${code} ${cls}`).toBeCloseTo(1, 3)
        else {
          expect(own, `${code} ${cls}`).toBeGreaterThanOrEqual(0.9)
          expect(own, `${code} ${cls}`).toBeLessThanOrEqual(1.15)
        }
      }
    }
  })

  it('makes a month cost more than a twelfth of a year, and a longer policy never less', () => {
    for (const code of codes) {
      const year = price(code).premium
      const month = price(code, rcaRequest({ policy: { months: 1 } })).premium
      expect(month, code).toBeGreaterThan(year / 12)
      let previous = 0
      for (let months = 1; months <= 12; months++) {
        const premium = price(code, rcaRequest({ policy: { months } })).premium
        expect(premium, `${code} ${months} months`).toBeGreaterThan(previous)
        previous = premium
      }
    }
    // The one-month surcharges differ by insurer (romania-insurance-facts.md §1.2: 5 %–100 %).
    expect(new Set(codes.map((code) => rcaTariffs[code].oneMonthSurcharge)).size).toBeGreaterThan(5)
    expect(periodFactor(12, 0.5)).toBe(1)
  })

  it('charges more for young owners, more power, professional use and red plates; less for B8', () => {
    for (const code of ['allianz-tiriac', 'groupama', 'axeria'] as const) {
      const base = price(code).premium
      const young = rcaRequest({ owner: { type: 'person', cnp: cnpBornOn('2005-01-01'), driving_licence_since: '2023-05-01', county: 'CJ', locality: 'Cluj-Napoca' } })
      expect(price(code, young).premium, code).toBeGreaterThan(base * 1.5)
      expect(price(code, vehicle({ power_kw: 320 })).premium, code).toBeGreaterThan(base * 1.7)
      expect(price(code, vehicle({ usage: 'courier' })).premium, code).toBeGreaterThan(base * 1.3)
      const red = price(code, rcaRequest({ vehicle: { registration_plate: 'CJ01234' }, policy: { months: 1 } })).premium
      expect(red, code).toBeGreaterThan(price(code, rcaRequest({ policy: { months: 1 } })).premium * 1.5)
      expect(price(code, undefined, 'B8').premium, code).toBeLessThan(base * 0.55)
    }
  })

  it('prices goods vehicles by mass and buses by seats', () => {
    const van = vehicle({ category: 'goods-vehicle', total_mass_kg: 3500, power_kw: 100 })
    const truck = vehicle({ category: 'goods-vehicle', total_mass_kg: 40000, power_kw: 330 })
    expect(price('groupama', truck).premium).toBeGreaterThan(price('groupama', van).premium * 3)
    const minibus = vehicle({ category: 'bus', seats: 17, total_mass_kg: 5000, power_kw: 110 })
    const coach = vehicle({ category: 'bus', seats: 50, total_mass_kg: 18000, power_kw: 300 })
    expect(price('asirom', coach).premium).toBeGreaterThan(price('asirom', minibus).premium)
  })

  it('declines per insurer', () => {
    const outcome = (r: ReturnType<typeof risk>) => Object.fromEntries(codes.map((code) => [code, ((x) => (isDecline(x) ? x.declined : 'offered'))(rcaPremium(rcaTariffs[code], r))]))
    const truck = risk(vehicle({ category: 'goods-vehicle', total_mass_kg: 40000, power_kw: 330 }))
    expect(outcome(truck)).toMatchObject({ generali: 'heavy_goods_vehicle', grawe: 'heavy_goods_vehicle', 'hellas-direct': 'heavy_goods_vehicle', eazy: 'heavy_goods_vehicle', groupama: 'offered', asirom: 'offered' })
    expect(outcome(risk(vehicle({ usage: 'taxi' })))).toMatchObject({ axeria: 'usage_not_covered', grawe: 'usage_not_covered', 'hellas-direct': 'usage_not_covered', omniasig: 'offered' })
    const young = risk(rcaRequest({ owner: { type: 'person', cnp: cnpBornOn('2006-01-01'), driving_licence_since: '2024-05-01', county: 'CJ', locality: 'Cluj-Napoca' } }))
    expect(rcaPremium(rcaTariffs.omniasig, young)).toEqual({ declined: 'young_owner' })
    expect(rcaPremium(rcaTariffs.generali, risk(rcaRequest(), 'M5'))).toEqual({ declined: 'malus_class' })
    expect(isDecline(rcaPremium(rcaTariffs.generali, risk(rcaRequest(), 'M4')))).toBe(false)
    // Every ordinary car gets an offer from everyone.
    expect(Object.values(outcome(risk())).every((o) => o === 'offered')).toBe(true)
  })
})

describe('the direct settlement clause (romania-insurance-facts.md §1.5)', () => {
  const clause = (code: RcaInsurerCode, raw: RcaQuoteInputRaw) => {
    const result = rcaPremium(rcaTariffs[code], risk(raw))
    return isDecline(result) ? undefined : result.directSettlement
  }
  const trailer = vehicle({ registration_plate: 'CJ 12 ABC', category: 'trailer', power_kw: 0, seats: 0, total_mass_kg: 750 })
  const van = vehicle({ category: 'goods-vehicle', total_mass_kg: 3500, power_kw: 100 })
  const lorry = vehicle({ category: 'goods-vehicle', total_mass_kg: 7000, power_kw: 180 })
  const bus = vehicle({ category: 'bus', seats: 30, total_mass_kg: 12000, power_kw: 220 })
  const motorcycle = vehicle({ category: 'motorcycle', power_kw: 50, seats: 2, total_mass_kg: 300 })

  it('costs 100–300 lei a year for a car, per insurer, prorated over the period', () => {
    const prices = codes.map((code) => lei(price(code).directSettlement ?? 0))
    for (const p of prices) {
      expect(p).toBeGreaterThanOrEqual(100)
      expect(p).toBeLessThanOrEqual(300)
    }
    expect(new Set(prices).size).toBeGreaterThan(5)
    expect(price('omniasig', rcaRequest({ policy: { months: 6 } })).directSettlement!).toBeLessThan(price('omniasig').directSettlement!)
  })

  it('is never sold on a trailer, whatever it weighs', () => {
    expect(directSettlementKind(risk(trailer))).toBeUndefined()
    for (const code of codes) expect(clause(code, trailer) ?? null, code).toBeNull()
  })

  it('is priced per kind of vehicle where an insurer sells it: motorcycles below cars, vans above, lorries and buses as heavy vehicles', () => {
    for (const code of codes) {
      const car = clause(code, rcaRequest())!
      const [m, v, l, b] = [clause(code, motorcycle), clause(code, van), clause(code, lorry), clause(code, bus)]
      if (typeof m === 'number') expect(m, code).toBeLessThan(car)
      if (typeof v === 'number') expect(v, code).toBeGreaterThan(car)
      if (typeof l === 'number') expect(l, code).toBeGreaterThan(v ?? car)
      if (typeof b === 'number') expect(b, code).toBeGreaterThan(car * 2)
    }
    // Not every insurer sells it for every kind: some do not for lorries, vans or motorcycles.
    expect(codes.filter((code) => clause(code, lorry) === null).length).toBeGreaterThan(0)
    expect(codes.filter((code) => typeof clause(code, lorry) === 'number').length).toBeGreaterThan(2)
    expect(clause('hellas-direct', van)).toBeNull()
  })
})
