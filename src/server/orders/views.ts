import type { OrderView } from '~/contract/orders'
import type { orderPolicies, orders } from '../db/schema'

export type OrderRow = typeof orders.$inferSelect
export type OrderPolicyRow = typeof orderPolicies.$inferSelect

const API = '/api/v1'

export function documentPath(orderId: string, policyId?: string): string {
  return policyId ? `${API}/orders/${orderId}/policies/${policyId}/document` : `${API}/orders/${orderId}/document`
}

export function verificationUrl(publicUrl: string, code: string): string {
  return `${publicUrl}/verify/${code}`
}

/** An order as its owner sees it: the first policy (RCA's only one) in `policy`, every one in `policies`. */
export function toOrderView(order: OrderRow, policies: (OrderPolicyRow & { insurerName: string })[], publicUrl: string): OrderView {
  const issued = (p: OrderPolicyRow) => p.status === 'issued' && p.number !== null && p.startDate !== null && p.endDate !== null
  const first = policies[0]
  return {
    id: order.id,
    product: order.product,
    status: order.status,
    total: { amount: order.totalAmount, currency: order.currency },
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
    failure_reason: order.failureReason,
    quote_id: order.quoteId,
    policy:
      order.status === 'issued' && first && issued(first)
        ? { number: first.number!, series: first.series, start_date: first.startDate!, end_date: first.endDate!, document_url: documentPath(order.id) }
        : null,
    policies: policies.map((p) => ({
      id: p.id,
      offer_id: p.offerId,
      insurer: { code: p.insurerCode, name: p.insurerName },
      status: p.status,
      premium: { amount: p.premium, currency: order.currency },
      number: p.number,
      series: p.series,
      start_date: p.startDate,
      end_date: p.endDate,
      document_url: issued(p) && p.documentKey ? documentPath(order.id, p.id) : null,
      verification_url: issued(p) ? verificationUrl(publicUrl, p.verificationCode) : null,
    })),
    accepted_documents: order.acceptedDocuments,
  }
}
