import { describe, expect, it } from 'vitest'
import { bonusMalusCodes, bonusMalusCoefficient, type BonusMalusClass } from '~/contract/bonus-malus'
import { rcaQuoteInputSchema, type RcaQuoteInputRaw } from '~/contract/rca'
import { ageBandOf, vehicleBand } from '~/server/products/rca/risk'
import { isDecline, periodFactor, rcaPremium, rcaRisk, type RcaPrice } from '~/server/products/rca/tariff'
import { rcaInsurers, rcaTariffs, type RcaInsurerCode } from '~/server/products/rca/tariffs-data'
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
const bucharest = (raw: RcaQuoteInputRaw): RcaQuoteInputRaw => ({ ...raw, owner: { ...raw.owner, county: 'B', locality: 'București' } })

describe('RCA risk', () => {
  it('derives bands, zone, age on the start date and the period', () => {
    expect(risk()).toEqual({
      category: 'car',
      band: 'car/kw-51-70',
      powerKw: 66,
      totalMassKg: 1800,
      seats: 5,
      usage: 'personal',
      vehicleAgeYears: 6,
      zone: 'rest',
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

  it('bands goods vehicles by mass, buses by seats, cars and motorcycles by kW', () => {
    expect(vehicleBand('car', { powerKw: 50, totalMassKg: 0, seats: 0 })).toBe('car/kw-0-50')
    expect(vehicleBand('car', { powerKw: 51, totalMassKg: 0, seats: 0 })).toBe('car/kw-51-70')
    expect(vehicleBand('car', { powerKw: 301, totalMassKg: 0, seats: 0 })).toBe('car/kw-301+')
    expect(vehicleBand('goods-vehicle', { powerKw: 300, totalMassKg: 3500, seats: 3 })).toBe('goods-vehicle/kg-0-3500')
    expect(vehicleBand('goods-vehicle', { powerKw: 300, totalMassKg: 40000, seats: 3 })).toBe('goods-vehicle/kg-16001+')
    expect(vehicleBand('bus', { powerKw: 200, totalMassKg: 18000, seats: 52 })).toBe('bus/seats-36+')
    expect(vehicleBand('motorcycle', { powerKw: 11, totalMassKg: 200, seats: 2 })).toBe('motorcycle/kw-0-11')
    expect(vehicleBand('trailer', { powerKw: 0, totalMassKg: 750, seats: 0 })).toBe('trailer/kg-0-750')
    expect(ageBandOf(25)).toBe('18-25')
    expect(ageBandOf(60)).toBe('51-60')
    expect(ageBandOf(71)).toBe('71+')
  })
})

describe('RCA tariffs: anchors (docs/tariffs.md, facts §1.7)', () => {
  it('models at least 9 insurers, each with its own price', () => {
    expect(codes.length).toBeGreaterThanOrEqual(9)
    const premiums = codes.map((code) => price(code).premium)
    expect(new Set(premiums).size).toBe(codes.length)
  })

  it('prices a 50–70 kW car, owner 51–60, B0, 12 months, outside Bucharest at 1 000–1 400 lei', () => {
    for (const powerKw of [50, 60, 70]) {
      for (const code of codes) {
        const premium = lei(price(code, rcaRequest({ vehicle: { power_kw: powerKw } })).premium)
        expect(premium, `${code} at ${powerKw} kW`).toBeGreaterThanOrEqual(1000)
        expect(premium, `${code} at ${powerKw} kW`).toBeLessThanOrEqual(1400)
      }
    }
  })

  it('charges about 1.6–1.8 times as much in Bucharest-Ilfov', () => {
    for (const code of codes) {
      const ratio = price(code, bucharest(rcaRequest())).premium / price(code).premium
      expect(ratio, code).toBeGreaterThanOrEqual(1.6)
      expect(ratio, code).toBeLessThanOrEqual(1.8)
    }
  })
})

describe('RCA tariffs: rules', () => {
  it('multiplies by the bonus-malus coefficient of facts §1.3', () => {
    expect(bonusMalusCoefficient('B8')).toBe(0.5)
    expect(bonusMalusCoefficient('B4')).toBe(0.8)
    expect(bonusMalusCoefficient('M6')).toBe(1.6)
    expect(bonusMalusCoefficient('M8')).toBe(1.8)
    for (const cls of bonusMalusCodes) {
      const expected = Math.round(price('groupama').premium * bonusMalusCoefficient(cls))
      expect(Math.abs(price('groupama', undefined, cls).premium - expected), cls).toBeLessThanOrEqual(1)
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
    // The one-month surcharges differ by insurer (facts §1.2: 5 %–100 %).
    const surcharges = new Set(codes.map((code) => rcaTariffs[code].oneMonthSurcharge))
    expect(surcharges.size).toBeGreaterThan(5)
    expect(periodFactor(12, 0.5)).toBe(1)
  })

  it('charges more for young owners, more power, professional use and red plates; less for B8', () => {
    const base = price('allianz-tiriac').premium
    const young = rcaRequest({ owner: { type: 'person', cnp: cnpBornOn('2003-01-01'), driving_licence_since: '2021-05-01', county: 'CJ', locality: 'Cluj-Napoca' } })
    expect(price('allianz-tiriac', young).premium).toBeGreaterThan(base * 1.5)
    expect(price('allianz-tiriac', rcaRequest({ vehicle: { power_kw: 320 } })).premium).toBeGreaterThan(base * 2)
    expect(price('allianz-tiriac', rcaRequest({ vehicle: { usage: 'taxi' } })).premium).toBeGreaterThan(base * 1.5)
    const red = price('allianz-tiriac', rcaRequest({ vehicle: { registration_plate: 'CJ01234' }, policy: { months: 1 } })).premium
    expect(red).toBeGreaterThan(price('allianz-tiriac', rcaRequest({ policy: { months: 1 } })).premium * 1.5)
    expect(price('allianz-tiriac', undefined, 'B8').premium).toBe(Math.round(base / 2))
  })

  it('prices goods vehicles by mass and buses by seats', () => {
    const van = rcaRequest({ vehicle: { category: 'goods-vehicle', total_mass_kg: 3500, power_kw: 100 } })
    const truck = rcaRequest({ vehicle: { category: 'goods-vehicle', total_mass_kg: 40000, power_kw: 330 } })
    expect(price('groupama', truck).premium).toBeGreaterThan(price('groupama', van).premium * 3)
    const minibus = rcaRequest({ vehicle: { category: 'bus', seats: 17, total_mass_kg: 5000, power_kw: 110 } })
    const coach = rcaRequest({ vehicle: { category: 'bus', seats: 50, total_mass_kg: 18000, power_kw: 300 } })
    expect(price('asirom', coach).premium).toBeGreaterThan(price('asirom', minibus).premium)
  })

  it('declines per insurer', () => {
    const truck = risk(rcaRequest({ vehicle: { category: 'goods-vehicle', total_mass_kg: 40000, power_kw: 330 } }))
    const taxi = risk(rcaRequest({ vehicle: { usage: 'taxi' } }))
    const outcome = (r: typeof truck) => Object.fromEntries(codes.map((code) => [code, ((x) => (isDecline(x) ? x.declined : 'offered'))(rcaPremium(rcaTariffs[code], r))]))
    expect(outcome(truck)).toMatchObject({ generali: 'heavy_goods_vehicle', grawe: 'heavy_goods_vehicle', 'hellas-direct': 'heavy_goods_vehicle', eazy: 'heavy_goods_vehicle', groupama: 'offered', asirom: 'offered' })
    expect(outcome(taxi)).toMatchObject({ axeria: 'usage_not_covered', grawe: 'usage_not_covered', 'hellas-direct': 'usage_not_covered', omniasig: 'offered' })
    const young = risk(rcaRequest({ owner: { type: 'person', cnp: cnpBornOn('2006-01-01'), driving_licence_since: '2024-05-01', county: 'CJ', locality: 'Cluj-Napoca' } }))
    expect(rcaPremium(rcaTariffs.omniasig, young)).toEqual({ declined: 'young_owner' })
    expect(rcaPremium(rcaTariffs.generali, risk(rcaRequest(), 'M5'))).toEqual({ declined: 'malus_class' })
    expect(isDecline(rcaPremium(rcaTariffs.generali, risk(rcaRequest(), 'M4')))).toBe(false)
    // Every ordinary car gets an offer from everyone.
    expect(Object.values(outcome(risk())).every((o) => o === 'offered')).toBe(true)
  })

  it('prices the direct settlement clause apart, per insurer, for the same period', () => {
    const prices = codes.map((code) => price(code).directSettlement)
    for (const ds of prices) {
      expect(lei(ds)).toBeGreaterThanOrEqual(100)
      expect(lei(ds)).toBeLessThanOrEqual(300)
    }
    expect(new Set(prices).size).toBeGreaterThan(5)
    expect(price('omniasig', rcaRequest({ policy: { months: 6 } })).directSettlement).toBeLessThan(price('omniasig').directSettlement)
  })
})
