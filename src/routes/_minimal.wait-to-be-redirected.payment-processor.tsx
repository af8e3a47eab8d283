import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PaymentRedirectPage } from '~/features/checkout/checkout-pages'
import { getPaymentRedirect } from '~/features/checkout/payment-redirect.functions'
import { pageTitle } from '~/ui/page-title'
import { searchParams, text } from '~/contract/search-params'

const validateSearch = searchParams({ payment: text(64), order: text(64) })

/** Carries the buyer to the card processor with a form that submits itself (a button without JavaScript). */
export const Route = createFileRoute('/_minimal/wait-to-be-redirected/payment-processor')({
  validateSearch,
  loaderDeps: ({ search }) => ({ payment: search.payment, order: search.order }),
  loader: ({ deps }) => getPaymentRedirect({ data: { payment: deps.payment, order: deps.order } }),
  head: ({ match }) => pageTitle(match, msg`Secure payment`),
  component: function PaymentRedirect() {
    return <PaymentRedirectPage redirect={Route.useLoaderData()} />
  },
})
