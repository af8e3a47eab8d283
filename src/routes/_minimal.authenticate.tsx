import { msg } from '@lingui/core/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { z } from 'zod/mini'
import { AuthenticatePage } from '~/features/auth/authenticate-page'
import { requireGuest } from '~/features/auth/guards'
import { pageTitle } from '~/ui/page-title'

const text = z.catch(z.optional(z.string().check(z.maxLength(2048))), undefined)

/** Guests only. `mode` picks the form; `last_url` is where to go after signing in; `reason` says why the visitor is here. */
export const Route = createFileRoute('/_minimal/authenticate')({
  validateSearch: z.object({
    mode: z.catch(z.optional(z.enum(['sign-in', 'register', 'forgot', 'reset'])), undefined),
    last_url: text,
    email: text,
    reset_token: text,
    reason: z.catch(z.optional(z.literal('inactivity')), undefined),
  }),
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
        captchaProvider={publicConfig.CAPTCHA_PROVIDER}
        google={Boolean(publicConfig.GOOGLE_CLIENT_ID)}
      />
    )
  },
})
