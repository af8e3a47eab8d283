import type { huVignetteCategories, huVignettePeriods } from '~/contract/vignettes'

type Category = (typeof huVignetteCategories)[number]
type Period = (typeof huVignettePeriods)[number]
export type HuVignetteTariff = Record<Category, Partial<Record<Period, number>>>

/**
 * The Hungarian e-vignette prices by the calendar year they are valid in, in fillér (HUF's ISO
 * 4217 minor unit: 61 760 HUF is 6 176 000), VAT included (45/2020 ITM rendelet, indexed every
 * 1 January to the previous August's inflation; romania-insurance-facts.md §3.2). `county` is the price of one county.
 * Motorcycles (D1M) buy annual and county vignettes as D1 (romania-insurance-facts.md §3.1), so they are not sold here
 * as D1M.
 *
 * A vignette is priced by the year its validity starts in (an annual pre-sold in December for the
 * next year costs the next year's price). A year missing here is not sold: next year's prices are
 * added when Hungary publishes them, never guessed from this year's (docs/products.md).
 */
export const huVignetteTariffs: Readonly<Record<number, HuVignetteTariff>> = {
  2025: {
    D1M: { daily: 266000, '10d': 331000, monthly: 536000 },
    D1: { daily: 532000, '10d': 662000, monthly: 1071000, annual: 5921000, county: 689000 },
    D2: { daily: 756000, '10d': 963000, monthly: 1517000, annual: 8404000, county: 1378000 },
    U: { daily: 532000, '10d': 662000, monthly: 1071000, annual: 5921000, county: 689000 },
  },
  2026: {
    D1M: { daily: 277000, '10d': 354000, monthly: 559000 },
    D1: { daily: 555000, '10d': 691000, monthly: 1117000, annual: 6176000, county: 719000 },
    D2: { daily: 789000, '10d': 1004000, monthly: 1582000, annual: 8765000, county: 1437000 },
    U: { daily: 555000, '10d': 691000, monthly: 1117000, annual: 6176000, county: 719000 },
  },
}

/** The year a vignette starting on `startDate` (a Hungarian calendar date) is priced in. */
export const huTariffYear = (startDate: string): number => Number(startDate.slice(0, 4))

/** The prices of the year a vignette starting on `startDate` is valid in; undefined when that year's are not loaded. */
export function huVignetteTariffFor(startDate: string): HuVignetteTariff | undefined {
  const year = huTariffYear(startDate)
  return Object.hasOwn(huVignetteTariffs, year) ? huVignetteTariffs[year] : undefined
}

/** Annual and county vignettes whose validity is this many days or fewer are announced as short before purchase. */
export const HU_SHORT_ANNUAL_DAYS = 60

export { HUNGARY_TIME_ZONE } from '~/contract/earliest-start'
