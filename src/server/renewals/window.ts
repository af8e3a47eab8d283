/**
 * The calendar of a renewal, zod-free and pure: when its window opens and when the next cover
 * starts. Dates are Bucharest calendar days (`YYYY-MM-DD`); the period arithmetic is the
 * products' own (`periodLastDay`), so a renewal starting the day after the old last day is
 * never a day early (overlap) nor a day late (gap), at month ends and on 29 February too.
 */
import { addDays, today } from '~/contract/iso-date'
import { earliestStart } from '~/contract/earliest-start'

/**
 * Renewals are prepared from this many days before the new cover starts: the farthest start
 * every product takes (an RCA starts within 30 days of its purchase), so the window opens on
 * the 29th day before the old last day, i.e. 30 days before the old policy ends at midnight.
 */
export const RENEWAL_LEAD_DAYS = 30
/** A late buyer's card stays this many days after the old end, offering cover from tomorrow. */
export const RENEWAL_GRACE_DAYS = 30

/** The old last days whose renewals are prepared at `now`: from today to the window's far edge. */
export function preparedWindow(now: Date): { from: string; to: string } {
  const day = today(now)
  return { from: day, to: addDays(day, RENEWAL_LEAD_DAYS - 1) }
}

/**
 * The new cover's first day: the day after the old last day, unless that can no longer be
 * bought at `now` (the old policy has ended): then the product's earliest start, and `late`.
 */
export function renewalStart(product: string, oldEndDate: string, now: Date): { startDate: string; late: boolean } {
  const following = addDays(oldEndDate, 1)
  const earliest = earliestStart(product, now)
  return following >= earliest ? { startDate: following, late: false } : { startDate: earliest, late: true }
}
