import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { DirectBookingPage } from '~/features/pages/direct-booking-page'
import { pageTitle } from '~/ui/page-title'

export const Route = createFileRoute('/_master/directbooking')({
  head: ({ match }) => pageTitle(match, msg`Direct booking`),
  component: DirectBookingPage,
})
