import { addDays, addMonths, today, zonedInstant } from '~/contract/iso-date'

/**
 * Which day's rate a product's price uses, and how old a rate may be. BNR publishes a reference
 * rate every banking day (Monday to Friday, not on public holidays); a `Cube date` is the day it
 * was set for.
 */

/** Romanian public holidays on a fixed date (Codul muncii art. 139); Easter and Whit Monday move, so they count as banking days here, which only makes the staleness check stricter. */
const FIXED_HOLIDAYS = new Set(['01-01', '01-02', '01-06', '01-07', '01-24', '05-01', '06-01', '08-15', '11-30', '12-01', '12-25', '12-26'])

export function isBankingDay(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay()
  return weekday !== 0 && weekday !== 6 && !FIXED_HOLIDAYS.has(day.slice(5))
}

/** Banking days after `from` up to and including `to` (0 when `to` is not later). */
export function bankingDaysAfter(from: string, to: string): number {
  let count = 0
  for (let day = addDays(from, 1); day <= to; day = addDays(day, 1)) if (isBankingDay(day)) count++
  return count
}

/** A rate older than this many banking days stops sales of the products priced with it. */
export const MAX_RATE_AGE_BANKING_DAYS = 5

/**
 * - `bnr-of-day`: the BNR rate of the day of quoting (travel, the Hungarian e-vignette).
 * - `bnr-end-of-previous-month`: the BNR rate valid on the last day of the month before the
 *   purchase (the rovinietă; see docs/tariffs.md for the source and why it is an assumption).
 */
export type RateRule = 'bnr-of-day' | 'bnr-end-of-previous-month'

/** The day whose rate the rule names, for a purchase on `day`. */
export function rateDayFor(rule: RateRule, day: string): string {
  if (rule === 'bnr-of-day') return day
  return addDays(`${day.slice(0, 8)}01`, -1)
}

/**
 * The moment a price made at `now` with `rule` stops being the rule's price: the next Bucharest
 * midnight for the rate of the day, the first midnight of next month for the previous month's
 * rate. Offers priced so expire then at the latest, so money taken later never pays a price made
 * with another day's rate.
 */
export function rateHoldsUntil(rule: RateRule, now: Date): Date {
  const day = today(now)
  const next = rule === 'bnr-of-day' ? addDays(day, 1) : addMonths(`${day.slice(0, 8)}01`, 1)
  return zonedInstant(next, '00:00')
}
