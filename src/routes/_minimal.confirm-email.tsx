import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ConfirmEmailPage } from '~/features/account/confirm-email-page'
import { pageTitle } from '~/ui/page-title'
import { oneOf, searchParams, text } from '~/contract/search-params'

const validateSearch = searchParams({
  token: text(200),
  // Where a post without JavaScript lands: what the link did (never the address).
  confirmed: oneOf('verify', 'change'),
})

/** Opened from a mailed confirmation link, by anyone: the token is the proof. */
export const Route = createFileRoute('/_minimal/confirm-email')({
  validateSearch,
  head: ({ match }) => pageTitle(match, msg`Confirm your e-mail address`),
  component: function ConfirmEmail() {
    const { token, confirmed } = Route.useSearch()
    const { session } = Route.useRouteContext()
    return <ConfirmEmailPage token={token} signedIn={session.user !== null} confirmed={confirmed} />
  },
})
