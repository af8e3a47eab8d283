import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod/mini'
import { ConfirmEmailPage } from '~/features/account/confirm-email-page'
import { pageTitle } from '~/ui/page-title'

/** Opened from a mailed confirmation link, by anyone: the token is the proof. */
export const Route = createFileRoute('/_minimal/confirm-email')({
  validateSearch: z.object({ token: z.catch(z.optional(z.string().check(z.maxLength(200))), undefined) }),
  head: ({ match }) => pageTitle(match, msg`Confirm your e-mail address`),
  component: function ConfirmEmail() {
    const { token } = Route.useSearch()
    const { session } = Route.useRouteContext()
    return <ConfirmEmailPage token={token} signedIn={session.user !== null} />
  },
})
