import { and, desc, eq, lte, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { fxRates } from '../db/schema'
import { today } from '~/contract/iso-date'
import { decimalToMicros, parseBnrXml, rateProblem, RateError } from './bnr'

export interface FxRate {
  currency: string
  date: string
  ronPerUnitMicros: number
  source: 'bnr' | 'operator'
}

/** No rate is known for a currency a product needs: the product cannot be priced until the operator sets one. */
export class FxRateMissing extends Error {
  constructor(readonly currency: string) {
    super(`no exchange rate for ${currency}`)
  }
}

/**
 * Amount in a currency's minor units → bani, at a rate in millionths of a leu per unit, rounded
 * half up to the ban. Both sides have two decimals (euro cents, fillér, bani), so the minor units
 * convert directly.
 */
export function toBani(minorUnits: number, ronPerUnitMicros: number): number {
  const product = BigInt(minorUnits) * BigInt(ronPerUnitMicros)
  return Number((product + 500_000n) / 1_000_000n)
}

/** The leu's exchange rates: the day's rate prices EUR- and HUF-listed products, and the rate used is kept with the order. */
export class FxRates {
  constructor(private readonly db: Database) {}

  async set(currency: string, rate: string, date: string = today(), source: 'bnr' | 'operator' = 'operator'): Promise<FxRate> {
    const ronPerUnitMicros = decimalToMicros(rate)
    const problem = rateProblem(ronPerUnitMicros)
    if (problem) throw new RateError(problem)
    await this.db
      .insert(fxRates)
      .values({ currency, rateDate: date, ronPerUnitMicros, source })
      .onConflictDoUpdate({ target: [fxRates.currency, fxRates.rateDate], set: { ronPerUnitMicros, source, createdAt: sql`now()` } })
    return { currency, date, ronPerUnitMicros, source }
  }

  /** Loads every rate of a BNR feed document; returns how many were stored. */
  async importBnr(xml: string): Promise<number> {
    const rates = parseBnrXml(xml)
    for (const r of rates) {
      await this.db
        .insert(fxRates)
        .values({ currency: r.currency, rateDate: r.date, ronPerUnitMicros: r.ronPerUnitMicros, source: 'bnr' })
        .onConflictDoUpdate({ target: [fxRates.currency, fxRates.rateDate], set: { ronPerUnitMicros: r.ronPerUnitMicros, source: 'bnr' } })
    }
    return rates.length
  }

  /** The newest rate on or before `date` (today in Bucharest). */
  async current(currency: string, date: string = today()): Promise<FxRate | undefined> {
    const [row] = await this.db
      .select()
      .from(fxRates)
      .where(and(eq(fxRates.currency, currency), lte(fxRates.rateDate, date)))
      .orderBy(desc(fxRates.rateDate))
      .limit(1)
    return row && { currency: row.currency, date: row.rateDate, ronPerUnitMicros: row.ronPerUnitMicros, source: row.source }
  }

  async require(currency: string, date?: string): Promise<FxRate> {
    const rate = await this.current(currency, date)
    if (!rate) throw new FxRateMissing(currency)
    return rate
  }

  /** The latest rate of each currency. */
  async list(): Promise<FxRate[]> {
    const rows = await this.db.selectDistinctOn([fxRates.currency]).from(fxRates).orderBy(fxRates.currency, desc(fxRates.rateDate))
    return rows.map((row) => ({ currency: row.currency, date: row.rateDate, ronPerUnitMicros: row.ronPerUnitMicros, source: row.source }))
  }
}

/** A rate as the operator API shows it: lei per unit as a decimal string, exactly. */
export function fxRateView(rate: FxRate) {
  const whole = Math.floor(rate.ronPerUnitMicros / 1_000_000)
  const fraction = String(rate.ronPerUnitMicros % 1_000_000).padStart(6, '0').replace(/0+$/, '')
  return { currency: rate.currency, date: rate.date, ron_per_unit: fraction ? `${whole}.${fraction}` : String(whole), source: rate.source }
}
