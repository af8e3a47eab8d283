import { and, desc, eq, lte, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { fxRates } from '../db/schema'
import { today } from '~/contract/iso-date'
import { log } from '../log'
import { decimalToMicros, parseBnrXml, rateProblem, RateError, type ParsedRate } from './bnr'
import type { BnrFeed } from './feed'
import { bankingDaysAfter, MAX_RATE_AGE_BANKING_DAYS, rateDayFor, type RateRule } from './rate-day'

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

/** The newest rate a product's rule allows is more than five banking days old: that product is not sold until a newer one is known. */
export class FxRateStale extends Error {
  constructor(
    readonly currency: string,
    readonly rateDate: string,
  ) {
    super(`exchange rate for ${currency} of ${rateDate} is older than ${MAX_RATE_AGE_BANKING_DAYS} banking days`)
  }
}

/** How long a fetch of the feed answers for a day before the feed is asked again (it publishes once a banking day). */
const FEED_REFRESH_MS = 15 * 60_000

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
  /** The last fetch of the feed for each rate day: concurrent quotes share one request, later ones reuse it for a while. */
  private readonly fetches = new Map<string, { at: number; done: Promise<void> }>()

  constructor(
    private readonly db: Database,
    private readonly feed?: BnrFeed,
  ) {}

  /**
   * The rate a product's `rule` names for a purchase at `now`: the newest rate on or before the
   * rule's day, taken from the BNR feed when the table lacks that day's rate (outside any
   * transaction). Throws FxRateMissing without any rate, FxRateStale when the newest is more than
   * five banking days older than the rule's day.
   */
  async forPurchase(currency: string, rule: RateRule, now: Date): Promise<FxRate> {
    const day = rateDayFor(rule, today(now))
    let rate = await this.current(currency, day)
    if (rate?.date !== day && this.feed) {
      await this.refresh(day, now.getTime())
      rate = await this.current(currency, day)
    }
    if (!rate) throw new FxRateMissing(currency)
    if (bankingDaysAfter(rate.date, day) > MAX_RATE_AGE_BANKING_DAYS) throw new FxRateStale(currency, rate.date)
    return rate
  }

  private refresh(day: string, at: number): Promise<void> {
    const last = this.fetches.get(day)
    if (last && at - last.at < FEED_REFRESH_MS && at >= last.at) return last.done
    const done = this.feed!.year(Number(day.slice(0, 4)))
      .then((rates) => this.store(rates))
      .catch((error: unknown) => log.warn('fx.feed_failed', { day, error }))
    this.fetches.set(day, { at, done })
    return done
  }

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
    await this.store(rates)
    return rates.length
  }

  /** Several hundred rows a statement: a yearly document holds some 30 currencies for every banking day. */
  private async store(parsed: ParsedRate[]): Promise<void> {
    // One row per currency and day (a statement may not update a row twice): the document's last word wins.
    const rates = [...new Map(parsed.map((r) => [`${r.currency} ${r.date}`, r])).values()]
    for (let i = 0; i < rates.length; i += 500) {
      await this.db
        .insert(fxRates)
        .values(rates.slice(i, i + 500).map((r) => ({ currency: r.currency, rateDate: r.date, ronPerUnitMicros: r.ronPerUnitMicros, source: 'bnr' as const })))
        .onConflictDoUpdate({ target: [fxRates.currency, fxRates.rateDate], set: { ronPerUnitMicros: sql`excluded.ron_per_unit_micros`, source: 'bnr' } })
    }
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
