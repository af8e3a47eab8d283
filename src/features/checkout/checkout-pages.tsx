import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef, type ReactNode } from 'react'
import type { OrderView } from '~/contract/orders'
import type { PaymentRedirect } from '~/contract/payments'
import { OrderProgress } from './order-status'

/** `/thank-you`: where the processor sends the buyer back; with the order, its live status. */
/** `renewal`: the one-click way to fresh offers, shown when the order expired. */
export function ThankYouPage({ order, changes, renewal }: { order: OrderView | null; changes: number; renewal?: ReactNode }) {
  return (
    <>
      <h1>
        <Trans>Thank you for your order</Trans>
      </h1>
      {order ? <OrderProgress key={order.id} order={order} changes={changes} renewal={renewal} /> : null}
      <p>
        <Trans>As soon as the payment is confirmed, the insurer issues the policy and we send it to you by e-mail. It usually takes a few minutes.</Trans>
      </p>
      <p>
        <Trans>Nothing arrived after an hour? Look in the spam folder, then write to us with the e-mail address you used.</Trans>
      </p>
      <Link to="/" className="button">
        <Trans>Back to the home page</Trans>
      </Link>
    </>
  )
}

/** `/wait-to-be-redirected/payment-processor`: the form that hands the browser to the card processor. */
export function PaymentRedirectPage({ redirect }: { redirect: PaymentRedirect | null }) {
  const form = useRef<HTMLFormElement>(null)
  // With JavaScript the form goes at once; without, the visitor presses the button.
  useEffect(() => {
    form.current?.submit()
  }, [redirect])
  if (!redirect) {
    return (
      <>
        <h1>
          <Trans>There is nothing to pay here</Trans>
        </h1>
        <p>
          <Trans>This payment was already made or is no longer open. Your orders and their status are in your account; to buy again, start from the product you want.</Trans>
        </p>
        <Link to="/insurance">
          <Trans>See the products</Trans>
        </Link>
      </>
    )
  }
  const url = new URL(redirect.url)
  // A GET form replaces the action's query, so its parameters travel as fields.
  const fields = redirect.method === 'GET' ? { ...Object.fromEntries(url.searchParams), ...redirect.fields } : redirect.fields
  return (
    <>
      <h1>
        <Trans>Taking you to the secure payment page</Trans>
      </h1>
      <p role="status" aria-live="polite">
        <Trans>Please wait and do not close this window. You pay on the card processor’s secure page, then come back here automatically.</Trans>
      </p>
      <form ref={form} method={redirect.method === 'GET' ? 'get' : 'post'} action={redirect.method === 'GET' ? `${url.origin}${url.pathname}` : redirect.url}>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className="button">
          <Trans>Continue to payment</Trans>
        </button>
      </form>
    </>
  )
}
