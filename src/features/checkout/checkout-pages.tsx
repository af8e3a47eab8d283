import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'

/** `/thank-you`: where the visitor lands after paying. */
export function ThankYouPage() {
  return (
    <>
      <h1>
        <Trans>Thank you for your order</Trans>
      </h1>
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

/** `/wait-to-be-redirected/payment-processor`: shown while the browser is handed to the card processor. */
export function PaymentRedirectPage() {
  return (
    <>
      <h1>
        <Trans>Taking you to the secure payment page</Trans>
      </h1>
      <p role="status" aria-live="polite">
        <Trans>Please wait and do not close this window. You pay on the card processor’s secure page, then come back here automatically.</Trans>
      </p>
      <p className="muted">
        <Trans>Nothing happens? There is no payment in progress in this window. Start again from the product you want to buy.</Trans>
      </p>
      <Link to="/insurance">
        <Trans>See the products</Trans>
      </Link>
    </>
  )
}
