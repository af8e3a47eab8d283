import { addDays, addMonths, daysBetween, periodLastDay, today } from '~/contract/iso-date'
import { TRAVEL_MAX_TRIP_DAYS, type TravelQuoteInput } from '~/contract/travel'
import type { RuleProblem } from '../rules'


/** The last day of cover: the trip's end, or 12 months (`periodLastDay`) for the annual multi-trip policy. */
export function travelEndDate(input: TravelQuoteInput): string {
  return input.trip === 'annual' ? periodLastDay(input.start_date, 12) : input.end_date
}

/**
 * Rules of a trip that depend on today: start from tomorrow (bought on the day of departure cover
 * would start at 00:00 the next day anyway, romania-insurance-facts.md §5) up to the same date next year, travellers
 * already born.
 */
export function travelProblems(input: TravelQuoteInput, now: Date): RuleProblem[] {
  const problems: RuleProblem[] = []
  if (input.start_date < addDays(today(now), 1)) problems.push({ path: 'start_date', key: 'travel_start_past' })
  else if (input.start_date > addMonths(today(now), 12)) problems.push({ path: 'start_date', key: 'travel_start_too_far' })
  if (input.trip === 'single' && input.end_date >= input.start_date && daysBetween(input.start_date, input.end_date) + 1 > TRAVEL_MAX_TRIP_DAYS) {
    problems.push({ path: 'end_date', key: 'travel_trip_too_long' })
  }
  input.travellers.forEach((traveller, i) => {
    if (traveller.birth_date > today(now) || traveller.birth_date < '1900-01-01') problems.push({ path: `travellers.${i}.birth_date`, key: 'travel_birth_date' })
  })
  return problems
}
