import { createFileRoute, Outlet } from '@tanstack/react-router'
import { CookieSettingsButton } from '~/features/consent/consent-banner'
import { DefaultLayout } from '~/features/shell/layouts'
import { accountTools } from './-account-tools'

export const Route = createFileRoute('/_default')({
  component: () => (
    <DefaultLayout footerExtras={<CookieSettingsButton />} accountTools={accountTools}>
      <Outlet />
    </DefaultLayout>
  ),
})
