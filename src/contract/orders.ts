import { z } from 'zod'
import { AuthSession } from './auth'
import { productCodes } from './constants'
import { publicId } from './public-id'
import { formText } from './flat-form'
import { AcceptedDocuments, LegalDocument } from './legal-documents'
import { travellerNameField } from './traveller-fields'

export { travellerNameField } from './traveller-fields'

/**
 * Orders: the checkout's calls (`store-from-product-page`, `POST /orders`), the buyer's views of
 * an order, and the public policy check. Messages are keys of `field-messages/orders.ts`.
 */

export const ORDER_STATUSES = ['awaiting_payment', 'paid', 'issued', 'payment_failed', 'expired', 'issue_failed', 'refunded'] as const
export const OrderStatus = z.enum(ORDER_STATUSES)
export type OrderStatus = z.infer<typeof OrderStatus>

/** The header a guest reads their order with (the token answered once at creation). */
export const ORDER_TOKEN_HEADER = 'x-order-token'
/** The header that makes `POST /orders` safe to repeat. */
export const IDEMPOTENCY_HEADER = 'idempotency-key'

const text = (required: string, tooLong: string, max: number) => z.string({ error: required }).trim().min(1, required).max(max, tooLong)

export const CustomerAddress = z.object(
  {
    county: text('customer_county_required', 'customer_county_too_long', 60),
    city: text('customer_city_required', 'customer_city_too_long', 80),
    street: text('customer_street_required', 'customer_street_too_long', 200),
    postal_code: z
      .string({ error: 'customer_postal_code_invalid' })
      .trim()
      .regex(/^(\d{6})?$/, 'customer_postal_code_invalid')
      .optional(),
  },
  { error: 'customer_address_required' },
)

export const Customer = z.object(
  {
    first_name: text('customer_first_name_required', 'customer_first_name_too_long', 80),
    last_name: text('customer_last_name_required', 'customer_last_name_too_long', 80),
    email: z
      .string({ error: 'customer_email_invalid' })
      .trim()
      .toLowerCase()
      .max(254, 'customer_email_invalid')
      .pipe(z.email({ error: 'customer_email_invalid' })),
    /** A Romanian mobile or landline number: 07…, 02…, 03…, or with +40 / 40 instead of the 0. */
    phone: z
      .string({ error: 'customer_phone_invalid' })
      .trim()
      .max(20, 'customer_phone_invalid')
      .regex(/^(\+?40|0)[237]\d{8}$/, 'customer_phone_invalid'),
    address: CustomerAddress,
  },
  { error: 'customer_required' },
)
export type Customer = z.infer<typeof Customer>

const offerId = z.string({ error: 'offer_id_required' }).trim().min(1, 'offer_id_required').max(64, 'checkout_offer_invalid').regex(/^[A-Za-z0-9_-]+$/, 'checkout_offer_invalid')
const captchaToken = z.string({ error: 'captcha_token_invalid' }).max(4096, 'captcha_token_invalid')

/** Spec §7: the visitor's details from the checkout, before the order. */
export const StoreFromProductPageInput = z.object({
  customer: Customer,
  product_id: z.enum(productCodes, { error: 'product_id_invalid' }),
  token: captchaToken,
})

/**
 * A new e-mail: the account is made and signed in (the spec's session entity). An e-mail that
 * already has an account: nobody is signed in; the order will be attached to that account (decision 55).
 */
export const StoreFromProductPageResult = z.union([
  AuthSession.extend({ account_exists: z.literal(false) }),
  z.object({
    account_exists: z.literal(true),
    access_token: z.null(),
    user: z.null(),
    /** Stands in for the captcha of the `POST /orders` that follows for this e-mail (15 minutes). */
    checkout_ticket: z.string(),
  }),
])
export type StoreFromProductPageResult = z.infer<typeof StoreFromProductPageResult>

/** A traveller as the travel policy names them: asked at checkout, one per traveller of the quote, in its order. */
export const TravellerName = z.object(
  {
    first_name: text('traveller_first_name_required', 'traveller_first_name_too_long', 80),
    last_name: text('traveller_last_name_required', 'traveller_last_name_too_long', 80),
  },
  { error: 'travellers_names_required' },
)
export type TravellerName = z.infer<typeof TravellerName>

/** Who the policy insures, when the product asks at checkout (travel: every traveller's name). */
export const OrderInsured = z.object({
  travellers: z.array(TravellerName, { error: 'travellers_names_required' }).min(1, 'travellers_names_required').max(9, 'travellers_names_required'),
})
export type OrderInsured = z.infer<typeof OrderInsured>

export const OrderCreateInput = z.object({
  offer_id: offerId,
  /** RCA: buy the direct settlement clause too (the offer's `direct_settlement` price is added). */
  direct_settlement: z.boolean({ error: 'direct_settlement_invalid' }).optional(),
  /** More offers bought with it in one payment (a bundle: PAD with an optional house policy). */
  with_offer_ids: z.array(offerId, { error: 'with_offer_ids_invalid' }).max(3, 'with_offer_ids_invalid').optional(),
  customer: Customer,
  insured: OrderInsured.optional(),
  /** The ids of every document of the offers bought (`offers[].documents[].id`: IPID, general conditions, the broker's notice), as the buyer received and accepted them. */
  accepted_documents: AcceptedDocuments,
  token: captchaToken,
})
export type OrderCreateInput = z.infer<typeof OrderCreateInput>

/**
 * The checkout form: the customer's details as the form sends them (flat), the
 * consent, and the offer it buys; the server function builds `Customer` from it, checked again
 * by the API. The box arrives as `true`/`on` from a browser without JavaScript.
 */

const TRAVELLERS_ASKED_AT_MOST = 9
type NameField = typeof TravellerName.shape.first_name
/** Every traveller's name fields the form may send, each checked as the API checks that name. */
const travellerNameFields: Record<string, z.ZodOptional<NameField>> = Object.fromEntries(
  Array.from({ length: TRAVELLERS_ASKED_AT_MOST }, (_, i) => [
    [travellerNameField(i, 'first_name'), TravellerName.shape.first_name.optional()],
    [travellerNameField(i, 'last_name'), TravellerName.shape.last_name.optional()],
  ]).flat(),
)

/** The form's values with a name field for each traveller it asks about (empty when not typed) and none for others. */
function withAskedTravellers(values: unknown): unknown {
  if (values === null || typeof values !== 'object') return values
  const read = { ...(values as Record<string, unknown>) }
  const count = Number(read.travellers) || 0
  for (let i = 0; i < TRAVELLERS_ASKED_AT_MOST; i++) {
    for (const part of ['first_name', 'last_name'] as const) {
      const field = travellerNameField(i, part)
      if (i < count) read[field] = formText(read[field]) ?? ''
      else delete read[field]
    }
  }
  return read
}

/** The travellers' names as the API takes them (`insured`), in their order; undefined when none were asked. */
function insuredOf(values: Record<string, unknown>, count: number): OrderInsured | undefined {
  if (count === 0) return undefined
  const name = (i: number, part: 'first_name' | 'last_name') => String(values[travellerNameField(i, part)] ?? '')
  return { travellers: Array.from({ length: count }, (_, i) => ({ first_name: name(i, 'first_name'), last_name: name(i, 'last_name') })) }
}

/**
 * The checkout form: the customer's details as the form sends them (flat), the
 * consent, and the offer it buys; the server function builds `Customer` from it, checked again
 * by the API. The box arrives as `true`/`on` from a browser without JavaScript. A travel
 * quote's travellers (`travellers`: how many) each have a first and last name field, read into
 * the API's `insured`.
 */
export const CheckoutFormInput = z.preprocess(withAskedTravellers, z.object({
  first_name: Customer.shape.first_name,
  last_name: Customer.shape.last_name,
  email: Customer.shape.email,
  phone: Customer.shape.phone,
  county: CustomerAddress.shape.county,
  city: CustomerAddress.shape.city,
  street: CustomerAddress.shape.street,
  postal_code: CustomerAddress.shape.postal_code,
  terms: z.preprocess((v) => (v === 'true' || v === 'on' ? true : v), z.literal(true, { error: 'checkout_terms_required' })),
  /** The documents the page showed, space-separated ids, accepted with the box. */
  accepted_documents: z.string({ error: 'documents_acceptance_required' }).max(1000, 'documents_version_stale'),
  offer_id: offerId,
  /** Bought with it in the same payment: the optional home cover chosen with its PAD. */
  with_offer_id: z.preprocess((v) => (v === '' ? undefined : v), offerId.optional()),
  quote_id: publicId('checkout_offer_invalid'),
  direct_settlement: z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean()).optional(),
  /** Made when the page was shown: sending the form twice makes one order. */
  attempt: z.string({ error: 'checkout_offer_invalid' }).regex(/^[A-Za-z0-9_-]{16,64}$/, 'checkout_offer_invalid'),
  token: captchaToken.optional(),
  /** How many travellers the quote insures: their names are asked (`traveller_1_first_name` …); 0 for other products. */
  travellers: z.preprocess((v) => (v === '' || v === undefined ? 0 : Number(v)), z.number().int().min(0).max(9)).optional(),
  ...travellerNameFields,
})).transform((values) => {
  const insured = insuredOf(values, values.travellers ?? 0)
  return { ...values, ...(insured ? { insured } : {}) }
})
export type CheckoutFormInput = z.infer<typeof CheckoutFormInput>

export const Money = z.object({ amount: z.number().int(), currency: z.string().length(3) })

/** Where the browser goes to pay: a form to submit (`POST` with `fields`) or a link (`GET`). */
export const PaymentRedirect = z.object({ method: z.enum(['GET', 'POST']), url: z.string(), fields: z.record(z.string(), z.string()) })
export type PaymentRedirect = z.infer<typeof PaymentRedirect>

const day = z.iso.date()

export const OrderPolicyView = z.object({
  id: z.uuid(),
  offer_id: z.string(),
  insurer: z.object({ code: z.string(), name: z.string() }),
  status: z.enum(['pending', 'issued', 'failed']),
  premium: Money,
  number: z.string().nullable(),
  series: z.string().nullable(),
  start_date: day.nullable(),
  end_date: day.nullable(),
  /** API path of the PDF (owner only), once issued. */
  document_url: z.string().nullable(),
  /** The public page the document's QR code opens, once issued. */
  verification_url: z.string().nullable(),
})

export const OrderView = z.object({
  id: z.uuid(),
  product: z.string(),
  status: OrderStatus,
  total: Money,
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
  /**
   * A code when a payment failed (`declined`, `insufficient_funds`, `amount_mismatch`: paid for
   * another amount, refunded), the money came after the offer could be bought (`paid_too_late`,
   * with `expired`: refunded) or the insurer refused (`insurer_refused`).
   */
  failure_reason: z.string().nullable(),
  /** The quote of the order's (main) offer: an expired order asks it again (`POST /quotes/{id}/renew`). */
  quote_id: z.string(),
  /** The first (for RCA the only) policy once issued. */
  policy: z
    .object({ number: z.string(), series: z.string().nullable(), start_date: day, end_date: day, document_url: z.string() })
    .nullable(),
  policies: z.array(OrderPolicyView),
  /** The documents the buyer accepted before paying, in their editions; accepted at `created_at`. */
  accepted_documents: z.array(LegalDocument.omit({ url: true })),
})
export type OrderView = z.infer<typeof OrderView>

export const OrderCreated = z.object({
  data: OrderView.extend({
    payment: PaymentRedirect,
    /** Only for a guest, only in this answer: read the order later with the `X-Order-Token` header. */
    access_token: z.string().optional(),
  }),
})
export const OrderLookup = z.object({ data: OrderView })
export const OrderPayment = z.object({ data: z.object({ id: z.uuid(), status: OrderStatus, payment: PaymentRedirect }) })

export const OrderListQuery = z.object({
  page: z.coerce.number({ error: 'page_invalid' }).int('page_invalid').min(1, 'page_invalid').max(10_000, 'page_invalid').default(1),
  per_page: z.coerce.number({ error: 'per_page_invalid' }).int('per_page_invalid').min(1, 'per_page_invalid').max(100, 'per_page_invalid').default(20),
})
export const OrderList = z.object({
  data: z.array(OrderView),
  meta: z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int() }),
})

export const OrderIdParams = z.object({ id: z.uuid({ error: 'order_id_invalid' }) })

/**
 * The long-poll of `GET /api/v1/orders/{id}`: the thank-you page's fallback when its realtime
 * channel is down, one request held while nothing changes instead of one read every few seconds.
 */
export const OrderPollQuery = z.object({
  /** Answer as soon as the order's status is another than this one (the status the caller has). */
  status: z.enum(ORDER_STATUSES, { error: 'poll_status_invalid' }).optional(),
  /** Seconds to wait for that (at most 25); without it the order is answered at once. */
  wait: z.coerce.number({ error: 'poll_wait_invalid' }).min(0, { error: 'poll_wait_invalid' }).max(25, { error: 'poll_wait_invalid' }).optional(),
})
export const OrderPolicyParams = OrderIdParams.extend({ policyId: z.uuid({ error: 'order_id_invalid' }) })

/** Operator views. */
export const OperatorOrderListQuery = z.object({ status: OrderStatus.optional(), limit: z.coerce.number().int().min(1).max(200).default(50) })
export const OperatorOrderList = z.object({
  data: z.array(OrderView.extend({ customer_email: z.string(), payment_id: z.string().nullable(), payment_attempts: z.number().int() })),
})
export const OperatorRetryResult = z.object({ data: z.object({ id: z.uuid(), status: OrderStatus, queued: z.boolean() }) })
