import { addDays, daysBetween, today } from '~/contract/iso-date'
import { HU_VIGNETTE_MAX_DAYS_AHEAD, RO_VIGNETTE_MAX_DAYS_AHEAD } from '~/contract/vignette-constants'
import type { HuVignetteQuoteInput, RoVignetteQuoteInput } from '~/contract/vignettes'
import type { RuleProblem } from '../rules'
import { HU_SHORT_ANNUAL_DAYS, HUNGARY_TIME_ZONE, huVignetteTariffFor } from './hu-tariff'
import { bridgePassPrice, roVignetteTariff } from './ro-tariff'
import { huVignetteValidity, roVignetteValidity, type Validity } from './validity'

export interface VignettePrice {
  /** The issuer's price in its own currency's minor units (euro cents, fillér). */
  listPrice: { amount: number; currency: 'EUR' | 'HUF' }
  /** Extras priced in lei (bridge passes), in bani. */
  extrasRon: number
  validity: Validity
  /** An annual (or county) vignette valid this many days only, said before purchase (`HU_SHORT_ANNUAL_DAYS`). */
  shortValidityDays?: number
}

function startProblems(startDate: string, now: Date, timeZone: string, maxAhead: number, tooFar: RuleProblem['key']): RuleProblem[] {
  const first = today(now, timeZone)
  if (startDate < first) return [{ path: 'start_date', key: 'vignette_start_past' }]
  if (startDate > addDays(first, maxAhead)) return [{ path: 'start_date', key: tooFar }]
  return []
}

/** The rovinietă's price and validity, or the rules the request breaks (a period the category does not have, a start in the past). */
export function priceRoVignette(input: RoVignetteQuoteInput, now: Date): VignettePrice | RuleProblem[] {
  const problems = startProblems(input.start_date, now, 'Europe/Bucharest', RO_VIGNETTE_MAX_DAYS_AHEAD, 'vignette_start_too_far')
  const amount = roVignetteTariff[input.vehicle.category][input.period]
  if (amount === undefined) problems.push({ path: 'period', key: 'vignette_period_not_sold' })
  const passPrice = bridgePassPrice[input.vehicle.category]
  if (input.bridge_passes > 0 && passPrice === undefined) problems.push({ path: 'bridge_passes', key: 'bridge_passes_category' })
  if (problems.length > 0 || amount === undefined) return problems
  return { listPrice: { amount, currency: 'EUR' }, extrasRon: input.bridge_passes * (passPrice ?? 0), validity: roVignetteValidity(input, now) }
}

/**
 * The Hungarian e-vignette's price at the prices of the year it is valid in (one county vignette
 * per county chosen) and its validity, or the rules broken: a year whose prices are not loaded is
 * refused, never priced at the year before's. An annual valid 60 days or fewer says so.
 */
export function priceHuVignette(input: HuVignetteQuoteInput, now: Date): VignettePrice | RuleProblem[] {
  const problems = startProblems(input.start_date, now, HUNGARY_TIME_ZONE, HU_VIGNETTE_MAX_DAYS_AHEAD, 'hu_vignette_start_too_far')
  if (problems.length > 0) return problems
  const tariff = huVignetteTariffFor(input.start_date)
  if (!tariff) return [{ path: 'start_date', key: 'hu_vignette_year_not_published' }]
  const unit = tariff[input.vehicle.category][input.period]
  if (unit === undefined) return [{ path: 'period', key: 'vignette_period_not_sold' }]
  const amount = input.period === 'county' ? unit * input.counties.length : unit
  const validity = huVignetteValidity(input, now)
  const days = daysBetween(input.start_date, validity.lastDay) + 1
  const annual = input.period === 'annual' || input.period === 'county'
  return { listPrice: { amount, currency: 'HUF' }, extrasRon: 0, validity, ...(annual && days <= HU_SHORT_ANNUAL_DAYS ? { shortValidityDays: days } : {}) }
}
