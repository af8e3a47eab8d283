import { randomBytes } from 'node:crypto'
import { RenewalList } from '~/contract/renewals'
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { UserLookup } from '~/contract/auth'
import { CheckoutFormInput, IDEMPOTENCY_HEADER, travellerNameField, OrderCreated, OrderLookup, OrderPayment, OrderStatus, StoreFromProductPageResult, type OrderView } from '~/contract/orders'
import { QuoteEnvelope, QuoteId, OfferId } from '~/contract/quotes'
import { ProviderError } from '~/server/provider'
import { rememberSignIn } from '~/server/web/auth-session'
import { getSession } from '~/server/session/session'
import { answerForm, contractInput, formInput } from '~/server/web/forms'
import { ontoFormFields } from '~/server/web/provider-fields'
import { callProvider } from '~/server/web/request'
import { offerRanOut } from './offer-expiry'
import { orderAccessHeaders, rememberGuestOrder } from './order-access.server'

/**
 * The checkout: the offer with what it costs, the buyer's details, then the order
 * and its payment. A guest's account is made by `store-from-product-page` (decision 55): a new
 * e-mail is signed in, an e-mail that has an account is not, and the order goes to that account.
 */

const notFound = <T>(error: unknown, value: T): T => {
  if (error instanceof ProviderError && (error.status === 404 || error.status === 422)) return value
  throw error
}

/**
 * What the checkout shows: the chosen offer (and the one bought with it: optional home cover with
 * its PAD), what the quote is for (`subject`, repeated before paying), the total and the buyer.
 */
export const getCheckout = createServerFn({ method: 'GET' })
  .validator(contractInput(z.object({ quote: QuoteId, offer: OfferId, with: OfferId.optional(), ds: z.boolean(), renewal: z.uuid().optional() })))
  .handler(async ({ data }) => {
    const quote = await callProvider(`/quotes/${data.quote}`, {
      schema: QuoteEnvelope,
    })
      .then((q) => q.data)
      .catch((error: unknown) => notFound(error, null))
    const buyable = (id: string) => quote?.offers.find((o) => o.id === id && o.status === 'offered' && o.premium)
    const offer = buyable(data.offer)
    const bundled = data.with && data.with !== data.offer ? buyable(data.with) : undefined
    if (!quote || !offer || (data.with && !bundled)) return null
    const session = await getSession()
    const user = session.accessToken
      ? await callProvider('/auth/user', { schema: UserLookup })
          .then((u) => u.data)
          .catch(() => null)
      : null
    // From a renewal card: the last policy's address, and whether the old cover has ended (the warning).
    const renewal =
      user && data.renewal
        ? ((await callProvider('/renewals', { schema: RenewalList })
            .then((list) => list.data.find((r) => r.id === data.renewal && r.quote_id === quote.id))
            .catch(() => undefined)) ?? null)
        : null
    const directSettlement = data.ds && offer.direct_settlement ? offer.direct_settlement : null
    return {
      product: quote.product,
      quoteId: quote.id,
      subject: quote.subject ?? null,
      bonusMalus: quote.bonus_malus ?? null,
      offer,
      bundled: bundled ?? null,
      directSettlement,
      total: {
        amount: (offer.premium?.amount ?? 0) + (bundled?.premium?.amount ?? 0) + (directSettlement?.amount ?? 0),
        currency: 'RON' as const,
      },
      expiresAt: quote.expires_at,
      customer: user
        ? {
            first_name: user.first_name,
            last_name: user.last_name,
            email: user.email,
            phone: user.phone_number ?? '',
          }
        : null,
      renewal: renewal ? { late: renewal.late, previousEnd: renewal.previous.end_date, startDate: renewal.start_date, buyer: renewal.buyer } : null,
      /** One per page shown: the idempotency key of the order, so a double submit makes one order. */
      attempt: randomBytes(16).toString('base64url'),
    }
  })

const paymentPage = (orderId: string) => `/wait-to-be-redirected/payment-processor?order=${orderId}`

/** Whether the chosen offer ran out meanwhile (the quote as this visitor reads it). */
async function ranOut(quoteId: string, offerId: string, bearer?: string): Promise<boolean> {
  const quote = await callProvider(`/quotes/${quoteId}`, { schema: QuoteEnvelope, bearer })
    .then((q) => q.data)
    .catch((error: unknown) => notFound(error, null))
  return quote !== null && offerRanOut(quote, quote.offers.find((o) => o.id === offerId), Date.now())
}

export const placeOrder = createServerFn({ method: 'POST' })
  .validator(formInput(CheckoutFormInput))
  .handler(({ data }) =>
    answerForm(
      data,
      async (input) => {
        const customer = {
          first_name: input.first_name,
          last_name: input.last_name,
          email: input.email,
          phone: input.phone,
          address: {
            county: input.county,
            city: input.city,
            street: input.street,
            ...(input.postal_code ? { postal_code: input.postal_code } : {}),
          },
        }
        // The API names the buyer's fields by their place in `customer` (`customer.address.city`), the form by their own (`city`);
        // a traveller's name by its place in `insured` (`insured.travellers.1.last_name`), the form as `traveller_2_last_name`.
        const ontoCheckoutFields = ontoFormFields((path) => {
          const traveller = /^insured\.travellers(?:\.(\d+)\.(first_name|last_name))?/.exec(path)
          if (traveller) return travellerNameField(Number(traveller[1] ?? 0), traveller[2] === 'last_name' ? 'last_name' : 'first_name')
          // The documents are accepted with the box: their message shows beside it.
          if (path.startsWith('accepted_documents')) return 'terms'
          return path.replace(/^customer\.(address\.)?/, '')
        })
        const session = await getSession()
        let token = input.token ?? ''
        let accountExists = false
        let bearer: string | undefined
        if (!session.accessToken) {
          const quote = await callProvider(`/quotes/${input.quote_id}`, {
            schema: QuoteEnvelope,
          })
          // Ran out while the details were typed: no account is made for an offer that cannot be bought.
          if (offerRanOut(quote.data, quote.data.offers.find((o) => o.id === input.offer_id), Date.now())) return { expired: true as const }
          const stored = await callProvider('/users/store-from-product-page', {
            method: 'POST',
            json: { customer, product_id: quote.data.product, token },
            schema: StoreFromProductPageResult,
          }).catch(ontoCheckoutFields)
          if (stored.account_exists) {
            accountExists = true
            token = stored.checkout_ticket
          } else {
            await rememberSignIn(stored)
            bearer = stored.access_token
          }
        }
        const created = await callProvider('/orders', {
          method: 'POST',
          json: {
            offer_id: input.offer_id,
            ...(input.with_offer_id ? { with_offer_ids: [input.with_offer_id] } : {}),
            customer,
            ...(input.insured ? { insured: input.insured } : {}),
            accepted_documents: input.accepted_documents.split(/\s+/).filter(Boolean),
            token,
            ...(input.direct_settlement ? { direct_settlement: true } : {}),
          },
          headers: { [IDEMPOTENCY_HEADER]: input.attempt },
          bearer,
          schema: OrderCreated,
        }).catch(async (error: unknown) => {
          // The API refuses an offer that ran out (422 on `offer_id`): the page then offers fresh ones.
          if (error instanceof ProviderError && error.status === 422 && error.fieldErrors?.offer_id && (await ranOut(input.quote_id, input.offer_id, bearer))) return 'expired' as const
          throw error
        }).catch(ontoCheckoutFields)
        if (created === 'expired') return { expired: true as const }
        if (created.data.access_token) await rememberGuestOrder(created.data.id, created.data.access_token)
        return {
          order: created.data.id,
          accountExists,
          pay: paymentPage(created.data.id),
        }
      },
      // Without JavaScript an offer that ran out brings the visitor back to the checkout, which says so.
      { done: (placed) => ('pay' in placed ? placed.pay : undefined) },
    ),
  )

/** An order of this visitor's (their account's, or one this browser bought as a guest); null for any other. */
export const getOrder = createServerFn({ method: 'GET' })
  .validator(contractInput(z.object({ id: z.uuid(), status: OrderStatus.optional(), wait: z.number().int().min(0).max(20).optional() })))
  .handler(async ({ data }): Promise<OrderView | null> =>
    callProvider(`/orders/${data.id}`, {
      // With `status` and `wait`, the long-poll: answered when the order is no longer in `status`, or after `wait` seconds.
      query: { status: data.status, wait: data.wait === undefined ? undefined : String(data.wait) },
      headers: await orderAccessHeaders(data.id),
      schema: OrderLookup,
    })
      .then((o) => o.data)
      .catch((error: unknown) => notFound(error, null)),
  )

/** After a refused card: a new payment of the same order, then the processor's page again. */
export const payAgain = createServerFn({ method: 'POST' })
  .validator(formInput(z.object({ order: z.uuid({ error: 'order_id_invalid' }) })))
  .handler(({ data }) =>
    answerForm(
      data,
      async ({ order }) => {
        await callProvider(`/orders/${order}/payments`, {
          method: 'POST',
          headers: await orderAccessHeaders(order),
          schema: OrderPayment,
        })
        return { pay: paymentPage(order) }
      },
      { done: (again) => again.pay },
    ),
  )
