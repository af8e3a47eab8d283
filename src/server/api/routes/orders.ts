import {
  IDEMPOTENCY_HEADER,
  ORDER_TOKEN_HEADER,
  OperatorOrderList,
  OperatorOrderListQuery,
  OperatorRetryResult,
  type Customer,
  OrderCreated,
  OrderCreateInput,
  OrderIdParams,
  OrderList,
  OrderListQuery,
  OrderLookup,
  OrderPayment,
  OrderPollQuery,
  OrderPolicyParams,
  StoreFromProductPageInput,
  StoreFromProductPageResult,
} from '~/contract/orders'
import { PolicyCheckQuery, PolicyCheckResult, PolicyVerification, VerificationCodeParams, VirtualCardList } from '~/contract/policy-check'
import { z } from 'zod'
import type { Locale } from '~/i18n/locales'
import { checkPlace } from '../../addresses/siruta'
import { isCheckoutTicket, spendCheckoutTicket } from '../../orders/guest-checkout'
import { OrderFailure } from '../../orders/orders'
import type { OrderAccess } from '../../orders/access'
import { ApiError } from '../errors'
import { fieldSentence } from '../../i18n'
import { requestMeta } from '../request-meta'
import { defineRoute, signedIn, type RouteContext } from '../route'
import { requireCaptcha } from './engagement'

/** Runs a service call, turning its refusals into the API's answers (404 for anything not the caller's). */
async function orderCall<T>(locale: Locale, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (!(error instanceof OrderFailure)) throw error
    switch (error.reason) {
      case 'not_found':
        throw new ApiError(404, 'not_found')
      case 'offer_expired':
      case 'offer_unavailable':
      case 'bundle_mixed_quotes':
      case 'bundle_pad_required':
      case 'travellers_names_required':
      case 'documents_acceptance_required':
      case 'documents_version_stale':
        throw new ApiError(422, 'validation_failed', { [error.field ?? 'offer_id']: [fieldSentence(locale, error.reason)] })
      case 'idempotency_key_invalid':
      case 'idempotency_key_reused':
        throw new ApiError(422, 'validation_failed', { [IDEMPOTENCY_HEADER]: [fieldSentence(locale, error.reason)] })
      case 'payments_unavailable':
        throw new ApiError(503, 'payments_unavailable', undefined, { 'retry-after': '30' })
      case 'order_not_payable':
        throw new ApiError(409, 'order_not_payable')
      case 'document_not_ready':
        throw new ApiError(409, 'document_not_ready')
    }
  }
}

/**
 * The buyer's county and locality must be SIRUTA's (docs/addresses.md): the customer with their
 * official names, else 422 on the field SIRUTA does not know; checked before the captcha, as the
 * body's shape is.
 */
function withOfficialPlace(customer: Customer, locale: Locale): Customer {
  const place = checkPlace(customer.address.county, customer.address.city)
  if (place.ok) return { ...customer, address: { ...customer.address, county: place.county, city: place.locality } }
  const [field, key] = place.problem === 'county_unknown' ? (['customer.address.county', 'customer_county_unknown'] as const) : (['customer.address.city', 'customer_city_unknown'] as const)
  throw new ApiError(422, 'validation_failed', { [field]: [fieldSentence(locale, key)] })
}

/** The caller's right to an order: its owner's session and/or the guest's order token. */
async function accessOf(ctx: RouteContext<unknown, unknown, unknown>): Promise<OrderAccess> {
  const account = ctx.bearer ? await ctx.deps.accounts.authenticate(ctx.bearer) : null
  return { userId: account?.user.id, orderToken: ctx.request.headers.get(ORDER_TOKEN_HEADER) ?? undefined }
}

const pdf = (file: { filename: string; bytes: Uint8Array }) => ({
  binary: file.bytes,
  headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${file.filename}"`, 'cache-control': 'private, no-store' },
})

/** Checkout, orders, policy documents and the public policy check (decisions 53-55). */
export const orderRoutes = [
  defineRoute({
    method: 'POST',
    path: '/users/store-from-product-page',
    tag: 'orders',
    summary:
      'The checkout’s buyer (spec §7). A new e-mail: creates the account (a mailed link sets its password) and answers the session entity, signed in. An e-mail that has an account: answers `account_exists: true` and no session; the order is then attached to that account. Captcha; rate-limited.',
    body: StoreFromProductPageInput,
    response: StoreFromProductPageResult,
    handler: async (ctx) => {
      const customer = withOfficialPlace(ctx.body.customer, ctx.locale)
      await requireCaptcha(ctx.body.token, ctx)
      return { body: await ctx.deps.guestCheckout.store(customer, requestMeta(ctx)) }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/orders',
    tag: 'orders',
    summary:
      'Creates an order from an offer (and `with_offer_ids` for a bundle) and starts its payment. The `Idempotency-Key` header is required: the same key answers the same order. With a bearer the order is the user’s; without one (captcha required, or the `checkout_ticket` that `store-from-product-page` answered for the same e-mail) it belongs to the account of the e-mail if there is one, and the answer carries `access_token`, once, to read it with `X-Order-Token`. An expired offer is refused (422).',
    body: OrderCreateInput,
    response: OrderCreated,
    status: 201,
    handler: async (ctx) => {
      const customer = withOfficialPlace(ctx.body.customer, ctx.locale)
      const account = ctx.bearer ? await ctx.deps.accounts.authenticate(ctx.bearer) : null
      if (ctx.bearer && !account) throw new ApiError(401, 'unauthenticated')
      const { SESSION_SECRET: secret } = ctx.deps.config
      const ticket = !account && isCheckoutTicket(secret, ctx.body.token, ctx.body.customer.email)
      if (!account && !ticket) await requireCaptcha(ctx.body.token, ctx)
      // A ticket buys one order: spent when the order is made, not when the same request is repeated.
      const spendTicket = async () => {
        if (!(await spendCheckoutTicket(ctx.deps.database.db, secret, ctx.body.token, ctx.body.customer.email))) await requireCaptcha(ctx.body.token, ctx) // spent: a captcha as for anyone
      }
      const created = await orderCall(ctx.locale, () =>
        ctx.deps.orders.create({ ...ctx.body, customer }, {
          userId: account?.user.id,
          idempotencyKey: ctx.request.headers.get(IDEMPOTENCY_HEADER),
          locale: ctx.locale,
          ...(ticket ? { beforeNewOrder: spendTicket } : {}),
        }),
      )
      return { body: { data: { ...created.order, payment: created.payment, ...(created.accessToken ? { access_token: created.accessToken } : {}) } } }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/orders',
    tag: 'orders',
    summary: 'The signed-in user’s orders, newest first, paged.',
    auth: 'user',
    query: OrderListQuery,
    response: OrderList,
    handler: async ({ account, query, deps }) => {
      const { data, total } = await deps.orders.list(signedIn(account).user.id, query.page, query.per_page)
      return { body: { data, meta: { page: query.page, per_page: query.per_page, total } } }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/orders/{id}',
    tag: 'orders',
    summary:
      'One order, for its owner (bearer) or the guest holding its token (`X-Order-Token`); 404 for anyone else. Once issued it shows `policy` (and every policy in `policies`). Long-poll: with `status=<the status you have>&wait=<seconds, ≤ 25>` it answers as soon as the status is another, or after `wait`.',
    params: OrderIdParams,
    query: OrderPollQuery,
    response: OrderLookup,
    handler: async (ctx) => {
      const access = await accessOf(ctx)
      const { status, wait } = ctx.query
      const read = () => (status && wait ? ctx.deps.orders.waitFor(ctx.params.id, access, status, wait, ctx.request.signal) : ctx.deps.orders.get(ctx.params.id, access))
      return { body: { data: await orderCall(ctx.locale, read) } }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/orders/{id}/payments',
    tag: 'orders',
    summary: 'A new payment attempt after `payment_failed` (the current one while still awaited). An expired offer moves the order to `expired` (422); any other status answers 409.',
    params: OrderIdParams,
    response: OrderPayment,
    status: 201,
    handler: async (ctx) => {
      const access = await accessOf(ctx)
      return { body: { data: await orderCall(ctx.locale, () => ctx.deps.orders.payAgain(ctx.params.id, access)) } }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/orders/{id}/document',
    tag: 'orders',
    summary: 'The PDF of the order’s (first) policy, to its owner only (bearer or `X-Order-Token`); 409 until issued.',
    params: OrderIdParams,
    response: z.unknown(),
    handler: async (ctx) => {
      const access = await accessOf(ctx)
      return pdf(await orderCall(ctx.locale, () => ctx.deps.orders.document(ctx.params.id, access)))
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/orders/{id}/policies/{policyId}/document',
    tag: 'orders',
    summary: 'The PDF of one policy of a bundle, to its owner only.',
    params: OrderPolicyParams,
    response: z.unknown(),
    handler: async (ctx) => {
      const access = await accessOf(ctx)
      return pdf(await orderCall(ctx.locale, () => ctx.deps.orders.document(ctx.params.id, access, ctx.params.policyId)))
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/policies/check',
    tag: 'policies',
    summary:
      'Whether a vehicle has a valid RCA policy bought here (the national database is not reachable), by `registration_plate` or `vin`, today or on `date` (at most a year back or ahead): valid, the insurer and until when; no personal data. Rate-limited per address.',
    query: PolicyCheckQuery,
    response: PolicyCheckResult,
    handler: async (ctx) => {
      const verdict = await ctx.deps.limiter.hit({ key: `policy-check:ip:${ctx.clientIp ?? 'unknown'}`, max: 30, windowMs: 60_000 })
      if (!verdict.allowed) throw new ApiError(429, 'too_many_requests', undefined, { 'retry-after': String(verdict.retryAfterS) })
      return { body: { data: await ctx.deps.policyChecks.check(ctx.query) } }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/policies/verify/{code}',
    tag: 'policies',
    summary:
      'The policy behind a document’s QR code: valid or not (`status`: in force, not yet in force, ended, cancelled), product, insurer, number, period, the plate partly masked. 404 for an unknown code.',
    params: VerificationCodeParams,
    response: PolicyVerification,
    handler: async ({ params, deps }) => {
      const found = await deps.policyChecks.verify(params.code)
      if (!found) throw new ApiError(404, 'not_found')
      return { body: { data: found } }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/virtual-cards',
    tag: 'policies',
    summary: 'The signed-in user’s virtual cards: one per issued policy that has not ended (in force or starting later), with the page its QR code opens.',
    auth: 'user',
    response: VirtualCardList,
    handler: async ({ account, deps }) => ({ body: { data: await deps.virtualCards.list(signedIn(account).user.id) } }),
  }),
]

/** `npm run cli -- order list|show|retry-issue` goes through these. */
export const orderOperatorRoutes = [
  defineRoute({
    method: 'GET',
    path: '/operator/orders',
    tag: 'operator',
    summary: 'The latest orders, optionally of one status.',
    auth: 'operator',
    query: OperatorOrderListQuery,
    response: OperatorOrderList,
    handler: async ({ query, deps }) => ({ body: { data: await deps.orders.operatorList(query.status, query.limit) } }),
  }),
  defineRoute({
    method: 'GET',
    path: '/operator/orders/{id}',
    tag: 'operator',
    summary: 'One order with its policies, payment and customer e-mail.',
    auth: 'operator',
    params: OrderIdParams,
    response: z.object({ data: OperatorOrderList.shape.data.element }),
    handler: async ({ params, deps, locale }) => ({ body: { data: await orderCall(locale, () => deps.orders.operatorShow(params.id)) } }),
  }),
  defineRoute({
    method: 'POST',
    path: '/operator/orders/{id}/retry-issue',
    tag: 'operator',
    summary: 'Queues issuance again for a paid order, or an `issue_failed` one whose refund has not gone out (it goes back to paid).',
    auth: 'operator',
    params: OrderIdParams,
    response: OperatorRetryResult,
    handler: async ({ params, deps, locale }) => ({ body: { data: await orderCall(locale, () => deps.orders.retryIssue(params.id)) } }),
  }),
]
