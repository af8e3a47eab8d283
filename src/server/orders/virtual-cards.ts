import { and, asc, eq, gte, isNotNull } from 'drizzle-orm'
import type { VirtualCard } from '~/contract/policy-check'
import type { Database } from '../db/client'
import { insurers, orderPolicies, orders } from '../db/schema'
import { bucharestToday } from './policy-check'
import { verificationUrl } from './views'

/** More than anyone holds at once; the page stays one screenful per policy. */
const MAX_CARDS = 100

/**
 * The virtual cards of `/virtualcards`: one per policy of the user's issued orders
 * that has not ended (in force, or starting later), soonest first. Only the owner's own
 * policies: the query is bound to the user's id, nothing else selects a card.
 */
export class VirtualCards {
  constructor(
    private readonly db: Database,
    private readonly publicUrl: string,
  ) {}

  async list(userId: string, now = new Date()): Promise<VirtualCard[]> {
    const today = bucharestToday(now)
    const rows = await this.db
      .select({ policy: orderPolicies, product: orders.product, insurer: insurers.name })
      .from(orderPolicies)
      .innerJoin(orders, eq(orders.id, orderPolicies.orderId))
      .leftJoin(insurers, eq(insurers.code, orderPolicies.insurerCode))
      .where(and(eq(orders.userId, userId), eq(orders.status, 'issued'), eq(orderPolicies.status, 'issued'), isNotNull(orderPolicies.number), gte(orderPolicies.endDate, today)))
      .orderBy(asc(orderPolicies.startDate), asc(orderPolicies.id))
      .limit(MAX_CARDS)
    return rows.flatMap(({ policy: p, product, insurer }) =>
      p.number && p.startDate && p.endDate
        ? [
            {
              policy_id: p.id,
              order_id: p.orderId,
              product,
              insurer: { code: p.insurerCode, name: insurer ?? p.insurerCode },
              number: `${p.series ? `${p.series} ` : ''}${p.number}`,
              registration_plate: p.registrationPlate,
              valid_from: p.startDate,
              valid_until: p.endDate,
              in_force: p.startDate <= today,
              verification_url: verificationUrl(this.publicUrl, p.verificationCode),
            },
          ]
        : [],
    )
  }
}
