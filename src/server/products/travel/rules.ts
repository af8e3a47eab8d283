import { addDays, addMonths, daysBetween, today } from '~/contract/iso-date'
import { TRAVEL_MAX_TRIP_DAYS, type TravelQuoteInput } from '~/contract/travel'
import type { RuleProblem } from '../rules'

/** Cover starts at the earliest tomorrow: bought on the day of departure it would start at 00:00 the next day anyway (facts §5). */
const MAX_DAYS_AHEAD = 365

/** The last day of cover: the trip's end, or a year less a day for the annual multi-trip policy. */
export function travelEndDate(input: TravelQuoteInput): string {
  return input.trip === 'annual' ? addDays(addMonths(input.start_date, 12), -1) : input.end_date
}

/** Rules of a trip that depend on today: start from tomorrow up to a year ahead, at most 90 days, travellers already born. */
export function travelProblems(input: TravelQuoteInput, now: Date): RuleProblem[] {
  const problems: RuleProblem[] = []
  const first = addDays(today(now), 1)
  if (input.start_date < first) problems.push({ path: 'start_date', key: 'travel_start_past' })
  else if (input.start_date > addDays(first, MAX_DAYS_AHEAD)) problems.push({ path: 'start_date', key: 'travel_start_too_far' })
  if (input.trip === 'single' && input.end_date >= input.start_date && daysBetween(input.start_date, input.end_date) + 1 > TRAVEL_MAX_TRIP_DAYS) {
    problems.push({ path: 'end_date', key: 'travel_trip_too_long' })
  }
  input.travellers.forEach((traveller, i) => {
    if (traveller.birth_date > today(now) || traveller.birth_date < '1900-01-01') problems.push({ path: `travellers.${i}.birth_date`, key: 'travel_birth_date' })
  })
  return problems
}
