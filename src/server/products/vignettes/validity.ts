import { addDays, addMonths, periodLastDay, today, zonedInstant } from '~/contract/iso-date'
import type { HuVignetteQuoteInput, RoVignetteQuoteInput } from '~/contract/vignettes'
import { HUNGARY_TIME_ZONE } from './hu-tariff'
import { roVignettePeriodDays } from './ro-tariff'

export interface Validity {
  /** First instant of validity: the moment of purchase when it starts today, else 00:00 of the start day. */
  from: Date
  /** The instant it stops being valid (24:00 of the last day, in the issuer's zone). */
  until: Date
  /** The last calendar day of validity, in the issuer's zone. */
  lastDay: string
}

function startInstant(startDate: string, now: Date, timeZone: string): Date {
  return startDate === today(now, timeZone) ? now : zonedInstant(startDate, '00:00', timeZone)
}

/**
 * Rovinietă validity: from the start (now when it starts today) to 24:00 of the last day, in
 * Bucharest; N days count the start day (a 1-day vignette is that calendar day), 12 months by
 * the rule every product sold by the month follows (`periodLastDay`). CNAIR's exact end-of-validity wording is not in the
 * facts file; this is the reading `docs/products.md` records.
 */
export function roVignetteValidity(input: Pick<RoVignetteQuoteInput, 'period' | 'start_date'>, now: Date): Validity {
  const lastDay = input.period === '12m' ? periodLastDay(input.start_date, 12) : addDays(input.start_date, roVignettePeriodDays[input.period] - 1)
  return { from: startInstant(input.start_date, now, 'Europe/Bucharest'), until: zonedInstant(addDays(lastDay, 1), '00:00', 'Europe/Bucharest'), lastDay }
}

/**
 * Hungarian validity exactly as 45/2020 ITM rendelet defines it (romania-insurance-facts.md §3.3), in Budapest time:
 * daily = the calendar day; 10-day = to 24:00 of the 10th day; monthly = to 24:00 of the same
 * day-number next month (its last day when shorter: the decree's own rule, one day longer than
 * `periodLastDay`'s); annual and county = to 24:00 of 31 January of the following year.
 */
export function huVignetteValidity(input: Pick<HuVignetteQuoteInput, 'period' | 'start_date'>, now: Date): Validity {
  const start = input.start_date
  const lastDay = {
    daily: start,
    '10d': addDays(start, 9),
    monthly: addMonths(start, 1),
    annual: `${Number(start.slice(0, 4)) + 1}-01-31`,
    county: `${Number(start.slice(0, 4)) + 1}-01-31`,
  }[input.period]
  return { from: startInstant(start, now, HUNGARY_TIME_ZONE), until: zonedInstant(addDays(lastDay, 1), '00:00', HUNGARY_TIME_ZONE), lastDay }
}
