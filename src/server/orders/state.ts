import { and, eq, inArray, type SQL } from 'drizzle-orm'
import type { Queryable } from '../db/client'
import { orders, type OrderStatus } from '../db/schema'

/**
 * The one order state machine, for every product (decisions 53, 91):
 *
 *   awaiting_payment ──paid──▶ paid ──▶ issued
 *        │  ▲                   │
 *        ▼  │ (pay again)       ▼
 *   payment_failed          issue_failed ──▶ refunded
 *        │                      │ (operator retry) ──▶ paid
 *        ▼
 *     expired   (the offer ran out before payment)
 *
 * An order becomes paid only by a payment of its amount and currency taken while its offers
 * could still be bought; any other approval (too late, another amount, a second attempt) is
 * refunded by a job and the order stays where it is, or ends expired (too late) or
 * payment_failed (another amount). An expired order never becomes paid. Every move is one
 * conditional update (`where status in (…)`), so of two racing callers exactly one moves it.
 */
export const allowedTransitions: Record<OrderStatus, readonly OrderStatus[]> = {
  awaiting_payment: ['paid', 'payment_failed', 'expired'],
  payment_failed: ['awaiting_payment', 'paid', 'expired'],
  expired: [],
  paid: ['issued', 'issue_failed'],
  issue_failed: ['refunded', 'paid'],
  issued: [],
  refunded: [],
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return allowedTransitions[from].includes(to)
}

type OrderRow = typeof orders.$inferSelect
type OrderChanges = Partial<Omit<typeof orders.$inferInsert, 'id' | 'status'>>

/**
 * Moves an order from one of `from` to `to`, with the other column changes, if and only if it
 * is in one of `from` now (and `where`, when given, holds). Returns the updated row, or
 * undefined when another caller moved it first or it was never in `from`.
 */
export async function transition(db: Queryable, orderId: string, from: readonly OrderStatus[], to: OrderStatus, changes: OrderChanges = {}, where?: SQL): Promise<OrderRow | undefined> {
  for (const state of from) if (!canTransition(state, to)) throw new Error(`order transition not allowed: ${state} → ${to}`)
  const [row] = await db
    .update(orders)
    .set({ ...changes, status: to, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...from]), where))
    .returning()
  return row
}
