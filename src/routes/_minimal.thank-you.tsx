import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ThankYouPage } from '~/features/checkout/checkout-pages'
import { getOrder } from '~/features/checkout/checkout.functions'
import { RenewQuoteForm } from '~/features/quotes/renew-quote'
import { useOrderUpdates } from '~/features/realtime/live-updates'
import { pageTitle } from '~/ui/page-title'
import { searchParams, uuid } from '~/contract/search-params'

const validateSearch = searchParams({ order: uuid })

/** Where the card processor sends the buyer back (`?order=…`): the order's status, live. */
export const Route = createFileRoute('/_minimal/thank-you')({
  validateSearch,
  loaderDeps: ({ search }) => ({ order: search.order }),
  loader: async ({ deps }) => ({
    order: deps.order ? await getOrder({ data: { id: deps.order } }) : null,
  }),
  // The title follows the order as it came back: a failed payment is not thanked for.
  head: ({ match, loaderData }) => pageTitle(match, loaderData?.order?.status === 'payment_failed' ? msg`Payment failed` : msg`Thank you`),
  component: function ThankYou() {
    const { publicConfig } = Route.useRouteContext()
    const { order } = Route.useLoaderData()
    const changes = useOrderUpdates(order?.id ?? '')
    const renewal = order ? <RenewQuoteForm quote={order.quote_id} captchaProvider={publicConfig.CAPTCHA_PROVIDER} /> : null
    return <ThankYouPage order={order} changes={changes} renewal={renewal} />
  },
})
