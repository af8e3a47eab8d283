import { and, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm'
import type { Queryable } from '../db/client'
import { insurers, orderPolicies, orders } from '../db/schema'
import { bucharestToday } from '../orders/policy-check'
import { productsSetting } from '../products'

export interface RcaCover {
  insurer: string | null
  validUntil: string
  /** The policy holds the direct settlement clause (decontare directă): bought with it at checkout. */
  directSettlement: boolean
}

/**
 * The plate's RCA policy bought here and valid today, if the caller owns it: an order of their
 * account, or (for a guest) one whose buyer gave the same e-mail. Anyone else learns nothing
 * beyond the public policy check, so a typed plate does not reveal a stranger's clauses.
 */
export async function rcaCoverOf(db: Queryable, plate: string, owner: { userId?: string | undefined; email?: string | undefined }, now = new Date()): Promise<RcaCover | null> {
  const owners: SQL[] = []
  if (owner.userId) owners.push(eq(orders.userId, owner.userId))
  if (owner.email) owners.push(sql`lower(${orders.customer} ->> 'email') = ${owner.email.toLowerCase()}`)
  if (owners.length === 0) return null
  const today = bucharestToday(now)
  const [found] = await db
    .select({
      insurer: insurers.name,
      insurerCode: orderPolicies.insurerCode,
      endDate: orderPolicies.endDate,
      // What was bought, kept with the policy (the offer's details as ordered), not what the quote asked about:
      // a buyer may ask for the clause and not take it at checkout, or the reverse.
      directSettlement: sql<boolean>`coalesce((${orderPolicies.extras} -> 'details' ->> 'direct_settlement') = 'true', false)`,
    })
    .from(orderPolicies)
    .innerJoin(orders, eq(orders.id, orderPolicies.orderId))
    .leftJoin(insurers, eq(insurers.code, orderPolicies.insurerCode))
    .where(
      and(
        eq(orderPolicies.registrationPlate, plate),
        eq(orderPolicies.status, 'issued'),
        eq(orders.status, 'issued'),
        inArray(orders.product, productsSetting('rca_valid_until')),
        lte(orderPolicies.startDate, today),
        gte(orderPolicies.endDate, today),
        or(...owners),
      ),
    )
    .orderBy(desc(orderPolicies.endDate))
    .limit(1)
  if (!found?.endDate) return null
  return { insurer: found.insurer ?? found.insurerCode, validUntil: found.endDate, directSettlement: found.directSettlement === true }
}
