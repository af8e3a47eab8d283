import type { InsurerDocumentKind } from '~/contract/legal-documents'

/**
 * One interface for every insurer, whatever it speaks: the quote fan-out and the issuance job
 * only ever see this. The sandbox insurer service is reached by `SandboxInsurerAdapter`; a real
 * insurer later gets an adapter of its own, chosen by the catalogue's `adapter` column.
 */
export interface Money {
  /** Integer minor units (bani for RON). */
  amount: number
  currency: 'RON'
}

/** A document an insurer publishes for a product: its product information document (IPID) or its general conditions. */
export interface InsurerDocument {
  kind: InsurerDocumentKind
  version: string
  url: string
}

/** An insurer's answer to a request for a price. */
export type InsurerQuoteAnswer =
  | {
      status: 'offered'
      premium: Money
      /** The insurer's reference for this price; sent back when the policy is issued. */
      reference: string
      /** Product-specific figures (RCA: the direct settlement clause's price). */
      details: Record<string, unknown>
      /** The IPID and general conditions the insurer hands over with the price: their editions and where it publishes them. */
      documents: InsurerDocument[]
    }
  | {
      status: 'declined'
      /** A code the interface translates (`risk_not_covered`, `vehicle_category_not_covered`, …). */
      reason: string
    }

/** What an insurer needs to issue the policy of an offer that was bought. */
export interface IssueRequest {
  product: string
  /** The reference of the insurer's price (`InsurerQuoteAnswer.reference`). */
  reference: string
  /** The same payload the price was asked with. */
  payload: Record<string, unknown>
  customer: { email: string; name: string }
  start_date: string
  end_date: string
  /** The same key for every try of one order: the insurer issues at most one policy per key. */
  idempotencyKey: string
}

export interface IssuedPolicy {
  series: string
  number: string
  start_date: string
  end_date: string
}

/** The insurer said no for good (trying again will not help): the order becomes `issue_failed`. */
export type IssueResult = { status: 'issued'; policy: IssuedPolicy } | { status: 'refused'; reason: string }

/**
 * A call that did not get a usable answer (timeout, an error status, unreadable body): worth trying
 * again later. `transient`: a timeout, a 5xx or a lost connection, which the quote engine asks
 * again at once (within the quote's time budget); a 4xx or an unreadable answer would not change.
 */
export class InsurerUnavailable extends Error {
  constructor(
    readonly reason: 'timeout' | 'insurer_error' | 'invalid_answer' | 'unreachable' | 'rate_limited',
    message: string,
    readonly transient: boolean = reason === 'timeout' || reason === 'unreachable',
    /** `rate_limited`: how long the insurer asked to wait (its `Retry-After`). */
    readonly retryAfterMs?: number,
  ) {
    super(message)
    this.name = 'InsurerUnavailable'
  }
}

/** One request of a renewal call: the broker's id for it (answers come back by it) and the product's payload. */
export interface RenewalQuoteItem {
  id: string
  payload: Record<string, unknown>
}

/**
 * An insurer's renewal quoting (its bulk endpoint for a broker's portfolio) and the quota agreed
 * for it: at most `batchMax` requests a call, `perSecond` requests a second, apart from the
 * per-quote limit visitors' quotes use.
 */
export interface RenewalQuoting {
  perSecond: number
  batchMax: number
  /** The answers by item id (`null`: the insurer could not price that one); throws `InsurerUnavailable` like `quote`. */
  quote(product: string, items: readonly RenewalQuoteItem[], signal: AbortSignal, attempt?: number): Promise<Map<string, InsurerQuoteAnswer | null>>
}

export interface InsurerAdapter {
  /** Present when the insurer prices renewals in bulk; without it renewals are single quotes, paced by its rate limit. */
  renewals?: RenewalQuoting
  /**
   * Prices `payload` for `product`; throws `InsurerUnavailable` when no answer came (aborted by
   * `signal` → `timeout`). `attempt`: which try this is (1, 2), for insurers that want to know.
   */
  quote(product: string, payload: Record<string, unknown>, signal: AbortSignal, attempt?: number): Promise<InsurerQuoteAnswer>
  /** A document the insurer published (`InsurerDocument.url`), as PDF bytes. Throws `InsurerUnavailable` when it cannot be read. */
  document(url: string, signal: AbortSignal): Promise<Uint8Array>
  /** Issues the policy; idempotent by `request.idempotencyKey`. Throws `InsurerUnavailable` for a failure worth retrying. */
  issue(request: IssueRequest, signal: AbortSignal): Promise<IssueResult>
}
