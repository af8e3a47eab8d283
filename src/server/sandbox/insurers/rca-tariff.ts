import { bonusMalusCoefficient, compareBonusMalus, type BonusMalusClass } from '~/contract/bonus-malus'
import type { VehicleCategory, VehicleUsage } from '~/contract/vehicle'
import type { RcaRisk, VehicleBand } from '~/server/products/rca/risk'

/**
 * How a sandbox insurer prices RCA (docs/tariffs.md). No insurer's tariff is public, so each
 * sandbox insurer has its own model within realistic bands around ASF's reference tariff (facts
 * §1.7): its own curves for the owner's age, the engine's power and the vehicle's age, its own
 * regional factors, claims appetite, loadings and declines, so which insurer is cheapest depends
 * on the driver, as in the market. The premium is
 *
 *   anchor × region(owner × vehicle) × vehicle age × usage × bonus-malus × claims × red plates × period
 *
 * where `anchor` is the insurer's annual price of its reference risk (a 60 kW car, owner aged 55,
 * outside Bucharest-Ilfov and the large cities, 5–10 years old, class B0, personal use) and
 * `region(r)` is `r` outside the large cities, `largeCities × r` in them, and `level × r ^
 * compression` in Bucharest-Ilfov: there the other factors weigh less, as in ASF's table (its
 * Bucharest cells span 2.8×, the rest of the country's 3.7×).
 */

/** A curve through `[x, factor]` points, linear between them and flat beyond the ends. */
export type Curve = readonly (readonly [number, number])[]

export function onCurve(curve: Curve, x: number): number {
  const first = curve[0]
  const last = curve[curve.length - 1]
  if (!first || !last) return 1
  if (x <= first[0]) return first[1]
  if (x >= last[0]) return last[1]
  for (let i = 1; i < curve.length; i++) {
    const [x1, y1] = curve[i] as readonly [number, number]
    const [x0, y0] = curve[i - 1] as readonly [number, number]
    if (x <= x1) return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0)
  }
  return last[1]
}

/** Vehicles other than cars and motorcycles, by the band of their category (mass, seats). */
export type OtherBand = Exclude<VehicleBand, `car/${string}` | `motorcycle/${string}`>

/** The direct settlement clause is priced per kind of vehicle (romania-insurance-facts.md §1.5); a missing kind is not sold. */
export const directSettlementKinds = ['car', 'motorcycle', 'van', 'heavy-goods', 'bus', 'tractor'] as const
export type DirectSettlementKind = (typeof directSettlementKinds)[number]

/** Which price of the clause a vehicle takes: vans are goods vehicles up to 3.5 t; trailers never have it. */
export function directSettlementKind(risk: Pick<RcaRisk, 'category' | 'totalMassKg'>): DirectSettlementKind | undefined {
  switch (risk.category) {
    case 'goods-vehicle':
      return risk.totalMassKg <= 3500 ? 'van' : 'heavy-goods'
    case 'trailer':
      return undefined
    default:
      return risk.category
  }
}

export interface InsurerRcaTariff {
  insurer: string
  /** Annual premium of the insurer's reference risk, in bani. */
  anchorAnnual: number
  /** Owner's age in years → factor (55 = 1). */
  age: Curve
  /** A car's power in kW → factor (60 kW = 1). */
  carPower: Curve
  /** A motorcycle's power in kW → factor of the reference car. */
  motorcyclePower: Curve
  /** Other vehicles' bands → factor of the reference car. */
  bands: Record<OtherBand, number>
  regions: {
    /** Bucharest-Ilfov: `level × r ^ compression` (romania-insurance-facts.md §1.7: Bucharest-Ilfov costs ≈ 1.7× at the cheapest cell). */
    bucharestIlfov: { level: number; compression: number }
    /** Cluj, Timiș, Iași, Constanța, Brașov: the counties of the largest cities after Bucharest. */
    largeCities: number
  }
  /** The vehicle's age in years since first registration → factor. */
  vehicleAge: Curve
  /** The insurer's claims appetite on top of the legal bonus-malus coefficient: B5–B8 and malus classes. */
  claims: { goodRecord: number; malus: number }
  /** Companies: a flat factor instead of the owner's age. */
  company: number
  /** Extra for owners who have held a licence less than two years (1 = none). */
  novice: number
  usages: Record<VehicleUsage, number | 'decline'>
  /** Provisional (red) plates: priced per 30-day period with this loading (romania-insurance-facts.md §1.2, §1.8 [52]). */
  provisional: number
  /**
   * The surcharge of a one-month policy over a twelfth of the annual premium (romania-insurance-facts.md §1.2: 5 %–100 %
   * in 2017); it falls linearly to 0 at 12 months. Kept ≤ 0.8 so a longer policy never costs less.
   */
  oneMonthSurcharge: number
  /** Annual price of the direct settlement clause by kind of vehicle, in bani; a missing kind is not sold. */
  directSettlement: Partial<Record<DirectSettlementKind, number>>
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

/** The premium, and the clause's price where the insurer sells it for this vehicle (null otherwise). */
export type RcaPrice = { premium: number; directSettlement: number | null }
export type RcaDecline = { declined: RcaDeclineReason }

const LARGE_CITY_COUNTIES = new Set(['CJ', 'TM', 'IS', 'CT', 'BV'])
const GOOD_RECORD = new Set<BonusMalusClass>(['B5', 'B6', 'B7', 'B8'])

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

/** The vehicle's own factor: power for cars and motorcycles, its band for the others. */
function vehicleFactor(tariff: InsurerRcaTariff, risk: RcaRisk): number {
  if (risk.category === 'car') return onCurve(tariff.carPower, risk.powerKw)
  if (risk.category === 'motorcycle') return onCurve(tariff.motorcyclePower, risk.powerKw)
  return tariff.bands[risk.band as OtherBand]
}

/** The owner's and the vehicle's factors together, in the owner's region. */
export function regionalRisk(tariff: InsurerRcaTariff, risk: RcaRisk): number {
  const owner = risk.owner.type === 'company' ? tariff.company : onCurve(tariff.age, risk.owner.age) * (risk.owner.licenceYears < 2 ? tariff.novice : 1)
  const relative = owner * vehicleFactor(tariff, risk)
  if (risk.zone === 'bucharest-ilfov') return tariff.regions.bucharestIlfov.level * relative ** tariff.regions.bucharestIlfov.compression
  return (LARGE_CITY_COUNTIES.has(risk.county) ? tariff.regions.largeCities : 1) * relative
}

function claimsFactor(tariff: InsurerRcaTariff, cls: BonusMalusClass): number {
  if (GOOD_RECORD.has(cls)) return tariff.claims.goodRecord
  return cls.startsWith('M') ? tariff.claims.malus : 1
}

/**
 * The insurer's price for a risk, in bani, or why it declines. The direct settlement clause is
 * priced apart (returned beside, so the offers page can toggle it without asking again).
 */
export function rcaPremium(tariff: InsurerRcaTariff, risk: RcaRisk): RcaPrice | RcaDecline {
  const declined = declineReason(tariff, risk)
  if (declined) return { declined }
  const annual =
    tariff.anchorAnnual *
    regionalRisk(tariff, risk) *
    onCurve(tariff.vehicleAge, risk.vehicleAgeYears) *
    (tariff.usages[risk.usage] as number) *
    bonusMalusCoefficient(risk.bonusMalus) *
    claimsFactor(tariff, risk.bonusMalus)
  // Provisional plates run in 30-day periods (≤ 3); each is priced like a short month, loaded.
  const period = periodFactor(risk.months, tariff.oneMonthSurcharge)
  const kind = directSettlementKind(risk)
  const clause = kind === undefined ? undefined : tariff.directSettlement[kind]
  return {
    premium: Math.round(annual * period * (risk.provisional ? tariff.provisional : 1)),
    directSettlement: clause === undefined ? null : Math.round(clause * period),
  }
}

export function isDecline(result: RcaPrice | RcaDecline): result is RcaDecline {
  return 'declined' in result
}
