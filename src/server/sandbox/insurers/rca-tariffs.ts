import type { VehicleUsage } from '~/contract/vehicle'
import type { RcaInsurerCode } from '~/server/products/rca/insurers'
import type { Curve, DirectSettlementKind, InsurerRcaTariff, OtherBand } from './rca-tariff'

/**
 * The RCA tariffs of the sandbox insurers: data only (the model is `rca-tariff.ts`, the sources,
 * bands and anchors docs/tariffs.md). Modelled on the Romanian market, not copied from any
 * insurer: real tariffs are not public. Each insurer has a side of the market it prices keenly and
 * one it does not, so the cheapest offer moves with the driver; every curve stays within a band
 * around ASF's reference tariff (romania-insurance-facts.md §1.7), which the tests hold.
 */

const lei = (value: number) => Math.round(value * 100)

/** Goods vehicles by mass, buses by seats, tractors and trailers, relative to the reference car. */
const marketBands: Record<OtherBand, number> = {
  'goods-vehicle/kg-0-3500': 1.45,
  'goods-vehicle/kg-3501-7500': 2.5,
  'goods-vehicle/kg-7501-12000': 3.4,
  'goods-vehicle/kg-12001-16000': 4.3,
  'goods-vehicle/kg-16001+': 5.6,
  'bus/seats-0-17': 2.3,
  'bus/seats-18-35': 3.3,
  'bus/seats-36+': 4.5,
  'tractor/any': 0.55,
  'trailer/kg-0-750': 0.07,
  'trailer/kg-751-3500': 0.14,
  'trailer/kg-3501+': 0.5,
}

/** Motorcycles by power, relative to the reference car. */
const marketMotorcycles: Curve = [
  [11, 0.22],
  [35, 0.32],
  [70, 0.45],
  [100, 0.62],
]

/** Professional uses are surcharged by insurers; no official table exists (romania-insurance-facts.md §1.4, UNCONFIRMED). */
const marketUsages: Record<VehicleUsage, number> = {
  personal: 1,
  taxi: 2.2,
  'ride-sharing': 1.9,
  'rent-a-car': 1.7,
  'driving-school': 1.6,
  courier: 1.4,
  'dangerous-goods': 1.8,
}

/** Vehicle age: a little dearer when new (costly repairs to the other party are not ours, but claims frequency is) and when old. */
const marketVehicleAge: Curve = [
  [0, 1.04],
  [3, 1],
  [12, 1],
  [20, 1.08],
  [30, 1.15],
]

/**
 * The clause's yearly price by kind of vehicle (romania-insurance-facts.md §1.5: 170 lei for cars at Omniasig in 2017,
 * +100–300 lei reported since); vans, lorries and buses cause dearer repairs and pay more, and
 * trailers never have it (they do not drive on their own); tractors only where given. Levels other
 * than the car's are ours. `null`: not sold for that kind.
 */
function clause(car: number, others: { motorcycle?: number | null; van?: number | null; heavy?: number | null; bus?: number | null; tractor?: number } = {}): InsurerRcaTariff['directSettlement'] {
  const prices: InsurerRcaTariff['directSettlement'] = { car: lei(car) }
  const set = (kind: DirectSettlementKind, given: number | null | undefined, usual: number | undefined) => {
    const price = given === undefined ? usual : given
    if (price !== null && price !== undefined) prices[kind] = lei(price)
  }
  set('motorcycle', others.motorcycle, car * 0.5)
  set('van', others.van, car * 1.4)
  set('heavy-goods', others.heavy, car * 3.2)
  set('bus', others.bus, car * 3.5)
  set('tractor', others.tractor, undefined)
  return prices
}

type Tariff = Omit<InsurerRcaTariff, 'bands' | 'motorcyclePower' | 'usages' | 'vehicleAge' | 'company' | 'novice' | 'provisional'> & {
  bands?: Partial<Record<OtherBand, number>>
  motorcyclePower?: Curve
  usages?: Partial<Record<VehicleUsage, number | 'decline'>>
  vehicleAge?: Curve
  company?: number
  novice?: number
  provisional?: number
}

function tariff(t: Tariff): InsurerRcaTariff {
  return {
    ...t,
    bands: { ...marketBands, ...t.bands },
    motorcyclePower: t.motorcyclePower ?? marketMotorcycles,
    usages: { ...marketUsages, ...t.usages },
    vehicleAge: t.vehicleAge ?? marketVehicleAge,
    company: t.company ?? 1.18,
    novice: t.novice ?? 1.1,
    // A 2024 quote for a car on red plates cost about twice the usual (romania-insurance-facts.md §1.8 [52]).
    provisional: t.provisional ?? 2,
  }
}

/** Each insurer's tariff: its anchor, curves and departures from the market. */
export const rcaTariffs: Record<RcaInsurerCode, InsurerRcaTariff> = {
  // The market's middle, generous to long claim-free records.
  'allianz-tiriac': tariff({
    insurer: 'allianz-tiriac',
    anchorAnnual: lei(1080),
    age: [[18, 1.8], [20, 1.72], [23, 1.58], [26, 1.42], [30, 1.22], [35, 1.12], [40, 1.08], [50, 1.02], [55, 1], [60, 1], [65, 1.01], [70, 1.04], [75, 1.12], [85, 1.28]],
    carPower: [[50, 0.91], [70, 1], [100, 1.16], [130, 1.36], [180, 1.62], [300, 1.86], [320, 2.05]],
    regions: { bucharestIlfov: { level: 1.7, compression: 0.78 }, largeCities: 1.04 },
    claims: { goodRecord: 0.92, malus: 1.08 },
    oneMonthSurcharge: 0.35,
    directSettlement: clause(190),
    usages: { 'dangerous-goods': 'decline' },
    declines: [],
  }),
  // Dear for the young, kind to seniors.
  asirom: tariff({
    insurer: 'asirom',
    anchorAnnual: lei(1100),
    age: [[18, 1.92], [20, 1.83], [23, 1.66], [26, 1.48], [30, 1.25], [35, 1.13], [40, 1.08], [50, 1.02], [55, 1], [60, 0.99], [65, 0.97], [70, 0.99], [75, 1.06], [85, 1.2]],
    carPower: [[50, 0.92], [70, 1], [100, 1.14], [130, 1.31], [180, 1.54], [300, 1.76], [320, 1.92]],
    regions: { bucharestIlfov: { level: 1.68, compression: 0.78 }, largeCities: 1.05 },
    claims: { goodRecord: 1, malus: 1.05 },
    oneMonthSurcharge: 0.45,
    directSettlement: clause(160, { tractor: 90 }),
    declines: [],
  }),
  // Keen on young drivers and modest cars; powerful cars and Bucharest cost it dear.
  axeria: tariff({
    insurer: 'axeria',
    anchorAnnual: lei(1050),
    age: [[18, 1.62], [20, 1.55], [23, 1.44], [26, 1.32], [30, 1.18], [35, 1.1], [40, 1.07], [50, 1.02], [55, 1], [60, 1.01], [65, 1.06], [70, 1.12], [75, 1.24], [85, 1.42]],
    carPower: [[50, 0.9], [70, 1], [100, 1.19], [130, 1.42], [180, 1.7], [300, 1.98], [320, 2.2]],
    regions: { bucharestIlfov: { level: 1.78, compression: 0.8 }, largeCities: 1.06 },
    claims: { goodRecord: 1, malus: 1.12 },
    oneMonthSurcharge: 0.6,
    directSettlement: clause(140, { motorcycle: null }),
    declines: [
      { reason: 'category_not_covered', categories: ['bus', 'tractor'] },
      { reason: 'usage_not_covered', usages: ['taxi', 'ride-sharing'] },
    ],
  }),
  // Dear at the reference risk but light in Bucharest-Ilfov and with malus drivers up to M4.
  generali: tariff({
    insurer: 'generali',
    anchorAnnual: lei(1130),
    age: [[18, 1.8], [20, 1.72], [23, 1.58], [26, 1.42], [30, 1.22], [35, 1.12], [40, 1.08], [50, 1.02], [55, 1], [60, 1], [65, 1.01], [70, 1.04], [75, 1.12], [85, 1.28]],
    carPower: [[50, 0.92], [70, 1], [100, 1.15], [130, 1.34], [180, 1.58], [300, 1.82], [320, 2]],
    regions: { bucharestIlfov: { level: 1.55, compression: 0.76 }, largeCities: 1.02 },
    claims: { goodRecord: 0.97, malus: 1 },
    oneMonthSurcharge: 0.25,
    company: 1.1,
    directSettlement: clause(220, { heavy: null }),
    declines: [
      { reason: 'heavy_goods_vehicle', aboveMassKg: 12_000 },
      { reason: 'malus_class', from: 'M5' },
    ],
  }),
  // A regional insurer: cheap outside the large cities, kind to seniors, careful with the young.
  grawe: tariff({
    insurer: 'grawe',
    anchorAnnual: lei(1040),
    age: [[18, 1.9], [20, 1.82], [23, 1.65], [26, 1.47], [30, 1.25], [35, 1.13], [40, 1.08], [50, 1.01], [55, 1], [60, 0.99], [65, 0.99], [70, 1.01], [75, 1.07], [85, 1.2]],
    carPower: [[50, 0.91], [70, 1], [100, 1.17], [130, 1.38], [180, 1.65], [300, 1.9], [320, 2.1]],
    regions: { bucharestIlfov: { level: 1.76, compression: 0.8 }, largeCities: 1.08 },
    claims: { goodRecord: 0.96, malus: 1.1 },
    oneMonthSurcharge: 0.3,
    directSettlement: clause(180, { heavy: null, bus: null }),
    usages: { taxi: 'decline', 'ride-sharing': 'decline', 'rent-a-car': 'decline' },
    declines: [{ reason: 'heavy_goods_vehicle', aboveMassKg: 7_500 }],
  }),
  // Dear for small cars, keen on powerful ones and on fleets of goods vehicles.
  groupama: tariff({
    insurer: 'groupama',
    anchorAnnual: lei(1150),
    age: [[18, 1.8], [20, 1.72], [23, 1.58], [26, 1.42], [30, 1.22], [35, 1.12], [40, 1.08], [50, 1.02], [55, 1], [60, 1], [65, 1.01], [70, 1.04], [75, 1.12], [85, 1.28]],
    carPower: [[50, 0.94], [70, 1], [100, 1.1], [130, 1.24], [180, 1.42], [300, 1.62], [320, 1.78]],
    regions: { bucharestIlfov: { level: 1.66, compression: 0.78 }, largeCities: 1.04 },
    claims: { goodRecord: 0.95, malus: 1.06 },
    oneMonthSurcharge: 0.2,
    directSettlement: clause(250, { tractor: 120 }),
    bands: {
      'goods-vehicle/kg-0-3500': 1.3,
      'goods-vehicle/kg-3501-7500': 2.2,
      'goods-vehicle/kg-7501-12000': 3,
      'goods-vehicle/kg-12001-16000': 3.8,
      'goods-vehicle/kg-16001+': 4.9,
    },
    declines: [],
  }),
  // Online-only, for private cars and motorcycles: cheapest for settled drivers of small cars, steep for the young and the powerful.
  'hellas-direct': tariff({
    insurer: 'hellas-direct',
    anchorAnnual: lei(1010),
    age: [[18, 1.95], [20, 1.86], [23, 1.7], [26, 1.5], [30, 1.26], [35, 1.14], [40, 1.09], [50, 1.02], [55, 1], [60, 1.01], [65, 1.04], [70, 1.09], [75, 1.2], [85, 1.38]],
    carPower: [[50, 0.9], [70, 1], [100, 1.2], [130, 1.43], [180, 1.7], [300, 1.95], [320, 2.1]],
    regions: { bucharestIlfov: { level: 1.78, compression: 0.78 }, largeCities: 1.08 },
    claims: { goodRecord: 0.95, malus: 1.12 },
    oneMonthSurcharge: 0.8,
    novice: 1.15,
    directSettlement: clause(120, { van: null, heavy: null, bus: null }),
    declines: [
      { reason: 'category_not_covered', categories: ['bus', 'tractor', 'trailer'] },
      { reason: 'heavy_goods_vehicle', aboveMassKg: 3_500 },
      { reason: 'usage_not_covered', usages: ['taxi', 'ride-sharing', 'rent-a-car', 'driving-school', 'courier', 'dangerous-goods'] },
      { reason: 'provisional_plates' },
    ],
  }),
  // No owners under 21; keen on owners in their twenties and thirties, dear for seniors.
  omniasig: tariff({
    insurer: 'omniasig',
    anchorAnnual: lei(1090),
    age: [[21, 1.6], [23, 1.48], [26, 1.3], [30, 1.15], [35, 1.09], [40, 1.06], [50, 1.01], [55, 1], [60, 1.01], [65, 1.04], [70, 1.08], [75, 1.22], [85, 1.42]],
    carPower: [[50, 0.91], [70, 1], [100, 1.16], [130, 1.36], [180, 1.62], [300, 1.86], [320, 2.05]],
    regions: { bucharestIlfov: { level: 1.7, compression: 0.78 }, largeCities: 1.05 },
    claims: { goodRecord: 0.98, malus: 1.08 },
    oneMonthSurcharge: 0.5,
    // 2017 Omniasig example: 170 lei a year for cars (romania-insurance-facts.md §1.5).
    directSettlement: clause(170),
    declines: [{ reason: 'young_owner', belowAge: 21 }],
  }),
  // Cheap small cars, steep power, no old vehicles.
  eazy: tariff({
    insurer: 'eazy',
    anchorAnnual: lei(1060),
    age: [[18, 1.8], [20, 1.72], [23, 1.58], [26, 1.42], [30, 1.22], [35, 1.12], [40, 1.08], [50, 1.02], [55, 1], [60, 1], [65, 1.01], [70, 1.04], [75, 1.12], [85, 1.28]],
    carPower: [[40, 0.86], [50, 0.88], [70, 0.98], [100, 1.18], [130, 1.42], [180, 1.7], [300, 1.96], [320, 2.14]],
    regions: { bucharestIlfov: { level: 1.74, compression: 0.79 }, largeCities: 1.06 },
    claims: { goodRecord: 0.97, malus: 1.1 },
    oneMonthSurcharge: 0.7,
    vehicleAge: [[0, 1], [8, 1], [15, 1.12], [25, 1.3]],
    directSettlement: clause(150, { heavy: null, bus: null }),
    declines: [
      { reason: 'category_not_covered', categories: ['bus', 'tractor'] },
      { reason: 'heavy_goods_vehicle', aboveMassKg: 7_500 },
      { reason: 'vehicle_too_old', aboveYears: 25 },
    ],
  }),
}

export function isRcaInsurerCode(value: string): value is RcaInsurerCode {
  return Object.hasOwn(rcaTariffs, value)
}
