import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { CheckoutPage } from '~/features/checkout/checkout-page'
import { getCheckout } from '~/features/checkout/checkout.functions'
import { RenewQuoteForm } from '~/features/quotes/renew-quote'
import { pageTitle } from '~/ui/page-title'
import { oneOf, publicId, searchParams, uuid } from '~/contract/search-params'

const validateSearch = searchParams({
  offer: publicId,
  quote: publicId,
  /** An offer bought with it in one payment (optional home cover with the PAD). */
  with: publicId,
  ds: oneOf(1),
  /** Opened from a renewal card: its address fills the form, and a late renewal is warned of. */
  renewal: uuid,
})

/** The checkout of an offer chosen in a comparison. */
export const Route = createFileRoute('/_master/checkout')({
  validateSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ deps }) => ({
    checkout:
      deps.offer && deps.quote
        ? await getCheckout({
            data: { quote: deps.quote, offer: deps.offer, with: deps.with, ds: deps.ds === 1, renewal: deps.renewal },
          })
        : null,
    now: Date.now(),
  }),
  head: ({ match }) => pageTitle(match, msg`Checkout`),
  component: function Checkout() {
    const { publicConfig } = Route.useRouteContext()
    const { checkout, now } = Route.useLoaderData()
    const renewal = checkout ? <RenewQuoteForm quote={checkout.quoteId} captchaProvider={publicConfig.CAPTCHA_PROVIDER} /> : null
    return (
      <div className="page">
        <CheckoutPage checkout={checkout} now={now} captchaProvider={publicConfig.CAPTCHA_PROVIDER} renewal={renewal} legal={publicConfig} />
      </div>
    )
  },
})
