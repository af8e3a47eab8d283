/**
 * A product from its quote to its policy document: the quote engine (`src/server/quotes`), the
 * orders, the documents, the reminders and the account area are the same for RCA, travel, house
 * insurance and vignettes; each product says how its request is checked, what is derived before
 * insurers are asked, what they are sent and how their answers read (`ProductDefinition`), and
 * what its policy holds, prints and adds to a vehicle's papers (`ProductPurchase`).
 */
import type { z } from 'zod'
import type { OrderInsured } from '~/contract/orders'
import type { Offer, QuoteSubject } from '~/contract/quotes'
import type { MessageDescriptor } from '@lingui/core'
import type { ProductDocument } from '../documents/product-document'
import type { AppConfig } from '../../../app.config'
import type { FxRates } from '../fx/service'

/** What `prepare` may use: the configuration (sandbox address, timeouts) and the caller's abort signal. */
export interface ProductDeps {
  config: AppConfig
  signal?: AbortSignal
  /** Exchange rates: products listed in EUR or HUF are priced in lei at the day's rate. */
  fx: FxRates
  /** The moment of the request: rules about today (a start in the past) use it. */
  now: Date
}

/** The request turned into what insurers are asked, before any is asked. */
export interface PreparedQuote {
  /** The request as kept with the quote when `prepare` normalised it (house: official place names); the request as asked when absent. */
  request?: Record<string, unknown>
  /** Derived facts kept with the quote and shown with it (RCA: the bonus-malus class). */
  context: Record<string, unknown>
  /** The same body for every insurer of the product (RCA: the risk description). */
  payload: Record<string, unknown>
  /** The cover every offer is for: `YYYY-MM-DD`, the end inclusive. */
  startDate: string
  endDate: string
  months: number
  /** The offers' prices hold until then at the latest (a price in lei made with an exchange rate of the day); the quote's validity otherwise. */
  pricesHoldUntil?: Date
  /** Only these insurers of the product are asked (house: PAD from the pool, optional cover from insurers); all when absent. */
  insurers?: readonly string[]
}

/** The product-specific part of a quote's public view (`GET /api/v1/quotes/{id}`). */
export type QuoteExtras = Record<string, unknown>
/** The product-specific part of an offer's public view, from what the insurer answered. */
export type OfferExtras = Record<string, unknown>

export interface ProductDefinition<Request = unknown> {
  /** The product code, as in `/api/v1/products/{code}/quotes` and the catalogue's `products`. */
  code: string
  /** The request body (from `src/contract`), the same schema the form validates with. */
  requestSchema: z.ZodType<Request>
  /** Derives the context and the insurers' payload; may call outside services (claims history). */
  prepare(request: Request, deps: ProductDeps): Promise<PreparedQuote>
  /** What an offered answer's `details` keep: only known, typed fields reach the database. */
  offerDetails(details: Record<string, unknown>): Record<string, unknown>
  /** What the quote is for, from its request: repeated by the checkout before paying (`subject`). */
  subject(request: Request): QuoteSubject
  /** Fields of the quote view from the context and the offers so far (RCA: `bonus_malus`, `reference_tariff`). */
  quoteView(context: Record<string, unknown>, offers: readonly Offer[]): QuoteExtras
  /** Fields of an offer view from its stored details (RCA: `direct_settlement`). */
  offerView(details: Record<string, unknown>, currency: string): OfferExtras
  /** How long its offers can be bought; `QUOTE_OFFER_TTL_MINUTES` when absent. */
  offerValidityMinutes?: number
  /** One offer per insurer (RCA) or several (travel packages); the engine supports one today. */
  oneOfferPerInsurer: true
  /** Everything after payment: the policy's facts, document, wording, reminders, vehicle papers. */
  purchase: ProductPurchase
  /** How a policy of it is renewed; absent: it is not (a single trip, a short vignette). */
  renewal?: ProductRenewal<Request>
}

/**
 * How a product renews (the renewal autopilot): the request of the next policy from the stored
 * request of the last one, starting on `startDate`; undefined when that policy does not renew
 * (a single trip, a 10-day vignette). The quote is then made as any other, so the claims history
 * and the tariffs of the day are asked again.
 */
export interface ProductRenewal<Request> {
  request(previous: Request, startDate: string): Request | undefined
  /** The rating class the quote's context holds (RCA: the bonus-malus class), shown with its change. */
  ratingClass?(context: Record<string, unknown>): string | undefined
  /**
   * `prepare` for a whole renewal batch, when the product can ask its outside services in bulk
   * (RCA: one claims-history call for the batch instead of one per policy). In the order given;
   * an Error for a request that could not be prepared. Absent: `prepare` each.
   */
  prepareMany?(requests: readonly Request[], deps: ProductDeps): Promise<(PreparedQuote | Error)[]>
}

/** What a product's policy is built from at checkout: the quote's `policy` part, the offer bought, the checkout's answers. */
export interface PolicySource {
  /** What `prepare` kept of the request for the policy (`PreparedQuote.context.policy`); absent for quotes made before it did. */
  policy: unknown
  /** The insurer or issuer of the offer. */
  insurerCode: string
  /** The offer's stored details (and `direct_settlement: true` when the clause was bought). */
  details: Record<string, unknown>
  /** The checkout's answers about who is insured (travellers' names). */
  insured: OrderInsured | undefined
}

/** Insurance speaks of insurers, premiums and policies; a vignette of its issuer, its price and the vignette. */
export type Wording = 'insurance' | 'vignette'
/** The papers of a vehicle in the account area that a purchase brings up to date (the vehicle's fields). */
export type VehiclePaper = 'rca_valid_until' | 'rovinieta_valid_until' | 'hu_vignette_valid_until'
/**
 * A vehicle paper a product feeds: the vehicle's field it sets, and the kind of the paper's
 * deadline in the account's calendar (the first part of its event id `rca-<vehicle id>`, which
 * calendars keep across feeds and the vehicle page links to, so it never changes).
 */
export interface VehiclePaperOf {
  field: VehiclePaper
  calendarKind: string
}

export interface ProductPurchase<Facts = unknown> {
  wording: Wording
  /** What the policy holds: checked when built and again when read from the order. */
  facts: z.ZodType<Facts>
  /** The facts' candidate from its sources, checked with `facts` by the orders. */
  policyFacts(source: PolicySource): unknown
  /** What the checkout must ask for this product (`travellers`: every traveller's name, in the quote's order). */
  asks?: 'travellers'
  document: ProductDocument<Facts>
  reminders: {
    /** The preference that routes its end reminders. */
    kind: 'policy_end' | 'vignette_end'
    /** What the end reminder calls it ("Your RCA policy", "Your Romanian road vignette"). */
    subject: MessageDescriptor
    /** The calendar's title before the plate or number ("RCA policy ends"), for its policies and the vehicle paper it feeds. */
    calendarTitle: MessageDescriptor
    /** Where to buy the next one. */
    renewPath(vehicle: { registrationPlate: string | null; vin: string | null }): string
  }
  /** The vehicle paper a purchase sets (valid until the policy's last day). */
  vehiclePaper?: VehiclePaperOf
  /** Its policies answer the public check by plate or VIN (`/api/v1/policy-check`). */
  publicCheck?: boolean
  /** Bundles: an offer that is the base others need (PAD), one that needs a base unless its quote names one. */
  bundle?: { isBase(details: Record<string, unknown>): boolean; needsBase(details: Record<string, unknown>, insurerPayload: Record<string, unknown> | undefined): boolean }
}

/** A definition whose request type is erased: what the registry holds. */
export type AnyProductDefinition = ProductDefinition<never> & { requestSchema: z.ZodType }

/** An outside service `prepare` needs (claims history, exchange rates) did not answer: the API answers 503. */
export class ProductServiceUnavailable extends Error {
  constructor(
    readonly service: string,
    detail: string,
  ) {
    super(`${service} unavailable: ${detail}`)
    this.name = 'ProductServiceUnavailable'
  }
}
