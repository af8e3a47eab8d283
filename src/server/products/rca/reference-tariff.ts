import { bonusMalusCoefficient, type BonusMalusClass } from '~/contract/bonus-malus'
import type { AgeBand, RcaRisk, VehicleBand } from './risk'

/**
 * ASF's RCA reference tariff (tarif de referință, Norma ASF 22/2017; romania-insurance-facts.md §1.7): the annual
 * premium of each risk cell, computed each half-year by an independent firm. It is not a price
 * anyone must charge; it is the yardstick of BAAR's "high-risk insured" rule: with at least three
 * 12-month offers above it (times BAAR's factor N and the bonus-malus coefficient), a buyer may ask
 * BAAR to allocate an insurer (romania-insurance-facts.md §1.7; https://www.baar.ro/asigurati-cu-risc-ridicat/).
 *
 * Cars owned by persons, by zone (Bucharest-Ilfov or the rest of the country), the owner's age and
 * the engine's power (kW, used since the January 2025 table, romania-insurance-facts.md §1.4). The four corners are
 * ASF's 2025 figures (rest of the country 1 064 lei at ≤ 50 kW and 51–60 years … 3 964 lei under
 * 30 years and over 300 kW; Bucharest-Ilfov 1 844 … 5 240 lei); the cells between are our
 * interpolation by two relativities per zone (docs/tariffs.md), to be replaced by ASF's published
 * table. Other vehicles and companies have no cell here: their quotes say so.
 */

type Zone = RcaRisk['zone']
type PowerBand = Extract<VehicleBand, `car/${string}`>

interface ZoneTable {
  /** Lei a year of the cheapest cell: ≤ 50 kW, owner aged 51–60. */
  base: number
  ages: Record<AgeBand, number>
  powers: Record<PowerBand, number>
}

export interface ReferenceTariffTable {
  /** First day the table applies (the start of the policy decides). */
  validFrom: string
  zones: Record<Zone, ZoneTable>
}

/** The tables by the day they apply from, oldest first. */
export const rcaReferenceTariffs: readonly ReferenceTariffTable[] = [
  {
    validFrom: '2025-01-01',
    zones: {
      rest: {
        base: 1064,
        ages: { 'under-30': 1.62, '30-40': 1.18, '41-50': 1.06, '51-60': 1, '61-70': 1.04, 'over-70': 1.15 },
        powers: { 'car/kw-0-50': 1, 'car/kw-51-70': 1.1, 'car/kw-71-100': 1.28, 'car/kw-101-130': 1.5, 'car/kw-131-180': 1.78, 'car/kw-181-300': 2.05, 'car/kw-301+': 2.3 },
      },
      // Flatter than the rest of the country, as ASF's own corners are (2.8× against 3.7×).
      'bucharest-ilfov': {
        base: 1844,
        ages: { 'under-30': 1.48, '30-40': 1.14, '41-50': 1.05, '51-60': 1, '61-70': 1.03, 'over-70': 1.1 },
        powers: { 'car/kw-0-50': 1, 'car/kw-51-70': 1.07, 'car/kw-71-100': 1.2, 'car/kw-101-130': 1.36, 'car/kw-131-180': 1.55, 'car/kw-181-300': 1.74, 'car/kw-301+': 1.92 },
      },
    },
  },
]

export interface ReferenceCell {
  zone: Zone
  ageBand: AgeBand
  powerBand: PowerBand
  /** Annual premium of the cell for class B0, in bani (whole lei). */
  annual: number
  /** The same for the owner's bonus-malus class (the coefficient applied, as BAAR compares). */
  annualForClass: number
  validFrom: string
}

const isCarBand = (band: VehicleBand): band is PowerBand => band.startsWith('car/')

/** The table that applies on `day`, if any. */
export function referenceTableOn(day: string, tables: readonly ReferenceTariffTable[] = rcaReferenceTariffs): ReferenceTariffTable | undefined {
  return [...tables].reverse().find((table) => table.validFrom <= day)
}

/** The reference cell of a risk starting on `startDate`; undefined for vehicles and owners the table has no cell for. */
export function referenceCell(risk: Pick<RcaRisk, 'category' | 'band' | 'zone' | 'owner' | 'bonusMalus'>, startDate: string): ReferenceCell | undefined {
  if (risk.category !== 'car' || risk.owner.type !== 'person' || !isCarBand(risk.band)) return undefined
  const table = referenceTableOn(startDate)
  if (!table) return undefined
  const zone = table.zones[risk.zone]
  const lei = Math.round(zone.base * zone.ages[risk.owner.ageBand] * zone.powers[risk.band])
  return {
    zone: risk.zone,
    ageBand: risk.owner.ageBand,
    powerBand: risk.band,
    annual: lei * 100,
    annualForClass: Math.round(lei * bonusMalusCoefficient(risk.bonusMalus as BonusMalusClass)) * 100,
    validFrom: table.validFrom,
  }
}
