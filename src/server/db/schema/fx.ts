/** Exchange rates of the leu (BNR's reference rates or set by the operator), one row per currency and day. */
import { sql } from 'drizzle-orm'
import { check, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { createdAt } from './common'

export const fxRates = pgTable(
  'fx_rates',
  {
    currency: text('currency').notNull(),
    /** The day the rate applies to (BNR publishes each working day's rate for the next). */
    rateDate: date('rate_date', { mode: 'string' }).notNull(),
    /** Lei for one unit of the currency, in millionths (5.0912 RON/EUR is 5 091 200): integers, no float drift. */
    ronPerUnitMicros: integer('ron_per_unit_micros').notNull(),
    source: text('source', { enum: ['bnr', 'operator'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.currency, t.rateDate] }), check('fx_rates_positive', sql`${t.ronPerUnitMicros} > 0`), check('fx_rates_currency', sql`${t.currency} ~ '^[A-Z]{3}$'`)],
)
