import type { HouseQuoteInput, wallMaterials } from '~/contract/house'

type WallMaterial = (typeof wallMaterials)[number]

/** PAD type by wall material: B for unfired brick and untreated materials, A for everything else (Legea 260/2008, romania-insurance-facts.md §4.1). */
export const padTypeOf: Record<WallMaterial, 'A' | 'B'> = {
  reinforced_concrete: 'A',
  metal: 'A',
  wood: 'A',
  stone: 'A',
  brick: 'A',
  unfired_brick: 'B',
  other_untreated: 'B',
}

/** PAD premium and sum insured in bani since November 2023 (romania-insurance-facts.md §4.1): A 130 lei for 100 000 lei, B 50 lei for 50 000 lei. */
export const padTariff = {
  A: { premium: 13000, sumInsured: 10_000_000 },
  B: { premium: 5000, sumInsured: 5_000_000 },
} as const

/**
 * Optional home cover of each sandbox insurer: the building's value per m² (bani) by PAD type,
 * contents as a share of it, an annual rate in per mille of the sum insured, surcharges for old
 * buildings (built before the 1978 earthquake-code revision) and for the seismic class, and the
 * risks each declines. The facts file marks these pricing factors UNCONFIRMED (market practice,
 * §4.2): the levels are ours, stated in docs/products.md.
 */
export interface HouseInsurerTariff {
  valuePerM2: { A: number; B: number }
  contentsShare: number
  ratePerMille: number
  oldBuildingSurcharge: number
  seismicSurcharge: { II: number; III: number; IV: number }
  liabilityCover: number
  liabilityPremium: number
  minimumPremium: number
  /** Its deductible: a whole percent of each claim, at least `minimum` bani. */
  deductible: { percent: number; minimum: number }
  declines: (request: HouseQuoteInput) => 'wooden_structure' | 'building_too_old' | 'seismic_class' | undefined
}

export const houseInsurerTariffs: Record<string, HouseInsurerTariff> = {
  'allianz-tiriac': {
    valuePerM2: { A: 450_000, B: 200_000 },
    contentsShare: 0.2,
    ratePerMille: 0.85,
    oldBuildingSurcharge: 0.25,
    seismicSurcharge: { II: 0.3, III: 0.1, IV: 0 },
    liabilityCover: 5_000_000,
    liabilityPremium: 2500,
    minimumPremium: 15000,
    deductible: { percent: 10, minimum: 50_000 },
    declines: (r) => (r.building.wall_material === 'other_untreated' ? 'wooden_structure' : undefined),
  },
  groupama: {
    valuePerM2: { A: 400_000, B: 180_000 },
    contentsShare: 0.25,
    ratePerMille: 0.95,
    oldBuildingSurcharge: 0.15,
    seismicSurcharge: { II: 0.2, III: 0.05, IV: 0 },
    liabilityCover: 3_000_000,
    liabilityPremium: 2000,
    minimumPremium: 12000,
    deductible: { percent: 5, minimum: 30_000 },
    declines: (r) => (r.building.year_built < 1900 ? 'building_too_old' : undefined),
  },
  omniasig: {
    valuePerM2: { A: 420_000, B: 150_000 },
    contentsShare: 0.15,
    ratePerMille: 0.78,
    oldBuildingSurcharge: 0.35,
    seismicSurcharge: { II: 0.4, III: 0.15, IV: 0.05 },
    liabilityCover: 2_000_000,
    liabilityPremium: 1500,
    minimumPremium: 10000,
    deductible: { percent: 10, minimum: 40_000 },
    declines: (r) => (r.building.wall_material === 'wood' ? 'wooden_structure' : undefined),
  },
  generali: {
    valuePerM2: { A: 500_000, B: 220_000 },
    contentsShare: 0.3,
    ratePerMille: 0.9,
    oldBuildingSurcharge: 0.2,
    seismicSurcharge: { II: 0.25, III: 0.1, IV: 0 },
    liabilityCover: 10_000_000,
    liabilityPremium: 3500,
    minimumPremium: 18000,
    deductible: { percent: 5, minimum: 100_000 },
    declines: (r) => (r.building.seismic_risk_class === 'II' ? 'seismic_class' : undefined),
  },
}

export interface HousePrice {
  premium: number
  sumInsuredBuilding: number
  sumInsuredContents: number
  liabilityCover: number
}

/** The yearly premium (bani) of an insurer's optional cover, or why it declines. */
export function priceOptionalHouse(tariff: HouseInsurerTariff, request: HouseQuoteInput): HousePrice | { declined: string } {
  const declined = tariff.declines(request)
  if (declined) return { declined }
  const type = padTypeOf[request.building.wall_material]
  const building = tariff.valuePerM2[type] * request.building.built_area_m2
  const contents = Math.round(building * tariff.contentsShare)
  let premium = ((building + contents) * tariff.ratePerMille) / 1000
  if (request.building.year_built < 1978) premium *= 1 + tariff.oldBuildingSurcharge
  const seismic = request.building.seismic_risk_class
  if (seismic && seismic !== 'I') premium *= 1 + tariff.seismicSurcharge[seismic]
  premium = Math.max(tariff.minimumPremium, Math.round(premium / 100) * 100) + tariff.liabilityPremium
  return { premium, sumInsuredBuilding: building, sumInsuredContents: contents, liabilityCover: tariff.liabilityCover }
}
