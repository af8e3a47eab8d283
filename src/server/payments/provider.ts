import type { Queryable } from '../db/client'

/** What starting a payment needs (the order's side of it). */
export interface PaymentStartInput {
  orderId: string
  /** Minor units (bani). */
  amount: number
  currency: string
  description: string
  locale: string
  customer: { email: string; name: string; phone?: string | undefined }
  /** Where the processor sends the browser back (`/thank-you?order=…`). */
  returnUrl: string
  /** The offer's expiry: the processor refuses the card form after it (decision 91). */
  expiresAt: Date
}

/** Where the browser goes to pay: a link to follow or a form to post. */
export interface PaymentRedirect {
  method: 'GET' | 'POST'
  url: string
  fields: Record<string, string>
}

export interface StartedPayment extends PaymentRedirect {
  paymentId: string
}

/** A payment's final answer, once per change, from the processor's verified notification. */
export interface PaymentSettlement {
  paymentId: string
  orderId: string
  status: 'paid' | 'failed'
  /** For a failure: `declined`, `insufficient_funds`, `3ds_failed`, … */
  reason?: string | undefined
  /** What was taken, as the processor notified it (the payment's own when it does not say): compared with the order's total. */
  amount: number
  currency: string
  /** When the money was taken, as the processor says (now when it does not, never later than now): what the offer's validity is judged at. */
  at: Date
  /** The transaction that records the change: the subscriber joins it, so both commit or neither. */
  tx?: Queryable | undefined
}

/** What a processor's notification says, once its signature is checked. */
export type ProcessorVerdict =
  | { kind: 'settled'; providerReference: string; paymentId?: string | undefined; status: 'paid' | 'failed'; reason?: string | undefined; amount?: number | undefined; currency?: string | undefined; at?: Date | undefined }
  /** Verified but not final (NETOPIA's pending statuses): acknowledged, nothing changes. */
  | { kind: 'pending'; providerReference: string }
  | { kind: 'refused'; why: 'bad_signature' | 'malformed' }

/**
 * One card processor, as the payment service sees it (decision 51). Adding a processor is one
 * more implementation and a value of `PAYMENT_PROVIDER`.
 */
export interface PaymentProcessor {
  readonly name: 'sandbox' | 'netopia'
  /** Registers the payment with the processor; answers its reference and where the browser goes. */
  start(payment: { id: string; notifyUrl: string } & PaymentStartInput): Promise<{ providerReference: string; redirect: PaymentRedirect }>
  /** Checks a notification's authenticity from its raw body and headers. */
  verify(rawBody: string, headers: Headers): Promise<ProcessorVerdict>
  /** The answer the processor expects once a notification is handled (or refused). */
  acknowledge(verdict: ProcessorVerdict, handled: boolean): Response
  /** Gives a paid payment back; the processor refunds once per `idempotencyKey`. */
  refund(providerReference: string, amount: number, idempotencyKey: string): Promise<void>
}

export class ProcessorUnavailable extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ProcessorUnavailable'
  }
}
