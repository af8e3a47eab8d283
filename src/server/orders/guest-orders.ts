import { and, isNull, sql } from 'drizzle-orm'
import type { Queryable } from '../db/client'
import { orders } from '../db/schema'

/**
 * The orders guests placed for `email` that no account holds yet join the account that has just
 * proven the address from the mailed link (decision 94). Until then they are read with their
 * order token only: an account made for a typed address proves nothing. Answers how many joined.
 */
export async function joinGuestOrders(tx: Queryable, userId: string, email: string): Promise<number> {
  const joined = await tx
    .update(orders)
    .set({ userId, updatedAt: new Date() })
    .where(and(isNull(orders.userId), sql`${orders.customer}->>'email' = ${email}`))
    .returning({ id: orders.id })
  return joined.length
}
