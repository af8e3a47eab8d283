import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { EmailReminder } from '~/features/account/profile-page'
import { requireSignedIn } from '~/features/auth/guards'
import { CookieSettingsButton } from '~/features/consent/consent-banner'
import { AccountLayout } from '~/features/shell/layouts'
import { accountTools } from './-account-tools'

/** Account pages: signed-in only; anonymous visitors sign in and come back. */
export const Route = createFileRoute('/_account')({
  beforeLoad: ({ context, location }) => {
    const to = requireSignedIn(context.session, location.href, context.sessionEnded)
    if (to) throw redirect(to)
    if (!context.session.user) throw redirect({ to: '/authenticate' })
    return { userId: context.session.user.id, user: context.session.user }
  },
  component: AccountRoute,
})

function AccountRoute() {
  const { user } = Route.useRouteContext()
  return (
    <AccountLayout footerExtras={<CookieSettingsButton />} accountTools={accountTools}>
      {/* Every account page reminds the holder until the address is confirmed. */}
      <EmailReminder email={user.email} verified={user.email_verified !== false} />
      <Outlet />
    </AccountLayout>
  )
}
