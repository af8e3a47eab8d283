/** The RCA rules the page needs as well as the schema, zod-free so the browser takes them without zod (decision 6). */
import { addDays } from './iso-date'

/** The earliest and latest start of a policy bought today (romania-insurance-facts.md §1.2: at the earliest tomorrow). */
export const RCA_START_MIN_DAYS = 1
export const RCA_START_MAX_DAYS = 30
export const RCA_MIN_AGE = 18
/** A driving licence (categories AM, A1, B1) can be had at 16 at the earliest. */
export const LICENCE_MIN_AGE = 16

export function rcaStartDateBounds(today: string): { earliest: string; latest: string } {
  return { earliest: addDays(today, RCA_START_MIN_DAYS), latest: addDays(today, RCA_START_MAX_DAYS) }
}

/**
 * BAAR's page on the "high-risk insured" (asigurat cu risc ridicat, Legea 132/2017 art. 19): with
 * at least three 12-month offers above the reference tariff, a buyer may ask BAAR to allocate an
 * insurer. Linked from every RCA quote where that happens.
 */
export const BAAR_HIGH_RISK_URL = 'https://www.baar.ro/asigurati-cu-risc-ridicat/'
/** How many 12-month offers above the reference tariff open the right to ask BAAR (romania-insurance-facts.md §1.7). */
export const BAAR_OFFERS_ABOVE_REFERENCE = 3
