import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bonusMalusCodes, type BonusMalusClass } from '~/contract/bonus-malus'
import { rcaQuoteInputSchema } from '~/contract/rca'
import { rcaInsurers, type RcaInsurerCode } from '~/server/products/rca/insurers'
import { rcaReferenceTariffs, referenceCell } from '~/server/products/rca/reference-tariff'
import { rcaRisk, vehicleBand, type RcaRisk } from '~/server/products/rca/risk'
import { isDecline, rcaPremium } from '~/server/sandbox/insurers/rca-tariff'
import { rcaTariffs } from '~/server/sandbox/insurers/rca-tariffs'
import { cnpBornOn, RCA_TEST_NOW, rcaRequest } from '../support/rca'

/**
 * The RCA market as a buyer and an ASF inspector would try it: a grid of driver profiles over
 * ASF's reference cells (zone × owner's age × power) and claims classes, priced by every sandbox
 * insurer and held against the reference tariff (romania-insurance-facts.md §1.7: 1 064 … 3 964 lei outside
 * Bucharest-Ilfov, 1 844 … 5 240 lei in it, a 4.9× spread).
 */

const schema = rcaQuoteInputSchema(() => RCA_TEST_NOW)
const codes = rcaInsurers.map((i) => i.code)
const START = '2026-11-25'
const REFERENCE_SPREAD = 5240 / 1064

/** Two or three ages per reference age band, and powers at both ends of each power band. */
const ages = [18, 19, 22, 25, 29, 30, 35, 40, 41, 45, 50, 51, 55, 60, 61, 65, 70, 71, 78, 85]
const powers = [35, 50, 51, 66, 70, 71, 85, 100, 101, 130, 131, 155, 180, 181, 240, 300, 301, 400]
const regions = [
  ['AB', 'Alba Iulia'],
  ['CJ', 'Cluj-Napoca'],
  ['B', 'București'],
  ['IF', 'Voluntari'],
] as const

/** The owner turns `age` before the start date: born in June `age` years before it. */
function profile(age: number, powerKw: number, [county, locality]: readonly [string, string], bonusMalus: BonusMalusClass = 'B0'): RcaRisk {
  const request = schema.parse(
    rcaRequest({ vehicle: { power_kw: powerKw }, owner: { type: 'person', cnp: cnpBornOn(`${2026 - age}-06-01`), driving_licence_since: `${2026 - age + 18}-07-01`, county, locality } }),
  )
  return rcaRisk(request, { bonusMalus })
}

interface Cell {
  risk: RcaRisk
  reference: number
  offers: Partial<Record<RcaInsurerCode, number>>
}

const cells: Cell[] = regions.flatMap((region) =>
  ages.flatMap((age) =>
    powers.map((kw) => {
      const risk = profile(age, kw, region)
      const offers: Cell['offers'] = {}
      for (const code of codes) {
        const result = rcaPremium(rcaTariffs[code], risk)
        if (!isDecline(result)) offers[code] = result.premium
      }
      return { risk, reference: referenceCell(risk, START)!.annualForClass, offers }
    }),
  ),
)
const all = (cell: Cell) => Object.values(cell.offers) as number[]

describe('RCA premiums against ASF’s reference tariff', () => {
  it('keeps every insurer’s spread across the reference cells within 1.5× of the reference table’s (4.9×)', () => {
    const table = rcaReferenceTariffs[0]!
    const referenceAmounts = Object.values(table.zones).flatMap((zone) => Object.values(zone.ages).flatMap((a) => Object.values(zone.powers).map((p) => zone.base * a * p)))
    expect(Math.max(...referenceAmounts) / Math.min(...referenceAmounts)).toBeCloseTo(REFERENCE_SPREAD, 2)
    for (const code of codes) {
      const premiums = cells.map((c) => c.offers[code]).filter((p): p is number => p !== undefined)
      const spread = Math.max(...premiums) / Math.min(...premiums)
      expect(spread, code).toBeLessThanOrEqual(REFERENCE_SPREAD * 1.5)
      expect(spread, code).toBeGreaterThanOrEqual(REFERENCE_SPREAD / 1.5)
    }
    // The market as a whole too: the cheapest offer anywhere against the dearest anywhere.
    const market = cells.flatMap(all)
    expect(Math.max(...market) / Math.min(...market)).toBeLessThanOrEqual(REFERENCE_SPREAD * 1.5)
  })

  it('prices every cell within a realistic band around its reference tariff (0.55–1.6×)', () => {
    const outside = cells.flatMap((cell) =>
      Object.entries(cell.offers)
        .filter(([, premium]) => premium < cell.reference * 0.55 || premium > cell.reference * 1.6)
        .map(([code, premium]) => `${code} ${cell.risk.county} age ${cell.risk.owner.type === 'person' ? cell.risk.owner.age : '-'} ${cell.risk.powerKw} kW: ${premium / cell.reference}`),
    )
    expect(outside).toEqual([])
  })

  it('prices a 19-year-old with 200 kW in Bucharest around the reference (4 749 lei), not at twice it', () => {
    const risk = profile(19, 200, regions[2])
    expect(referenceCell(risk, START)?.annual).toBe(474_900)
    const offered = codes.map((code) => rcaPremium(rcaTariffs[code], risk)).filter((result) => !isDecline(result))
    expect(offered.length).toBeGreaterThanOrEqual(7)
    for (const result of offered) {
      if (isDecline(result)) continue
      expect(result.premium / 100).toBeGreaterThan(3_800)
      expect(result.premium / 100).toBeLessThan(5_700)
    }
  })

  it('tells the BAAR allocation right where it belongs: young and very old drivers, not settled ones', () => {
    const above = (cell: Cell) => all(cell).filter((p) => p > cell.reference).length
    const age = (cell: Cell) => (cell.risk.owner.type === 'person' ? cell.risk.owner.age : 0)
    const baar = cells.filter((c) => above(c) >= 3)
    // Some profiles have it (the young above all)…
    expect(baar.filter((c) => age(c) <= 22).length).toBeGreaterThan(cells.filter((c) => age(c) <= 22).length / 2)
    // …and drivers aged 35–65 with up to 180 kW almost never.
    const settled = cells.filter((c) => age(c) >= 35 && age(c) <= 65 && c.risk.powerKw <= 180)
    expect(settled.filter((c) => above(c) >= 3).length).toBeLessThanOrEqual(settled.length * 0.05)
    expect(baar.length).toBeLessThan(cells.length / 3)
  })
})

describe('the cheapest insurer depends on the driver', () => {
  const cheapest = (offers: Partial<Record<RcaInsurerCode, number>>) => (Object.entries(offers) as [RcaInsurerCode, number][]).sort((a, b) => a[1] - b[1])[0]![0]

  it('changes across the grid: at least five insurers are cheapest somewhere, none in more than half the cells', () => {
    const wins = new Map<string, number>()
    for (const cell of cells) wins.set(cheapest(cell.offers), (wins.get(cheapest(cell.offers)) ?? 0) + 1)
    expect(wins.size).toBeGreaterThanOrEqual(5)
    for (const [code, count] of wins) expect(count, code).toBeLessThan(cells.length / 2)
  })

  it('changes with the owner’s age, the car’s power, the region and the claims class alone', () => {
    const winners = (risks: RcaRisk[]) => new Set(risks.map((risk) => cheapest(Object.fromEntries(codes.flatMap((c) => ((r) => (isDecline(r) ? [] : [[c, r.premium]]))(rcaPremium(rcaTariffs[c], risk)))))))
    const base = { age: 45, kw: 85, region: regions[0] as (typeof regions)[number] }
    expect(winners(ages.map((age) => profile(age, base.kw, base.region))).size, 'by age').toBeGreaterThan(1)
    expect(winners(powers.map((kw) => profile(base.age, kw, base.region))).size, 'by power').toBeGreaterThan(1)
    expect(winners(regions.map((region) => profile(base.age, 150, region))).size, 'by region').toBeGreaterThan(1)
    expect(winners(bonusMalusCodes.slice(0, 13).map((cls) => profile(base.age, base.kw, base.region, cls))).size, 'by claims class').toBeGreaterThan(1)
  })
})

describe('orderings, for any profile', () => {
  const reference = profile(45, 85, regions[0])
  const arbitrary = fc.record({
    age: fc.integer({ min: 18, max: 90 }),
    kw: fc.integer({ min: 20, max: 450 }),
    region: fc.constantFrom(...regions),
    cls: fc.constantFrom(...bonusMalusCodes.slice(0, 13)),
    code: fc.constantFrom(...codes),
  })
  const with_ = (r: RcaRisk, over: Partial<RcaRisk>) => ({ ...r, ...over })
  const priceOf = (code: RcaInsurerCode, risk: RcaRisk) => {
    const result = rcaPremium(rcaTariffs[code], risk)
    return isDecline(result) ? undefined : result.premium
  }

  it('more power never costs less; Bucharest-Ilfov always costs more than the rest of the country; a better class never more', () => {
    fc.assert(
      fc.property(arbitrary, ({ age, kw, region, cls, code }) => {
        const risk = with_(reference, {
          owner: { type: 'person', age, ageBand: reference.owner.type === 'person' ? reference.owner.ageBand : '41-50', licenceYears: Math.max(0, age - 18) },
          powerKw: kw,
          band: vehicleBand('car', { powerKw: kw, totalMassKg: 1800, seats: 5 }),
          county: region[0],
          zone: region[0] === 'B' || region[0] === 'IF' ? 'bucharest-ilfov' : 'rest',
          bonusMalus: cls,
        })
        const base = priceOf(code, risk)
        if (base === undefined) return
        expect(priceOf(code, with_(risk, { powerKw: kw + 25 }))!).toBeGreaterThanOrEqual(base)
        if (risk.zone === 'rest') expect(priceOf(code, with_(risk, { zone: 'bucharest-ilfov', county: 'B' }))!).toBeGreaterThan(base)
        const better = bonusMalusCodes[Math.max(0, bonusMalusCodes.indexOf(cls) - 1)]!
        expect(priceOf(code, with_(risk, { bonusMalus: better }))!).toBeLessThanOrEqual(base)
      }),
      { numRuns: 400 },
    )
  })

  it('an owner under 25 always pays more than the same owner at 40–60', () => {
    fc.assert(
      fc.property(fc.integer({ min: 18, max: 24 }), fc.integer({ min: 40, max: 60 }), fc.integer({ min: 30, max: 400 }), fc.constantFrom(...codes), (young, settled, kw, code) => {
        const at = (age: number) => priceOf(code, profile(age, kw, regions[1]))
        const [y, s] = [at(young), at(settled)]
        if (y === undefined || s === undefined) return
        expect(y).toBeGreaterThan(s)
      }),
      { numRuns: 100 },
    )
  })
})
