import { createFileRoute, Outlet } from '@tanstack/react-router'
import { MinimalLayout } from '~/features/shell/layouts'
import { accountTools } from './-account-tools'

export const Route = createFileRoute('/_minimal')({
  component: () => (
    <MinimalLayout accountTools={accountTools}>
      <Outlet />
    </MinimalLayout>
  ),
})
