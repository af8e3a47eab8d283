import { Trans, useLingui } from '@lingui/react/macro'
import { Popover } from 'radix-ui'
import { formatDate } from '~/i18n/dates'
import { isLocale } from '~/i18n/locales'
import { BellFace, useBellLabel } from './notification-bell'
import type { ConnectionState } from './connection'
import { describeEvent } from './event-messages'
import { liveUpdates, useLiveUpdates } from './live-updates'

/** The connection state in words, unobtrusively: a dot in the header button, a sentence in the panel. */
function useStateLabel(state: ConnectionState | null): string {
  const { t } = useLingui()
  switch (state) {
    case 'connected':
      return t`Live updates are on.`
    case 'connecting':
    case 'initialized':
    case null:
      return t`Connecting to live updates…`
    case 'unavailable':
      return t`Live updates are unavailable; we keep trying.`
    case 'failed':
      return t`Live updates are not supported by this browser.`
    case 'disconnected':
      return t`Live updates are paused; reconnecting…`
  }
}

/**
 * The notification centre of a signed-in visitor: a header button with the number of unread
 * notifications and the connection state, opening the list of what arrived in this visit.
 */
export function NotificationCentre() {
  const { t, i18n } = useLingui()
  const { state, notifications } = useLiveUpdates()
  const { markAllRead, clear } = liveUpdates
  const { unread, label } = useBellLabel(notifications)
  const stateLabel = useStateLabel(state)
  const locale = isLocale(i18n.locale) ? i18n.locale : 'ro'
  return (
    <Popover.Root onOpenChange={(open) => (open ? undefined : markAllRead())}>
      <Popover.Trigger className="icon-button notification-button" aria-label={label} data-state-live={state ?? 'connecting'}>
        <BellFace unread={unread} state={state} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="notification-panel" align="end" sideOffset={8} aria-label={t`Notifications`}>
          <div className="notification-panel__head">
            <h2>
              <Trans>Notifications</Trans>
            </h2>
            {notifications.length > 0 ? (
              <button type="button" className="link-button" onClick={clear}>
                <Trans>Clear</Trans>
              </button>
            ) : null}
          </div>
          <p className="notification-panel__state muted" role="status" data-connection-state={state ?? 'connecting'}>
            {stateLabel}
          </p>
          {notifications.length === 0 ? (
            <p className="empty-state">
              <Trans>Nothing new. Sign-ins to your account and changes to its security show up here as they happen.</Trans>
            </p>
          ) : (
            <ul className="notification-list">
              {notifications.map((item) => {
                const message = describeEvent(item.event, i18n)
                return (
                  <li key={item.id} className={item.read ? 'notification' : 'notification notification--unread'}>
                    <p className="notification__title">{message.title}</p>
                    {message.detail ? <p className="notification__detail">{message.detail}</p> : null}
                    {message.action ? (
                      <p className="notification__action">
                        <a href={message.action.to}>{message.action.label}</a>
                      </p>
                    ) : null}
                    <p className="notification__time muted">
                      <time dateTime={item.receivedAt}>{formatDate(item.receivedAt, locale, 'time')}</time>
                    </p>
                  </li>
                )
              })}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
