import { createFileRoute, Outlet } from '@tanstack/react-router'
import { SignOutButton } from '~/features/auth/sign-out'
import { CookieSettingsButton } from '~/features/consent/consent-banner'
import { DefaultLayout } from '~/features/shell/layouts'

export const Route = createFileRoute('/_default')({
  component: () => (
    <DefaultLayout footerExtras={<CookieSettingsButton />} signOut={<SignOutButton />}>
      <Outlet />
    </DefaultLayout>
  ),
})
