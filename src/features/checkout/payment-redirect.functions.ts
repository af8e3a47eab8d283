import { createServerFn } from '@tanstack/react-start'
import { OrderLookup, OrderPayment } from '~/contract/orders'
import { PaymentRedirectEnvelope, PaymentRedirectSearch, type PaymentRedirect } from '~/contract/payments'
import { getConfig } from '~/server/config'
import { paymentOrigins } from '~/server/web/payment-origins'
import { ProviderError } from '~/server/provider'
import { contractInput } from '~/server/web/forms'
import { callProvider } from '~/server/web/request'
import { orderAccessHeaders } from './order-access.server'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The open payment of an order of this visitor's: only while it awaits payment (reading it changes nothing). */
async function openPaymentOf(orderId: string): Promise<PaymentRedirect | null> {
  const headers = await orderAccessHeaders(orderId)
  const { data: order } = await callProvider(`/orders/${orderId}`, {
    headers,
    schema: OrderLookup,
  })
  if (order.status !== 'awaiting_payment') return null
  // While the payment is awaited this answers the current one and starts nothing new.
  const { data } = await callProvider(`/orders/${orderId}/payments`, {
    method: 'POST',
    headers,
    schema: OrderPayment,
  })
  return data.payment
}

/**
 * The form that carries the visitor to the card processor, or null when there is nothing to pay
 * (paid already, unknown, not theirs). Only ever to the configured processor's origin: anything
 * else is treated as nothing to pay, so this page cannot be made to send a visitor elsewhere.
 */
export const getPaymentRedirect = createServerFn({ method: 'GET' })
  .validator(contractInput(PaymentRedirectSearch))
  .handler(async ({ data }): Promise<PaymentRedirect | null> => {
    try {
      let redirect: PaymentRedirect | null = null
      if (data.order && UUID.test(data.order)) redirect = await openPaymentOf(data.order)
      else if (data.payment && UUID.test(data.payment))
        redirect = (
          await callProvider(`/payments/${data.payment}/redirect`, {
            schema: PaymentRedirectEnvelope,
          })
        ).data
      return redirect && paymentOrigins(getConfig()).includes(new URL(redirect.url).origin) ? redirect : null
    } catch (error) {
      if (error instanceof ProviderError && [404, 409, 422].includes(error.status)) return null
      throw error
    }
  })
