import { addDays, periodLastDay, today } from '~/contract/iso-date'
import { HOUSE_START_MAX_DAYS, type HouseQuoteInput } from '~/contract/house'
import type { RuleProblem } from '../rules'

/** Cover starts from tomorrow up to 60 days from today (the form's `max` and its message say the same), for a building already built. */
export function houseProblems(input: HouseQuoteInput, now: Date): RuleProblem[] {
  const problems: RuleProblem[] = []
  if (input.start_date < addDays(today(now), 1)) problems.push({ path: 'start_date', key: 'house_start_past' })
  else if (input.start_date > addDays(today(now), HOUSE_START_MAX_DAYS)) problems.push({ path: 'start_date', key: 'house_start_too_far' })
  if (input.building.year_built > Number(today(now).slice(0, 4))) problems.push({ path: 'building.year_built', key: 'house_year_built' })
  return problems
}

/** House policies (PAD and optional) run for 12 months (`periodLastDay`). */
export function houseEndDate(startDate: string): string {
  return periodLastDay(startDate, 12)
}
