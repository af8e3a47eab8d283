import { useLingui } from '@lingui/react/macro'
import type { ConnectionState } from './connection'
import { useLiveUpdates, type ReceivedNotification } from './live-updates'

/** The number of unread notifications and the bell's accessible name. */
export function useBellLabel(notifications: readonly Pick<ReceivedNotification, 'read'>[]) {
  const { t } = useLingui()
  const unread = notifications.filter((n) => !n.read).length
  return { unread, label: unread > 0 ? t`Notifications, ${unread} unread` : t`Notifications` }
}

/** What the header's bell shows: the icon, the unread count and the connection dot. */
export function BellFace({ unread, state }: { unread: number; state: ConnectionState | null }) {
  return (
    <>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {unread > 0 ? (
        <span className="notification-button__count" aria-hidden="true">
          {unread}
        </span>
      ) : null}
      <span className={`live-dot live-dot--${state === 'connected' ? 'on' : 'off'}`} aria-hidden="true" />
    </>
  )
}

/**
 * The bell while the notification centre (its popover, about 20 KB gzip with Radix and Floating
 * UI) loads: the same button, so nothing moves when the real one takes its place. The centre is
 * loaded after the page, for signed-in visitors only (decision 78).
 */
export function NotificationBell() {
  const { state, notifications } = useLiveUpdates()
  const { unread, label } = useBellLabel(notifications)
  return (
    <button type="button" className="icon-button notification-button" aria-label={label} aria-haspopup="dialog" data-state-live={state ?? 'connecting'}>
      <BellFace unread={unread} state={state} />
    </button>
  )
}
