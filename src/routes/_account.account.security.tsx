import { createFileRoute } from '@tanstack/react-router'
import { accountPages } from '~/features/account/account-pages'
import { sessionsQuery } from '~/features/account/queries'
import { SecurityPage } from '~/features/account/security-page'
import { TwoFactorSettings } from '~/features/two-factor/two-factor-settings'
import { getMyTwoFactor } from '~/features/two-factor/two-factor.functions'
import { pageTitle } from '~/ui/page-title'

/** The account and two-factor features composed: their pages never import each other. */
export const Route = createFileRoute('/_account/account/security')({
  loader: async ({ context }) => {
    const [twoFactor] = await Promise.all([getMyTwoFactor(), context.queryClient.query(sessionsQuery(context.userId))])
    return { twoFactor }
  },
  head: ({ match }) => pageTitle(match, accountPages.security.title),
  component: Security,
})

function Security() {
  const { twoFactor } = Route.useLoaderData()
  const { userId, session, publicConfig } = Route.useRouteContext()
  const settings = (
    <TwoFactorSettings
      current={twoFactor}
      required={session.twoFactor?.is_two_factor_auth_required === true}
      email={session.user?.email ?? ''}
      captchaProvider={publicConfig.CAPTCHA_PROVIDER}
    />
  )
  return <SecurityPage userId={userId} twoFactor={settings} />
}
