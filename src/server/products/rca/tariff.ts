import { bonusMalusCoefficient, compareBonusMalus, type BonusMalusClass } from '~/contract/bonus-malus'
import type { VehicleCategory, VehicleUsage } from '~/contract/vehicle'
import type { AgeBand, RcaRisk, VehicleBand } from './risk'

export { rcaRisk, type RcaRisk } from './risk'

/**
 * One insurer's RCA tariff (docs/tariffs.md). The premium is
 *
 *   anchor × band × zone × owner × usage × bonus-malus × (provisional plates) × period
 *
 * where `anchor` is the insurer's annual price of the reference risk (a 51–70 kW car, owner aged
 * 51–60, outside Bucharest-Ilfov, class B0, personal use) and every other factor is relative to
 * it. The market-wide relativities live in `tariffs-data.ts`; each insurer overrides a few.
 */
export interface InsurerRcaTariff {
  insurer: string
  /** Annual premium of the reference risk, in bani. */
  anchorAnnual: number
  /** Relativity of each vehicle band to the reference band (`car/kw-51-70` = 1). */
  bands: Record<VehicleBand, number>
  /** Bucharest-Ilfov vs the rest of the country (≈ 1.6–1.8, facts §1.7). */
  bucharestIlfov: number
  ages: Record<AgeBand, number>
  company: number
  /** Extra for owners who have held a licence less than two years (1 = none). */
  novice: number
  /** Per usage: a factor, or `decline`. */
  usages: Record<VehicleUsage, number | 'decline'>
  /** Provisional (red) plates: priced per 30-day period with this loading (facts §1.2, §1.8 [52]). */
  provisional: number
  /**
   * The surcharge of a one-month policy over a twelfth of the annual premium (facts §1.2: 5 %–100 %
   * in 2017); it falls linearly to 0 at 12 months. Kept ≤ 0.8 so a longer policy never costs less.
   */
  oneMonthSurcharge: number
  /** Annual price of the direct settlement clause, in bani (facts §1.5: 100–300 lei a year). */
  directSettlementAnnual: number
  /** Risks it does not write. The first rule that matches declines. */
  declines: DeclineRule[]
}

/** Why an insurer declines; codes the interface translates. */
export const rcaDeclineReasons = ['category_not_covered', 'heavy_goods_vehicle', 'usage_not_covered', 'young_owner', 'malus_class', 'vehicle_too_old', 'provisional_plates'] as const
export type RcaDeclineReason = (typeof rcaDeclineReasons)[number]

export type DeclineRule =
  | { reason: 'category_not_covered'; categories: VehicleCategory[] }
  | { reason: 'heavy_goods_vehicle'; aboveMassKg: number }
  | { reason: 'usage_not_covered'; usages: VehicleUsage[] }
  | { reason: 'young_owner'; belowAge: number }
  | { reason: 'malus_class'; from: BonusMalusClass }
  | { reason: 'vehicle_too_old'; aboveYears: number }
  | { reason: 'provisional_plates' }

export type RcaPrice = { premium: number; directSettlement: number }
export type RcaDecline = { declined: RcaDeclineReason }

function declineReason(tariff: InsurerRcaTariff, risk: RcaRisk): RcaDeclineReason | undefined {
  for (const rule of tariff.declines) {
    const applies = (() => {
      switch (rule.reason) {
        case 'category_not_covered':
          return rule.categories.includes(risk.category)
        case 'heavy_goods_vehicle':
          return risk.category === 'goods-vehicle' && risk.totalMassKg > rule.aboveMassKg
        case 'usage_not_covered':
          return rule.usages.includes(risk.usage)
        case 'young_owner':
          return risk.owner.type === 'person' && risk.owner.age < rule.belowAge
        case 'malus_class':
          return compareBonusMalus(risk.bonusMalus, rule.from) >= 0
        case 'vehicle_too_old':
          return risk.vehicleAgeYears > rule.aboveYears
        case 'provisional_plates':
          return risk.provisional
      }
    })()
    if (applies) return rule.reason
  }
  if (tariff.usages[risk.usage] === 'decline') return 'usage_not_covered'
  return undefined
}

/** The share of the annual premium that `months` cost (≥ months/12: short periods are dearer). */
export function periodFactor(months: number, oneMonthSurcharge: number): number {
  const surcharge = (oneMonthSurcharge * (12 - months)) / 11
  return (months / 12) * (1 + surcharge)
}

/**
 * The insurer's price for a risk, in bani, or why it declines. The direct settlement clause is
 * priced apart (always returned, so the offers page can toggle it without asking again).
 */
export function rcaPremium(tariff: InsurerRcaTariff, risk: RcaRisk): RcaPrice | RcaDecline {
  const declined = declineReason(tariff, risk)
  if (declined) return { declined }
  const usage = tariff.usages[risk.usage] as number
  const owner =
    risk.owner.type === 'company' ? tariff.company : tariff.ages[risk.owner.ageBand] * (risk.owner.licenceYears < 2 ? tariff.novice : 1)
  const annual =
    tariff.anchorAnnual *
    tariff.bands[risk.band] *
    (risk.zone === 'bucharest-ilfov' ? tariff.bucharestIlfov : 1) *
    owner *
    usage *
    bonusMalusCoefficient(risk.bonusMalus)
  // Provisional plates run in 30-day periods (≤ 3); each is priced like a short month, loaded.
  const period = periodFactor(risk.months, tariff.oneMonthSurcharge) * (risk.provisional ? tariff.provisional : 1)
  return {
    premium: Math.round(annual * period),
    directSettlement: Math.round(tariff.directSettlementAnnual * periodFactor(risk.months, tariff.oneMonthSurcharge)),
  }
}

export function isDecline(result: RcaPrice | RcaDecline): result is RcaDecline {
  return 'declined' in result
}
