import { addDays, today } from '~/contract/iso-date'
import type { HuVignetteQuoteInput, RoVignetteQuoteInput } from '~/contract/vignettes'
import type { RuleProblem } from '../rules'
import { HU_VIGNETTE_MAX_DAYS_AHEAD, HUNGARY_TIME_ZONE, huVignetteTariff } from './hu-tariff'
import { bridgePassPrice, RO_VIGNETTE_MAX_DAYS_AHEAD, roVignetteTariff } from './ro-tariff'
import { huVignetteValidity, roVignetteValidity, type Validity } from './validity'

export interface VignettePrice {
  /** The issuer's price in its own currency's minor units (euro cents, fillér). */
  listPrice: { amount: number; currency: 'EUR' | 'HUF' }
  /** Extras priced in lei (bridge passes), in bani. */
  extrasRon: number
  validity: Validity
}

function startProblems(startDate: string, now: Date, timeZone: string, maxAhead: number): RuleProblem[] {
  const first = today(now, timeZone)
  if (startDate < first) return [{ path: 'start_date', key: 'vignette_start_past' }]
  if (startDate > addDays(first, maxAhead)) return [{ path: 'start_date', key: 'vignette_start_too_far' }]
  return []
}

/** The rovinietă's price and validity, or the rules the request breaks (a period the category does not have, a start in the past). */
export function priceRoVignette(input: RoVignetteQuoteInput, now: Date): VignettePrice | RuleProblem[] {
  const problems = startProblems(input.start_date, now, 'Europe/Bucharest', RO_VIGNETTE_MAX_DAYS_AHEAD)
  const amount = roVignetteTariff[input.vehicle.category][input.period]
  if (amount === undefined) problems.push({ path: 'period', key: 'vignette_period_not_sold' })
  const passPrice = bridgePassPrice[input.vehicle.category]
  if (input.bridge_passes > 0 && passPrice === undefined) problems.push({ path: 'bridge_passes', key: 'bridge_passes_category' })
  if (problems.length > 0 || amount === undefined) return problems
  return { listPrice: { amount, currency: 'EUR' }, extrasRon: input.bridge_passes * (passPrice ?? 0), validity: roVignetteValidity(input, now) }
}

/** The Hungarian e-vignette's price (one county vignette per county chosen) and validity, or the rules broken. */
export function priceHuVignette(input: HuVignetteQuoteInput, now: Date): VignettePrice | RuleProblem[] {
  const problems = startProblems(input.start_date, now, HUNGARY_TIME_ZONE, HU_VIGNETTE_MAX_DAYS_AHEAD)
  const unit = huVignetteTariff[input.vehicle.category][input.period]
  if (unit === undefined) problems.push({ path: 'period', key: 'vignette_period_not_sold' })
  if (problems.length > 0 || unit === undefined) return problems
  const amount = input.period === 'county' ? unit * input.counties.length : unit
  return { listPrice: { amount, currency: 'HUF' }, extrasRon: 0, validity: huVignetteValidity(input, now) }
}
