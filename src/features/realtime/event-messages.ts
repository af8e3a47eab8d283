import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { RealtimeEvent } from './connection'

export interface EventMessage {
  title: string
  detail?: string
  /** The toast to show at once, for events that need attention; none for the others. */
  toast?: 'warning' | 'info' | 'success'
  action?: { label: string; to: '/account/security' }
}

/** What each event of the catalogue says to the user, in their language. Features add theirs here with their events. */
export function describeEvent(event: RealtimeEvent, i18n: I18n): EventMessage {
  switch (event.name) {
    case 'account.signed-in': {
      const { device, ip } = event.payload
      return {
        title: ip ? i18n._(msg`New sign-in from ${device} (${ip}).`) : i18n._(msg`New sign-in from ${device}.`),
        detail: i18n._(msg`If it was not you, change your password and sign out the other devices.`),
        toast: 'warning',
        action: { label: i18n._(msg`Review`), to: '/account/security' },
      }
    }
    case 'account.two-factor-changed':
      return event.payload.enabled
        ? { title: i18n._(msg`Two-step sign-in was turned on.`), toast: 'info' }
        : {
            title: i18n._(msg`Two-step sign-in was turned off.`),
            detail: i18n._(msg`If it was not you, change your password now.`),
            toast: 'warning',
            action: { label: i18n._(msg`Review`), to: '/account/security' },
          }
  }
}
