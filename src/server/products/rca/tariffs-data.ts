import type { VehicleUsage } from '~/contract/vehicle'
import type { AgeBand, VehicleBand } from './risk'
import type { InsurerRcaTariff } from './tariff'

/**
 * The RCA tariffs of the sandbox insurers: data only (the model is in `tariff.ts`, the sources and
 * anchors in docs/tariffs.md). Modelled on the Romanian market (facts §1.7, §1.8), not copied
 * from any insurer: real tariffs are not public.
 */

const lei = (value: number) => Math.round(value * 100)

/**
 * Market relativities every insurer starts from. Bands follow the ASF reference tariff's shape:
 * power for cars (51–70 kW = 1; >300 kW with an owner under 30 costs ≈ 3.7× the reference,
 * like 3 964 / 1 064 lei, facts §1.7), mass for goods vehicles and trailers, seats for buses.
 */
export const marketBands: Record<VehicleBand, number> = {
  'car/kw-0-50': 0.95,
  'car/kw-51-70': 1,
  'car/kw-71-100': 1.2,
  'car/kw-101-130': 1.42,
  'car/kw-131-180': 1.7,
  'car/kw-181-300': 2.05,
  'car/kw-301+': 2.45,
  'motorcycle/kw-0-11': 0.22,
  'motorcycle/kw-12-35': 0.32,
  'motorcycle/kw-36-70': 0.45,
  'motorcycle/kw-71+': 0.62,
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

/** Young owners pay most (the reference tariff's dearest cell is "age < 30"), 51–60 is the reference. */
export const marketAges: Record<AgeBand, number> = {
  '18-25': 1.95,
  '26-30': 1.5,
  '31-40': 1.15,
  '41-50': 1.04,
  '51-60': 1,
  '61-70': 1.05,
  '71+': 1.2,
}

/** Professional uses are surcharged by insurers; no official table exists (facts §1.4, UNCONFIRMED). */
export const marketUsages: Record<VehicleUsage, number> = {
  personal: 1,
  taxi: 2.2,
  'ride-sharing': 1.9,
  'rent-a-car': 1.7,
  'driving-school': 1.6,
  courier: 1.4,
  'dangerous-goods': 1.8,
}

type Overrides = Omit<InsurerRcaTariff, 'bands' | 'ages' | 'usages' | 'company' | 'novice' | 'provisional'> & {
  bands?: Partial<Record<VehicleBand, number>>
  ages?: Partial<Record<AgeBand, number>>
  usages?: Partial<Record<VehicleUsage, number | 'decline'>>
  company?: number
  novice?: number
  provisional?: number
}

function tariff(o: Overrides): InsurerRcaTariff {
  return {
    ...o,
    bands: { ...marketBands, ...o.bands },
    ages: { ...marketAges, ...o.ages },
    usages: { ...marketUsages, ...o.usages },
    company: o.company ?? 1.18,
    novice: o.novice ?? 1.1,
    // A 2024 quote for a car on red plates cost about twice the usual (facts §1.8 [52]).
    provisional: o.provisional ?? 2,
  }
}

/**
 * The insurers (facts §1.8: the 8 named RCA insurers, plus Eazy Asigurări as the ninth; Euroins
 * lost its licence in 2023 and Uniqa left RCA, so neither is modelled). ASF register numbers are
 * placeholders in the register's format (the facts file gives none): check them before go-live.
 * Commission in basis points of the premium.
 */
export const rcaInsurers = [
  { code: 'allianz-tiriac', name: 'Allianz-Țiriac Asigurări', asfRegistration: 'RA-002', commissionBasisPoints: 1100 },
  { code: 'asirom', name: 'Asirom Vienna Insurance Group', asfRegistration: 'RA-003', commissionBasisPoints: 1400 },
  { code: 'axeria', name: 'Axeria IARD', asfRegistration: 'RA-114', commissionBasisPoints: 1600 },
  { code: 'generali', name: 'Generali România Asigurare Reasigurare', asfRegistration: 'RA-017', commissionBasisPoints: 1200 },
  { code: 'grawe', name: 'Grawe România Asigurare', asfRegistration: 'RA-046', commissionBasisPoints: 1300 },
  { code: 'groupama', name: 'Groupama Asigurări', asfRegistration: 'RA-009', commissionBasisPoints: 1150 },
  { code: 'hellas-direct', name: 'Hellas Direct (HD Insurance)', asfRegistration: 'RA-128', commissionBasisPoints: 1500 },
  { code: 'omniasig', name: 'Omniasig Vienna Insurance Group', asfRegistration: 'RA-001', commissionBasisPoints: 1250 },
  { code: 'eazy', name: 'Eazy Asigurări', asfRegistration: 'RA-124', commissionBasisPoints: 1450 },
] as const

export type RcaInsurerCode = (typeof rcaInsurers)[number]['code']

/** Each insurer's tariff: anchor (annual price of the reference risk) and its departures from the market. */
export const rcaTariffs: Record<RcaInsurerCode, InsurerRcaTariff> = {
  'allianz-tiriac': tariff({
    insurer: 'allianz-tiriac',
    anchorAnnual: lei(1190),
    bucharestIlfov: 1.72,
    oneMonthSurcharge: 0.35,
    directSettlementAnnual: lei(190),
    usages: { 'dangerous-goods': 'decline' },
    declines: [],
  }),
  asirom: tariff({
    insurer: 'asirom',
    anchorAnnual: lei(1240),
    bucharestIlfov: 1.68,
    oneMonthSurcharge: 0.45,
    directSettlementAnnual: lei(160),
    ages: { '18-25': 2.1, '26-30': 1.6 },
    declines: [],
  }),
  axeria: tariff({
    insurer: 'axeria',
    anchorAnnual: lei(1080),
    bucharestIlfov: 1.78,
    oneMonthSurcharge: 0.6,
    directSettlementAnnual: lei(140),
    declines: [
      { reason: 'category_not_covered', categories: ['bus', 'tractor'] },
      { reason: 'usage_not_covered', usages: ['taxi', 'ride-sharing'] },
    ],
  }),
  generali: tariff({
    insurer: 'generali',
    anchorAnnual: lei(1290),
    bucharestIlfov: 1.62,
    oneMonthSurcharge: 0.25,
    directSettlementAnnual: lei(220),
    company: 1.1,
    declines: [
      { reason: 'heavy_goods_vehicle', aboveMassKg: 12_000 },
      { reason: 'malus_class', from: 'M5' },
    ],
  }),
  grawe: tariff({
    insurer: 'grawe',
    anchorAnnual: lei(1150),
    bucharestIlfov: 1.75,
    oneMonthSurcharge: 0.3,
    directSettlementAnnual: lei(180),
    usages: { taxi: 'decline', 'ride-sharing': 'decline', 'rent-a-car': 'decline' },
    declines: [{ reason: 'heavy_goods_vehicle', aboveMassKg: 7_500 }],
  }),
  groupama: tariff({
    insurer: 'groupama',
    anchorAnnual: lei(1330),
    bucharestIlfov: 1.65,
    oneMonthSurcharge: 0.2,
    directSettlementAnnual: lei(250),
    // Fleet appetite: goods vehicles below the market.
    bands: {
      'goods-vehicle/kg-0-3500': 1.3,
      'goods-vehicle/kg-3501-7500': 2.2,
      'goods-vehicle/kg-7501-12000': 3,
      'goods-vehicle/kg-12001-16000': 3.8,
      'goods-vehicle/kg-16001+': 4.9,
    },
    declines: [],
  }),
  'hellas-direct': tariff({
    insurer: 'hellas-direct',
    anchorAnnual: lei(1070),
    bucharestIlfov: 1.8,
    oneMonthSurcharge: 0.8,
    directSettlementAnnual: lei(120),
    novice: 1.25,
    // Online-only insurer for private cars and motorcycles.
    declines: [
      { reason: 'category_not_covered', categories: ['bus', 'tractor', 'trailer'] },
      { reason: 'heavy_goods_vehicle', aboveMassKg: 3_500 },
      { reason: 'usage_not_covered', usages: ['taxi', 'ride-sharing', 'rent-a-car', 'driving-school', 'courier', 'dangerous-goods'] },
      { reason: 'provisional_plates' },
    ],
  }),
  omniasig: tariff({
    insurer: 'omniasig',
    anchorAnnual: lei(1210),
    bucharestIlfov: 1.7,
    oneMonthSurcharge: 0.5,
    // 2017 Omniasig example: 170 lei a year for cars (facts §1.5).
    directSettlementAnnual: lei(170),
    ages: { '71+': 1.3 },
    declines: [{ reason: 'young_owner', belowAge: 21 }],
  }),
  eazy: tariff({
    insurer: 'eazy',
    anchorAnnual: lei(1110),
    bucharestIlfov: 1.76,
    oneMonthSurcharge: 0.7,
    directSettlementAnnual: lei(150),
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
