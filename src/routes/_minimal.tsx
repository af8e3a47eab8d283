import { createFileRoute, Outlet } from '@tanstack/react-router'
import { SignOutButton } from '~/features/auth/sign-out'
import { MinimalLayout } from '~/features/shell/layouts'

export const Route = createFileRoute('/_minimal')({
  component: () => (
    <MinimalLayout signOut={<SignOutButton />}>
      <Outlet />
    </MinimalLayout>
  ),
})
