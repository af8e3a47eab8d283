import { msg } from '@lingui/core/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { AuthenticatePage } from '~/features/auth/authenticate-page'
import { requireGuest } from '~/features/auth/guards'
import { pageTitle } from '~/ui/page-title'
import { oneOf, searchParams, text } from '~/contract/search-params'

const longText = text(2048)

const validateSearch = searchParams({
  mode: oneOf('sign-in', 'register', 'forgot', 'reset'),
  last_url: longText,
  email: longText,
  reset_token: longText,
  reason: oneOf('inactivity', 'signed_out'),
  // Set by the server functions after a form posted without JavaScript (src/features/auth/auth.functions.ts).
  sent: oneOf('yes'),
  reset: oneOf('yes'),
})

/** Guests only. `mode` picks the form; `last_url` is where to go after signing in; `reason` says why the visitor is here. */
export const Route = createFileRoute('/_minimal/authenticate')({
  validateSearch,
  beforeLoad: ({ context }) => {
    const to = requireGuest(context.session)
    if (to) throw redirect(to)
  },
  head: ({ match }) => pageTitle(match, msg`Sign in`),
  component: function Authenticate() {
    const search = Route.useSearch()
    const { publicConfig } = Route.useRouteContext()
    return (
      <AuthenticatePage
        mode={search.mode ?? 'sign-in'}
        returnTo={search.last_url}
        email={search.email}
        resetToken={search.reset_token}
        reason={search.reason}
        notice={search.sent ? 'reset-sent' : search.reset ? 'password-changed' : undefined}
        captchaProvider={publicConfig.CAPTCHA_PROVIDER}
        google={Boolean(publicConfig.GOOGLE_CLIENT_ID)}
      />
    )
  },
})
