/**
 * What orders need from the other services of the purchase path, as small interfaces, so the
 * order service is written and tested against them whichever implementation is plugged in:
 * the quote service's offers, the insurer adapters' `issue`, the payment processors, and the
 * policy document renderer and store.
 */
import type { PaymentSettlement, PaymentStartInput, StartedPayment } from '../payments/provider'
import type { OrderCustomer } from '../db/schema'

export interface Money {
  amount: number
  currency: string
}

/** An offer as the checkout may buy it. */
export interface CheckoutOffer {
  id: string
  quoteId: string
  /** The account the quote was made for; null for a visitor's quote (its unguessable offer ids are the capability). */
  quoteOwnerId: string | null
  product: string
  insurerCode: string
  insurerName: string
  premium: Money
  /** The insurer's own reference for this price, sent back when issuing. */
  insurerReference: string | null
  startDate: string | null
  endDate: string | null
  /** After this the price no longer holds: an order is refused, a payment not started. */
  expiresAt: Date
  partnerCode: string | null
  /** The insured vehicle, for the public check (RCA); null for other products. */
  registrationPlate: string | null
  vin: string | null
  /** What the insurer answered beside the price (medical limit, PAD type, validity to the minute). */
  details: Record<string, unknown>
  /** What the quote kept of its request for the policy (`context.policy`): the product's facts are built from it. */
  policy: unknown
  /** What the insurer was asked with; sent again to issue. */
  insurerPayload?: Record<string, unknown>
}

export interface OfferSource {
  /** The offer if it exists and was offered (a priced answer); `expired` when its price no longer holds. */
  offerForCheckout(offerId: string): Promise<CheckoutOffer | 'expired' | null>
}

export interface PolicyIssueRequest {
  /** The same key gives the same policy: a retry after a crash never issues a second one. */
  idempotencyKey: string
  insurerCode: string
  offerId: string
  insurerReference: string | null
  product: string
  premium: Money
  startDate: string | null
  endDate: string | null
  customer: OrderCustomer
  extras: Record<string, unknown>
}

export interface IssuedPolicy {
  number: string
  series: string | null
  start_date: string
  end_date: string
}

/** The insurer said no (risk refused, price no longer valid): retried, then refunded. */
export class InsurerRefusal extends Error {
  constructor(readonly reason: string) {
    super(`insurer refused: ${reason}`)
    this.name = 'InsurerRefusal'
  }
}

export interface PolicyIssuer {
  /** Throws `InsurerRefusal` for a refusal, anything else for a failure to reach the insurer. */
  issue(request: PolicyIssueRequest): Promise<IssuedPolicy>
}

/** Payments speak the payment service's types (src/server/payments/provider.ts). */
export type { PaymentSettlement, PaymentStartInput, StartedPayment } from '../payments/provider'

export interface Payments {
  /** The order's one open attempt: concurrent calls for one order get the same (decision 91). */
  start(input: PaymentStartInput): Promise<StartedPayment>
  /** Stops offering an open attempt whose order was settled meanwhile. */
  close(paymentId: string, reason: string): Promise<void>
  onSettled(handler: (settlement: PaymentSettlement) => Promise<void>): void
  /** Gives the money back; the same key refunds once. */
  refund(paymentId: string, options: { idempotencyKey: string; reason: string }): Promise<void>
}

export interface PolicyDocumentInput {
  locale: string
  product: string
  insurerName: string
  insurerAsfRegistration?: string
  number: string
  series: string | null
  startDate: string
  endDate: string
  premium: Money
  customer: OrderCustomer
  registrationPlate: string | null
  vin: string | null
  /** The product's facts stored with the policy at checkout (checked again with its schema); null when none were kept. */
  facts: unknown
  /** What the QR code opens. */
  verificationUrl: string
}

export interface PolicyDocuments {
  render(input: PolicyDocumentInput): Promise<Uint8Array>
}

/** Where policy PDFs are kept (the documents module's store: the data folder by default). */
export type { DocumentStore } from '../documents'
