import { addDays, periodLastDay, today } from '~/contract/iso-date'
import { HOUSE_START_MAX_DAYS, type HouseQuoteInput } from '~/contract/house'
import { placeKey } from '~/contract/place-names'
import { checkPlace } from '../../addresses/siruta'
import type { RuleProblem } from '../rules'
import type { PadPolicy } from './pad-register'

/** Cover starts from tomorrow up to 60 days from today (the form's `max` and its message say the same), for a building already built. */
export function houseProblems(input: HouseQuoteInput, now: Date): RuleProblem[] {
  const problems: RuleProblem[] = []
  if (input.start_date < addDays(today(now), 1)) problems.push({ path: 'start_date', key: 'house_start_past' })
  else if (input.start_date > addDays(today(now), HOUSE_START_MAX_DAYS)) problems.push({ path: 'start_date', key: 'house_start_too_far' })
  if (input.building.year_built > Number(today(now).slice(0, 4))) problems.push({ path: 'building.year_built', key: 'house_year_built' })
  return problems
}

/**
 * The home's county and locality must be SIRUTA's (docs/addresses.md): the request with their
 * official names, or the problem on the field SIRUTA does not know (the request then as asked).
 */
export function houseAddress(input: HouseQuoteInput): { request: HouseQuoteInput; problems: RuleProblem[] } {
  const place = checkPlace(input.address.county, input.address.locality)
  if (place.ok) return { request: { ...input, address: { ...input.address, county: place.county, locality: place.locality } }, problems: [] }
  const problem: RuleProblem =
    place.problem === 'county_unknown' ? { path: 'address.county', key: 'house_address_county_unknown' } : { path: 'address.locality', key: 'house_address_locality_unknown' }
  return { request: input, problems: [problem] }
}

/**
 * An existing PAD must be the pool's, in force on the start date and for this
 * home: the same county, locality (official names) and street (compared as `placeKey`s).
 */
export function existingPadProblem(input: HouseQuoteInput, policy: PadPolicy | null): RuleProblem | undefined {
  const path = 'existing_pad_number'
  if (!policy) return { path, key: 'house_pad_unknown' }
  if (input.start_date < policy.start_date || input.start_date > policy.end_date) return { path, key: 'house_pad_not_in_force' }
  const covered = checkPlace(policy.address.county, policy.address.locality)
  const same =
    covered.ok && covered.county === input.address.county && covered.locality === input.address.locality && placeKey(policy.address.street) === placeKey(input.address.street)
  return same ? undefined : { path, key: 'house_pad_other_address' }
}

/** House policies (PAD and optional) run for 12 months (`periodLastDay`). */
export function houseEndDate(startDate: string): string {
  return periodLastDay(startDate, 12)
}
