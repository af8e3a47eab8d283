/** Insurers, quotes and their offers: the comparison half of the purchase path (decision 48). */
import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { at, createdAt, updatedAt } from './common'
import { users } from './accounts'

/** The catalogue of insurers (`npm run cli -- insurer list|enable|disable`). */
export const insurers = pgTable(
  'insurers',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    /** The ASF register number (RA-…) shown beside every offer. */
    asfRegistration: text('asf_registration').notNull(),
    /** Path of the logo under `public/`, or null for the name alone. */
    logoPath: text('logo_path'),
    enabled: boolean('enabled').notNull().default(true),
    /** The broker's commission, in basis points of the premium (1 250 = 12.5 %). */
    commissionBasisPoints: integer('commission_basis_points').notNull().default(0),
    /** The products it is asked to quote (`rca`, `travel`, …). */
    products: text('products').array().notNull().default(sql`'{}'::text[]`),
    /** Which adapter speaks to it (`sandbox`: the sandbox insurer service's protocol); a real insurer gets its own. */
    adapter: text('adapter').notNull().default('sandbox'),
    /** How long a quote may take before it counts as failed (`timeout`); null: `INSURER_QUOTE_TIMEOUT_MS`. */
    quoteTimeoutMs: integer('quote_timeout_ms'),
    /** The insurer's rate limit on quotes, per second (its documented limit); null: none declared. */
    quotesPerSecond: integer('quotes_per_second'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('insurers_code_format', sql`${t.code} ~ '^[a-z0-9-]{2,40}$'`), check('insurers_commission', sql`${t.commissionBasisPoints} between 0 and 10000`), check('insurers_quote_timeout', sql`${t.quoteTimeoutMs} is null or ${t.quoteTimeoutMs} between 50 and 60000`), check('insurers_quotes_per_second', sql`${t.quotesPerSecond} is null or ${t.quotesPerSecond} between 1 and 100000`)],
)

/** One comparison request: the validated input, fanned out to every enabled insurer of the product. */
export const quotes = pgTable(
  'quotes',
  {
    /** Unguessable (128 random bits, base64url): the id is the capability to read the quote. */
    id: text('id').primaryKey(),
    product: text('product').notNull(),
    /** The account it was made from; null for a visitor. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    partnerCode: text('partner_code'),
    /** The request as the API validated it (the product's own shape). */
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    /** What the server derived before asking (bonus-malus class, exchange rate, …), shown with the quote. */
    context: jsonb('context').$type<Record<string, unknown>>().notNull().default({}),
    /** What every insurer was sent (the product's risk description); sent again when a policy is issued. */
    insurerPayload: jsonb('insurer_payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: ['pending', 'complete'] })
      .notNull()
      .default('pending'),
    insurersTotal: integer('insurers_total').notNull(),
    expiresAt: at('expires_at').notNull(),
    completedAt: at('completed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('quotes_user').on(t.userId), index('quotes_created_at').on(t.createdAt)],
)

/** One insurer's answer to a quote; `pending` until it answers, fails or times out. */
export const offers = pgTable(
  'offers',
  {
    /** Unguessable too: the checkout step carries it in its address. */
    id: text('id').primaryKey(),
    quoteId: text('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    insurerCode: text('insurer_code')
      .notNull()
      .references(() => insurers.code),
    status: text('status', { enum: ['pending', 'offered', 'declined', 'failed'] })
      .notNull()
      .default('pending'),
    /** Integer minor units of `currency` (bani for RON); null unless offered. */
    premium: integer('premium'),
    currency: text('currency').notNull().default('RON'),
    /** The insurer's own reference for this price, sent back when issuing. */
    insurerReference: text('insurer_reference'),
    /** Product-specific figures (direct settlement price, medical limit, list price, validity, covers). */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** Why it was declined or failed, as a code the interface translates (`risk_not_covered`, `timeout`, …). */
    reason: text('reason'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    answeredAt: at('answered_at'),
    createdAt: createdAt(),
  },
  (t) => [index('offers_quote').on(t.quoteId), check('offers_premium', sql`${t.premium} is null or ${t.premium} >= 0`)],
)
