/** Card payments of orders, whatever the processor (decision 51). */
import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { at, createdAt, updatedAt } from './common'

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order paid (no foreign key: payments know nothing of orders but their id). */
    orderId: text('order_id').notNull(),
    provider: text('provider', { enum: ['sandbox', 'netopia'] }).notNull(),
    /** The processor's id of the payment, once it gave one. */
    providerReference: text('provider_reference'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /**
     * Only ever moves forward (decision 91): created → paid | failed | closed, closed → paid | failed,
     * paid → refunded. `created` is the order's one open attempt (unique per order, below);
     * `closed` is an attempt we stopped offering (never started at the processor, or replaced)
     * whose approval, should one still come, is recorded and refunded.
     */
    status: text('status', { enum: ['created', 'closed', 'paid', 'failed', 'refunded'] })
      .notNull()
      .default('created'),
    failureReason: text('failure_reason'),
    /** Where the browser goes to pay: method, URL and form fields. */
    redirect: jsonb('redirect').$type<{ method: 'GET' | 'POST'; url: string; fields: Record<string, string> }>(),
    settledAt: at('settled_at'),
    refundedAt: at('refunded_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_order').on(t.orderId),
    uniqueIndex('payments_provider_reference').on(t.provider, t.providerReference),
    // One open attempt per order, whoever asks at the same time (two tabs, a double submit).
    uniqueIndex('payments_one_open').on(t.orderId).where(sql`${t.status} = 'created'`),
    check('payments_amount', sql`${t.amount} > 0`),
  ],
)

/** Every notification a processor sent, verified or not: the audit trail of what it said and when. */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
    verified: text('verified', { enum: ['valid', 'bad_signature', 'unknown_payment', 'malformed'] }).notNull(),
    /** What it said, as parsed (never card data: processors send none). */
    body: jsonb('body').$type<unknown>(),
    /** What it changed: `paid`, `failed`, or `none` for a duplicate or late one. */
    effect: text('effect').notNull(),
    receivedAt: createdAt(),
  },
  (t) => [index('payment_notifications_payment').on(t.paymentId)],
)
