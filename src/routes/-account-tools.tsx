import { lazy, Suspense } from 'react'
import { SignOutButton } from '~/features/auth/sign-out'
import { NotificationBell } from '~/features/realtime/notification-bell'
import type { AccountToolSlots } from '~/features/shell/site-header'

/** The popover of the notification centre loads after the page, for signed-in visitors only (decision 78). */
const NotificationCentre = lazy(() => import('~/features/realtime/notification-centre').then((module) => ({ default: module.NotificationCentre })))

/** The header controls of a signed-in visitor, composed from their features for every layout. */
export const accountTools: AccountToolSlots = {
  alerts: (
    <Suspense fallback={<NotificationBell />}>
      <NotificationCentre />
    </Suspense>
  ),
  // The virtual cards kept for offline use belong to the account that leaves; loaded only then.
  actions: <SignOutButton onSignedOut={() => import('~/features/virtual-cards/offline').then((offline) => offline.forgetOfflineCards())} />,
}
