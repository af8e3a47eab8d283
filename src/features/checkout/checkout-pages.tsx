import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef, type ReactNode } from 'react'
import type { OrderStatus, OrderView } from '~/contract/orders'
import type { PaymentRedirect } from '~/contract/payments'
import { OrderProgress, useLiveOrder } from './order-status'

/**
 * `/thank-you`: where the processor sends the buyer back; with the order, its live status. The
 * heading and the closing words follow that status: a failed payment is not thanked for and is
 * not told that the policy follows. `renewal`: the one-click way to fresh offers,
 * shown when the order expired.
 */
export function ThankYouPage({ order, changes, renewal }: { order: OrderView | null; changes: number; renewal?: ReactNode }) {
  return order ? <LiveOrderPage key={order.id} initial={order} changes={changes} renewal={renewal} /> : <OrderPageText status={null} />
}

function LiveOrderPage({ initial, changes, renewal }: { initial: OrderView; changes: number; renewal?: ReactNode }) {
  const order = useLiveOrder(initial, changes)
  return <OrderPageText status={order.status} progress={<OrderProgress order={order} renewal={renewal} />} />
}

function OrderPageText({ status, progress }: { status: OrderStatus | null; progress?: ReactNode }) {
  const underway = status === null || status === 'awaiting_payment' || status === 'paid' || status === 'issued'
  return (
    <>
      <h1>
        <OrderHeading status={status} />
      </h1>
      {progress}
      {status === null || status === 'awaiting_payment' || status === 'paid' ? (
        <p>
          <Trans>As soon as the payment is confirmed, the insurer issues the policy and we send it to you by e-mail. It usually takes a few minutes.</Trans>
        </p>
      ) : null}
      {status === 'payment_failed' ? (
        <p>
          <Trans>Your order is kept. To pay again, press “Pay again”: you go back to the card processor’s secure page, where you can use the same card or another one.</Trans>
        </p>
      ) : null}
      {underway ? (
        <p>
          <Trans>Nothing arrived after an hour? Look in the spam folder, then write to us with the e-mail address you used.</Trans>
        </p>
      ) : null}
      <Link to="/" className="button">
        <Trans>Back to the home page</Trans>
      </Link>
    </>
  )
}

function OrderHeading({ status }: { status: OrderStatus | null }) {
  switch (status) {
    case 'payment_failed':
      return <Trans>The payment did not go through</Trans>
    case 'expired':
      return <Trans>The offer expired</Trans>
    case 'issue_failed':
      return <Trans>The policy could not be issued</Trans>
    case 'refunded':
      return <Trans>The payment was refunded</Trans>
    default:
      return <Trans>Thank you for your order</Trans>
  }
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
