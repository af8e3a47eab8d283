/** Prepared renewals (the renewal autopilot, decisions 135-139). */
import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { at, createdAt, updatedAt } from './common'
import { users } from './accounts'
import { orderPolicies, orders } from './orders'
import { quotes } from './quotes'
import { vehicles } from './account-area'

export const renewalStatuses = ['open', 'renewed', 'bought_elsewhere'] as const
export type RenewalStatus = (typeof renewalStatuses)[number]

/**
 * One renewal per policy and window: the window is the old policy's last day, so a policy whose
 * end moves gets a new window and a renewed policy's successor gets its own. The unique key is
 * what keeps the job idempotent on any number of nodes and runs: rows are upserted, never
 * checked for and then inserted. The row also carries the owner's choices for that window
 * (reminders off, bought elsewhere), so they hold before any price is ready.
 */
export const policyRenewals = pgTable(
  'policy_renewals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The policy bought here that ends; null for a vehicle's cover bought elsewhere (`vehicleId`). */
    orderPolicyId: uuid('order_policy_id').references(() => orderPolicies.id, { onDelete: 'cascade' }),
    /** A vehicle of the account whose cover, bought elsewhere, ends on `endDate` (the date its owner typed in). */
    vehicleId: uuid('vehicle_id').references(() => vehicles.id, { onDelete: 'cascade' }),
    /** For a vehicle's renewal: the account's earlier quote of the product for it, whose request is renewed. */
    basisQuoteId: text('basis_quote_id').references(() => quotes.id, { onDelete: 'set null' }),
    /** The old policy's last day: the window's key; the new cover starts the day after. */
    endDate: date('end_date', { mode: 'string' }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    product: text('product').notNull(),
    status: text('status', { enum: renewalStatuses }).notNull().default('open'),
    /** The latest quote made for it; null until prices were first asked. */
    quoteId: text('quote_id').references(() => quotes.id, { onDelete: 'set null' }),
    /** Until when the quote's prices hold (its expiry): the job quotes again after it. */
    pricesHoldUntil: at('prices_hold_until'),
    /** A run quoting it now holds it until then: another run passes it over (no double insurer calls). */
    quotingUntil: at('quoting_until'),
    /** The old policy's premium, minor units of RON, for the change against last year; unknown (null) when bought elsewhere. */
    previousPremium: integer('previous_premium'),
    remindersOff: boolean('reminders_off').notNull().default(false),
    /** The order that renewed it here. */
    renewedByOrderId: uuid('renewed_by_order_id').references(() => orders.id, { onDelete: 'set null' }),
    closedAt: at('closed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('policy_renewals_window').on(t.orderPolicyId, t.endDate),
    uniqueIndex('policy_renewals_vehicle_window').on(t.vehicleId, t.product, t.endDate),
    check('policy_renewals_subject', sql`(${t.orderPolicyId} is null) <> (${t.vehicleId} is null)`),
    index('policy_renewals_user').on(t.userId),
    index('policy_renewals_due').on(t.pricesHoldUntil).where(sql`${t.status} = 'open'`),
    check('policy_renewals_previous_premium', sql`${t.previousPremium} >= 0`),
  ],
)

/**
 * The end reminders of a vehicle's paper bought elsewhere (its end typed in, or taken from the
 * public policy check), one row per vehicle, product, last day and threshold: the unique key
 * makes every run after the first find it sent, on any number of nodes (decision 160). A new
 * last day is a new set of reminders.
 */
export const vehicleEndReminders = pgTable(
  'vehicle_end_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    product: text('product').notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    daysBefore: integer('days_before').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The channels the account's preferences chose when it went out. */
    email: boolean('email').notNull(),
    notificationCentre: boolean('notification_centre').notNull(),
    /** When the realtime notification was published; null until then (or when not wanted). */
    pushedAt: at('pushed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('vehicle_end_reminders_once').on(t.vehicleId, t.product, t.endDate, t.daysBefore),
    check('vehicle_end_reminders_days', sql`${t.daysBefore} in (30, 14, 7, 1)`),
  ],
)
