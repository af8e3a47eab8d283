import { SignOutButton } from '~/features/auth/sign-out'
import { NotificationCentre } from '~/features/realtime/notification-centre'

/** The header controls of a signed-in visitor, composed from their features for every layout. */
export function AccountTools() {
  return (
    <>
      <NotificationCentre />
      <SignOutButton />
    </>
  )
}
