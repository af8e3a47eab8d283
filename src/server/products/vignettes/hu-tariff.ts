import type { huVignetteCategories, huVignettePeriods } from '~/contract/vignettes'

type Category = (typeof huVignetteCategories)[number]
type Period = (typeof huVignettePeriods)[number]

/**
 * The 2026 Hungarian e-vignette prices in fillér (HUF's ISO 4217 minor unit: 61 760 HUF is
 * 6 176 000), VAT included (45/2020 ITM rendelet, indexed for 2026; facts §3.2). `county` is the
 * price of one county. Motorcycles (D1M) buy annual and county vignettes as D1 (facts §3.1), so
 * they are not sold here as D1M.
 */
export const huVignetteTariff: Record<Category, Partial<Record<Period, number>>> = {
  D1M: { daily: 277000, '10d': 354000, monthly: 559000 },
  D1: { daily: 555000, '10d': 691000, monthly: 1117000, annual: 6176000, county: 719000 },
  D2: { daily: 789000, '10d': 1004000, monthly: 1582000, annual: 8765000, county: 1437000 },
  U: { daily: 555000, '10d': 691000, monthly: 1117000, annual: 6176000, county: 719000 },
}

export { HUNGARY_TIME_ZONE } from '~/contract/earliest-start'

/** How far ahead a start may be chosen here (Hungary pre-sells annual vignettes from 1 December). */
export const HU_VIGNETTE_MAX_DAYS_AHEAD = 31
