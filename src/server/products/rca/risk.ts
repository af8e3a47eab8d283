import type { BonusMalusClass } from '~/contract/bonus-malus'
import { parseCnp } from '~/contract/cnp'
import { isBucharestIlfov } from '~/contract/counties'
import { daysBetween, wholeYearsBetween } from '~/contract/iso-date'
import type { RcaQuoteInput } from '~/contract/rca'
import { isProvisionalPlate, parsePlate, type VehicleCategory, type VehicleUsage } from '~/contract/vehicle'

/**
 * The rating factors of an RCA risk (romania-insurance-facts.md §1.4): what every insurer's tariff reads, and what
 * places a quote in a cell of ASF's reference tariff (`reference-tariff.ts`). Derived once from a
 * validated request, so nobody re-parses CNPs or plates.
 */

/**
 * Owner age bands of the ASF reference tariff (romania-insurance-facts.md §1.7 names its cells "age < 30" and
 * "51–60"; the bands between are our reading, docs/tariffs.md).
 */
export const ageBands = ['under-30', '30-40', '41-50', '51-60', '61-70', 'over-70'] as const
export type AgeBand = (typeof ageBands)[number]

/**
 * The vehicle's rating band within its category: engine power (kW) for cars and motorcycles
 * (the reference tariff uses kW since January 2025, romania-insurance-facts.md §1.4), total mass for goods vehicles
 * and trailers, seats for buses.
 */
export const vehicleBands = {
  car: ['kw-0-50', 'kw-51-70', 'kw-71-100', 'kw-101-130', 'kw-131-180', 'kw-181-300', 'kw-301+'],
  motorcycle: ['kw-0-11', 'kw-12-35', 'kw-36-70', 'kw-71+'],
  'goods-vehicle': ['kg-0-3500', 'kg-3501-7500', 'kg-7501-12000', 'kg-12001-16000', 'kg-16001+'],
  bus: ['seats-0-17', 'seats-18-35', 'seats-36+'],
  tractor: ['any'],
  trailer: ['kg-0-750', 'kg-751-3500', 'kg-3501+'],
} as const satisfies Record<VehicleCategory, readonly string[]>
export type VehicleBand = { [C in VehicleCategory]: `${C}/${(typeof vehicleBands)[C][number]}` }[VehicleCategory]

export type RcaRisk = {
  category: VehicleCategory
  /** `car/kw-51-70`, `goods-vehicle/kg-3501-7500`, … */
  band: VehicleBand
  powerKw: number
  totalMassKg: number
  seats: number
  usage: VehicleUsage
  /** Whole years since first registration, on the start date. */
  vehicleAgeYears: number
  zone: 'bucharest-ilfov' | 'rest'
  /** The owner's county (plate code): insurers may price by region beyond the two zones. */
  county: string
  owner: { type: 'person'; age: number; ageBand: AgeBand; licenceYears: number } | { type: 'company' }
  bonusMalus: BonusMalusClass
  /** Whole months, or 30-day periods for provisional plates (`provisional`). */
  months: number
  provisional: boolean
  directSettlement: boolean
}

/** The band whose range holds `value`, from names like `kw-51-70` / `kg-16001+`. */
function bandOf<B extends string>(bands: readonly B[], value: number): B {
  for (const band of bands) {
    const range = /(\d+)(?:-(\d+)|\+)$/.exec(band)
    if (!range) return band
    const [low, high] = [Number(range[1]), range[2] === undefined ? Infinity : Number(range[2])]
    if (value >= low && value <= high) return band
  }
  return bands[bands.length - 1] as B
}

export function vehicleBand(category: VehicleCategory, v: { powerKw: number; totalMassKg: number; seats: number }): VehicleBand {
  switch (category) {
    case 'car':
      return `car/${bandOf(vehicleBands.car, v.powerKw)}`
    case 'motorcycle':
      return `motorcycle/${bandOf(vehicleBands.motorcycle, v.powerKw)}`
    case 'goods-vehicle':
      return `goods-vehicle/${bandOf(vehicleBands['goods-vehicle'], v.totalMassKg)}`
    case 'bus':
      return `bus/${bandOf(vehicleBands.bus, v.seats)}`
    case 'tractor':
      return 'tractor/any'
    case 'trailer':
      return `trailer/${bandOf(vehicleBands.trailer, v.totalMassKg)}`
  }
}

export function ageBandOf(age: number): AgeBand {
  if (age < 30) return 'under-30'
  if (age <= 40) return '30-40'
  if (age <= 50) return '41-50'
  if (age <= 60) return '51-60'
  if (age <= 70) return '61-70'
  return 'over-70'
}

/**
 * The risk of a validated request. Ages count on the policy's start date (the day the risk is
 * taken), not on the day of the quote.
 */
export function rcaRisk(request: RcaQuoteInput, context: { bonusMalus: BonusMalusClass }): RcaRisk {
  const { vehicle, owner, policy } = request
  const on = policy.start_date
  let riskOwner: RcaRisk['owner'] = { type: 'company' }
  if (owner.type === 'person') {
    const cnp = parseCnp(owner.cnp)
    if (!cnp.ok) throw new Error('rcaRisk needs a validated request (CNP)')
    const age = wholeYearsBetween(cnp.facts.birthDate, on)
    riskOwner = { type: 'person', age, ageBand: ageBandOf(age), licenceYears: Math.max(0, wholeYearsBetween(owner.driving_licence_since, on)) }
  }
  const plate = parsePlate(vehicle.registration_plate)
  return {
    category: vehicle.category,
    band: vehicleBand(vehicle.category, { powerKw: vehicle.power_kw, totalMassKg: vehicle.total_mass_kg, seats: vehicle.seats }),
    powerKw: vehicle.power_kw,
    totalMassKg: vehicle.total_mass_kg,
    seats: vehicle.seats,
    usage: vehicle.usage,
    vehicleAgeYears: Math.max(0, Math.floor(daysBetween(vehicle.first_registration, on) / 365.25)),
    zone: isBucharestIlfov(owner.county) ? 'bucharest-ilfov' : 'rest',
    county: owner.county,
    owner: riskOwner,
    bonusMalus: context.bonusMalus,
    months: policy.months,
    provisional: plate ? isProvisionalPlate(plate.kind) : false,
    directSettlement: policy.direct_settlement,
  }
}
