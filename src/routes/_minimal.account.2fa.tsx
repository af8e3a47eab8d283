import { msg } from '@lingui/core/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { z } from 'zod/mini'
import { TwoFactorSetupPage } from '~/features/auth/auth-pages'
import { requireSignedIn } from '~/features/auth/guards'
import { pageTitle } from '~/ui/page-title'

/** Signed-in only, outside the two-factor gate; `last_url` is where to return afterwards. */
export const Route = createFileRoute('/_minimal/account/2fa')({
  validateSearch: z.object({ last_url: z.catch(z.optional(z.string()), undefined) }),
  beforeLoad: ({ context, location }) => {
    const to = requireSignedIn(context.session, location.href, context.sessionEnded)
    if (to) throw redirect(to)
  },
  head: ({ match }) => pageTitle(match, msg`Two-step sign-in`),
  component: TwoFactorSetupPage,
})
