/** Orders and the policies they buy: the purchase half of the purchase path (decisions 53-55). */
import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { at, createdAt, updatedAt } from './common'
import { users } from './accounts'
import { offers, quotes } from './quotes'

/** One document a buyer accepted: `ipid:groupama:2026-03-01` (see `src/contract/legal-documents.ts`). */
export interface AcceptedDocument {
  id: string
  kind: 'ipid' | 'general_conditions' | 'broker_notice'
  issuer: string
  version: string
}

/** Every state of an order, for every product (`src/server/orders/state.ts` says which move to which). */
export const orderStatuses = ['awaiting_payment', 'paid', 'issued', 'payment_failed', 'expired', 'issue_failed', 'refunded'] as const
export type OrderStatus = (typeof orderStatuses)[number]

export interface OrderCustomer {
  first_name: string
  last_name: string
  email: string
  phone: string
  address: { county: string; city: string; street: string; postal_code?: string | undefined }
}

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The account that owns it: the buyer's, or the account of the e-mail a guest typed (decision 55); null for a new guest. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    product: text('product').notNull(),
    quoteId: text('quote_id')
      .notNull()
      .references(() => quotes.id),
    status: text('status', { enum: orderStatuses }).notNull().default('awaiting_payment'),
    /** Integer minor units of `currency`: the sum of the offers bought. */
    totalAmount: integer('total_amount').notNull(),
    currency: text('currency').notNull(),
    customer: jsonb('customer').$type<OrderCustomer>().notNull(),
    /** The buyer's language: mails and the policy document use it. */
    locale: text('locale').notNull(),
    partnerCode: text('partner_code'),
    /** The documents the buyer accepted at checkout, in their editions (IPID, general conditions, the broker's notice); accepted when the order was made. */
    acceptedDocuments: jsonb('accepted_documents').$type<AcceptedDocument[]>().notNull().default([]),
    /** Who the Idempotency-Key belongs to (`user:<id>` or `guest:<e-mail hash>`); unique together. */
    idempotencyScope: text('idempotency_scope').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** What the first request asked for (offers and e-mail): the same key with another request is refused. */
    requestFingerprint: text('request_fingerprint').notNull(),
    /** SHA-256 of the order access token given to a guest (`X-Order-Token`); null for a signed-in buyer. */
    guestTokenHash: text('guest_token_hash'),
    /** RON per unit of the offers' currency when they were not in lei (travel in EUR); null otherwise. */
    exchangeRate: numeric('exchange_rate', { precision: 12, scale: 6 }),
    /** The processor's payment of the current attempt; a new attempt after `payment_failed` replaces it. */
    paymentId: text('payment_id'),
    /** Where the browser goes to pay for the current attempt: a repeated create answers it again. */
    paymentRedirect: jsonb('payment_redirect').$type<{ method: 'GET' | 'POST'; url: string; fields: Record<string, string> }>(),
    paymentAttempts: integer('payment_attempts').notNull().default(0),
    /** Why the last payment failed or the insurer refused, as a code (`declined`, `insurer_refused`). */
    failureReason: text('failure_reason'),
    paidAt: at('paid_at'),
    issuedAt: at('issued_at'),
    refundedAt: at('refunded_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_idempotency').on(t.idempotencyScope, t.idempotencyKey),
    uniqueIndex('orders_payment').on(t.paymentId),
    index('orders_user').on(t.userId, t.createdAt),
    index('orders_status').on(t.status),
    check('orders_total', sql`${t.totalAmount} >= 0`),
  ],
)

export const orderPolicyStatuses = ['pending', 'issued', 'failed'] as const

/** One policy per offer bought: an RCA order holds one, a bundle (PAD + house) several. */
export const orderPolicies = pgTable(
  'order_policies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    offerId: text('offer_id')
      .notNull()
      .references(() => offers.id),
    insurerCode: text('insurer_code').notNull(),
    /** The offer's price when bought, integer minor units of the order's currency. */
    premium: integer('premium').notNull(),
    status: text('status', { enum: orderPolicyStatuses }).notNull().default('pending'),
    number: text('number'),
    series: text('series'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    /** Where the policy PDF is kept in the document store. */
    documentKey: text('document_key'),
    /** What the QR code of the document carries (`/verify/{code}`): 128 random bits, base64url. */
    verificationCode: text('verification_code').notNull().unique(),
    /** For the public check by plate or VIN: upper-case, no spaces; null for products without a vehicle. */
    registrationPlate: text('registration_plate'),
    vin: text('vin'),
    /** Product-specific facts of the policy (travellers, the insured address, bonus-malus class). */
    extras: jsonb('extras').$type<Record<string, unknown>>().notNull().default({}),
    issuedAt: at('issued_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('order_policies_order').on(t.orderId),
    index('order_policies_plate').on(t.registrationPlate).where(sql`${t.status} = 'issued'`),
    index('order_policies_vin').on(t.vin).where(sql`${t.status} = 'issued'`),
  ],
)

/**
 * The end-of-validity reminders that went out (decision 68): one row per policy and threshold
 * (30, 14, 7, 1 days), written in the transaction that queues the mail. Its unique key is what makes
 * each reminder once, whichever worker runs the job and however often.
 */
export const policyEndReminders = pgTable(
  'policy_end_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderPolicyId: uuid('order_policy_id')
      .notNull()
      .references(() => orderPolicies.id, { onDelete: 'cascade' }),
    daysBefore: integer('days_before').notNull(),
    /** The account it went to; null for a guest without one (mail only). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The channels the account's preferences chose when it went out. */
    email: boolean('email').notNull(),
    notificationCentre: boolean('notification_centre').notNull(),
    /** When the realtime notification was published; null until then (or when not wanted). */
    pushedAt: at('pushed_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('policy_end_reminders_once').on(t.orderPolicyId, t.daysBefore), check('policy_end_reminders_days', sql`${t.daysBefore} in (30, 14, 7, 1)`)],
)
