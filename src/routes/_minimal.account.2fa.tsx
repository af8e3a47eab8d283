import { msg } from '@lingui/core/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { requireSignedIn } from '~/features/auth/guards'
import { TwoFactorSetupPage } from '~/features/two-factor/two-factor-setup-page'
import { getMyTwoFactor } from '~/features/two-factor/two-factor.functions'
import { pageTitle } from '~/ui/page-title'
import { oneOf, searchParams, text } from '~/contract/search-params'

const validateSearch = searchParams({
  last_url: text(2048),
  // Where the first step posted without JavaScript lands once the code is mailed.
  step: oneOf('email-sent'),
})

/** Signed-in only, outside the two-factor gate; `last_url` is where to return afterwards. */
export const Route = createFileRoute('/_minimal/account/2fa')({
  validateSearch,
  beforeLoad: ({ context, location }) => {
    const to = requireSignedIn(context.session, location.href, context.sessionEnded)
    if (to) throw redirect(to)
  },
  loader: () => getMyTwoFactor(),
  head: ({ match }) => pageTitle(match, msg`Two-step sign-in`),
  component: function TwoFactorSetup() {
    const current = Route.useLoaderData()
    const { last_url, step } = Route.useSearch()
    const { session, publicConfig } = Route.useRouteContext()
    return (
      <TwoFactorSetupPage
        current={current}
        email={session.user?.email ?? ''}
        returnTo={last_url}
        required={session.twoFactor?.is_two_factor_auth_required === true}
        captchaProvider={publicConfig.CAPTCHA_PROVIDER}
        initialStep={step}
      />
    )
  },
})
