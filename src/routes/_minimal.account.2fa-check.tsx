import { msg } from '@lingui/core/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { internalPath } from '~/contract/paths'
import { requireSignedIn } from '~/features/auth/guards'
import { SignOutButton } from '~/features/auth/sign-out'
import { TwoFactorCheckPage } from '~/features/two-factor/two-factor-check-page'
import { getMyTwoFactor } from '~/features/two-factor/two-factor.functions'
import { pageTitle } from '~/ui/page-title'
import { searchParams, text } from '~/contract/search-params'

const validateSearch = searchParams({ last_url: text(2048) })

/** Signed-in only, outside the two-factor gate; `last_url` is where to return afterwards. */
export const Route = createFileRoute('/_minimal/account/2fa-check')({
  validateSearch,
  beforeLoad: ({ context, location, search }) => {
    const to = requireSignedIn(context.session, location.href, context.sessionEnded)
    if (to) throw redirect(to)
    // Nothing left to confirm (no second factor, or this session passed it): go on.
    if (context.session.twoFactor?.is_active !== false) throw redirect({ href: internalPath(search.last_url) ?? '/account/orders' })
  },
  loader: async () => {
    const factor = await getMyTwoFactor()
    if (!factor) throw redirect({ to: '/account/orders' })
    return factor
  },
  head: ({ match }) => pageTitle(match, msg`Confirm it is you`),
  component: function TwoFactorCheck() {
    const factor = Route.useLoaderData()
    const { last_url } = Route.useSearch()
    const { session, publicConfig } = Route.useRouteContext()
    return (
      <TwoFactorCheckPage
        providerCode={factor.provider_code}
        email={session.user?.email ?? ''}
        returnTo={last_url}
        captchaProvider={publicConfig.CAPTCHA_PROVIDER}
        signOut={<SignOutButton />}
      />
    )
  },
})
