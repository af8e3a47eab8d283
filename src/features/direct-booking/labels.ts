import { useLingui } from '@lingui/react/macro'
import type { DirectBookingKind, DirectBookingStatus } from '~/contract/direct-booking-constants'

export function useBookingKindLabels(): Record<DirectBookingKind, string> {
  const { t } = useLingui()
  return {
    breakdown: t`Breakdown`,
    accident_with_other_party: t`Accident with the other party`,
    accident_without_other_party: t`Accident without the other party`,
    towing: t`Towing`,
  }
}

export function useBookingStatusLabels(): Record<DirectBookingStatus, string> {
  const { t } = useLingui()
  return {
    received: t`Received`,
    dispatched: t`Help is on the way`,
    in_progress: t`In progress`,
    closed: t`Closed`,
    cancelled: t`Cancelled`,
  }
}
