import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PaymentRedirectPage } from '~/features/checkout/checkout-pages'
import { pageTitle } from '~/ui/page-title'

export const Route = createFileRoute('/_minimal/wait-to-be-redirected/payment-processor')({
  head: ({ match }) => pageTitle(match, msg`Secure payment`),
  component: PaymentRedirectPage,
})
