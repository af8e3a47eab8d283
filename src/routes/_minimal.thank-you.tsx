import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ThankYouPage } from '~/features/checkout/checkout-pages'
import { pageTitle } from '~/ui/page-title'

export const Route = createFileRoute('/_minimal/thank-you')({
  head: ({ match }) => pageTitle(match, msg`Thank you`),
  component: ThankYouPage,
})
