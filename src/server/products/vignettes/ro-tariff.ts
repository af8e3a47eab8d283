import type { roVignetteCategories, roVignettePeriods } from '~/contract/vignettes'

type Category = (typeof roVignetteCategories)[number]
type Period = (typeof roVignettePeriods)[number]

/**
 * CNAIR's road-use tariff in euro cents, VAT included (OG 15/2002 as amended by Legea 141/2025
 * and OG 23/2025; romania-insurance-facts.md §2.1). A missing period is not sold for that category. The 7- and 30-day
 * prices of G and H are inferred in the facts file (the same as C and D, as in every earlier tariff).
 */
export const roVignetteTariff: Record<Category, Partial<Record<Period, number>>> = {
  A: { '1d': 350, '10d': 600, '30d': 950, '60d': 1500, '12m': 5000 },
  B: { '1d': 1000, '10d': 1350, '30d': 2150, '60d': 3400, '12m': 11400 },
  C: { '1d': 750, '7d': 1900, '30d': 3800, '12m': 38000 },
  D: { '1d': 1300, '7d': 3300, '30d': 6650, '12m': 66500 },
  E: { '1d': 1700, '7d': 4250, '30d': 8550, '12m': 85500 },
  F: { '1d': 2850, '7d': 7100, '30d': 14250, '12m': 142500 },
  G: { '1d': 750, '7d': 1900, '30d': 3800, '12m': 38000 },
  H: { '1d': 1300, '7d': 3300, '30d': 6650, '12m': 66500 },
}

/** Days of validity of each period; 12 months is calendar months (see `roVignetteValidity`). */
export const roVignettePeriodDays: Record<Exclude<Period, '12m'>, number> = { '1d': 1, '7d': 7, '10d': 10, '30d': 30, '60d': 60 }

/**
 * One pass over the Fetești–Cernavodă bridge, in bani, for cars and vans up to 3.5 t (categories
 * A and B): 19 lei from 8 September 2025 (OG 23/2025, romania-insurance-facts.md §2.2). The other categories' new
 * tolls are not confirmed, so passes are sold here only for A and B.
 */
export const bridgePassPrice: Partial<Record<Category, number>> = { A: 1900, B: 1900 }
