import { addDays, addMonths, today } from '~/contract/iso-date'
import type { HouseQuoteInput } from '~/contract/house'
import type { RuleProblem } from '../rules'

const MAX_DAYS_AHEAD = 60

/** Cover starts from tomorrow up to 60 days ahead, for a building already built. */
export function houseProblems(input: HouseQuoteInput, now: Date): RuleProblem[] {
  const problems: RuleProblem[] = []
  const first = addDays(today(now), 1)
  if (input.start_date < first) problems.push({ path: 'start_date', key: 'house_start_past' })
  else if (input.start_date > addDays(first, MAX_DAYS_AHEAD)) problems.push({ path: 'start_date', key: 'house_start_too_far' })
  if (input.building.year_built > Number(today(now).slice(0, 4))) problems.push({ path: 'building.year_built', key: 'house_year_built' })
  return problems
}

/** House policies (PAD and optional) run for a year: to the day before the same date next year. */
export function houseEndDate(startDate: string): string {
  return addDays(addMonths(startDate, 12), -1)
}
