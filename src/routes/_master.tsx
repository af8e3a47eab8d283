import { createFileRoute, Outlet } from '@tanstack/react-router'
import { SignOutButton } from '~/features/auth/sign-out'
import { CookieSettingsButton } from '~/features/consent/consent-banner'
import { MasterLayout } from '~/features/shell/layouts'

export const Route = createFileRoute('/_master')({
  component: () => (
    <MasterLayout footerExtras={<CookieSettingsButton />} signOut={<SignOutButton />}>
      <Outlet />
    </MasterLayout>
  ),
})
