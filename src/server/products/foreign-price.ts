import type { FxRate } from '../fx/service'
import { fxRateView } from '../fx/service'

/** The rate as the quote shows it (and the order keeps): currency, lei per unit as a decimal string, its day. */
export function exchangeRateContext(rate: FxRate) {
  const view = fxRateView(rate)
  return { exchange_rate: { currency: view.currency, ron_per_unit: view.ron_per_unit, date: view.date }, ron_per_unit_micros: rate.ronPerUnitMicros }
}

/** Reads the `exchange_rate` a quote's context keeps back into its public shape. */
export function exchangeRateView(context: Record<string, unknown>) {
  const rate = context.exchange_rate as { currency: 'EUR' | 'HUF'; ron_per_unit: string; date: string } | undefined
  return rate ? { exchange_rate: rate } : {}
}

const int = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined)
const str = (value: unknown) => (typeof value === 'string' ? value : undefined)

/** Keeps only the named fields of an insurer's answer that have the expected type. */
export function pick(details: Record<string, unknown>, fields: Record<string, 'int' | 'string' | 'boolean'>): Record<string, unknown> {
  const kept: Record<string, unknown> = {}
  for (const [name, type] of Object.entries(fields)) {
    const value = type === 'int' ? int(details[name]) : type === 'string' ? str(details[name]) : typeof details[name] === 'boolean' ? details[name] : undefined
    if (value !== undefined) kept[name] = value
  }
  return kept
}
