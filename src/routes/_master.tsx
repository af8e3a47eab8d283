import { createFileRoute, Outlet } from '@tanstack/react-router'
import { CookieSettingsButton } from '~/features/consent/consent-banner'
import { MasterLayout } from '~/features/shell/layouts'
import { accountTools } from './-account-tools'

export const Route = createFileRoute('/_master')({
  component: () => (
    <MasterLayout footerExtras={<CookieSettingsButton />} accountTools={accountTools}>
      <Outlet />
    </MasterLayout>
  ),
})
