import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { requireSignedIn } from '~/features/auth/guards'
import { SignOutButton } from '~/features/auth/sign-out'
import { CookieSettingsButton } from '~/features/consent/consent-banner'
import { AccountLayout } from '~/features/shell/layouts'

/** Account pages: signed-in only; anonymous visitors sign in and come back. */
export const Route = createFileRoute('/_account')({
  beforeLoad: ({ context, location }) => {
    const to = requireSignedIn(context.session, location.href, context.sessionEnded)
    if (to) throw redirect(to)
  },
  component: () => (
    <AccountLayout footerExtras={<CookieSettingsButton />} signOut={<SignOutButton />}>
      <Outlet />
    </AccountLayout>
  ),
})
