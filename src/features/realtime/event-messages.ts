import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import type { ProductCode } from '~/contract/constants'
import { formatDate } from '~/i18n/dates'
import { isLocale } from '~/i18n/locales'
import type { RealtimeEvent } from './connection'

/** What ends, as the subject of an end reminder's sentence. */
const endingProduct: Record<ProductCode, MessageDescriptor> = {
  rca: msg`Your RCA policy`,
  travel: msg`Your travel insurance`,
  'house-insurance': msg`Your home insurance`,
  'ro-vignette': msg`Your Romanian road vignette`,
  'hu-vignette': msg`Your Hungarian vignette`,
}

export interface EventMessage {
  title: string
  detail?: string
  /** The toast to show at once, for events that need attention; none for the others. */
  toast?: 'warning' | 'info' | 'success'
  /** Where the notification leads: a page of the site (a renewal's one-click checkout has its id in the path). */
  action?: { label: string; to: '/account/security' | '/account/orders' | '/directbooking' | `/account/renewals/${string}` | `/account/vehicles/${string}` }
}

/** "… ends in 7 days, on 12 May 2027." or "… ends tomorrow, 12 May 2027." */
function endsSentence(i18n: I18n, what: string, which: string, endDate: string, days: number): string {
  const date = formatDate(endDate, isLocale(i18n.locale) ? i18n.locale : 'ro')
  return days === 1 ? i18n._(msg`${what} (${which}) ends tomorrow, ${date}.`) : i18n._(msg`${what} (${which}) ends in ${plural(days, { one: '# day', other: '# days' })}, on ${date}.`)
}

/** A prepared renewal's notification opens its one-click checkout (decision 131), as its mail does. */
const renewAction = (i18n: I18n, renewalId: string) => ({ label: i18n._(msg`Renew now`), to: `/account/renewals/${renewalId}` as const })

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
    case 'order.updated': {
      const orders = { label: i18n._(msg`My orders`), to: '/account/orders' as const }
      switch (event.payload.status) {
        case 'issued':
          return { title: i18n._(msg`Your policy has been issued and sent by e-mail.`), toast: 'success', action: orders }
        case 'paid':
          return { title: i18n._(msg`Payment received. Your policy is being issued.`), toast: 'info' }
        case 'payment_failed':
          return { title: i18n._(msg`The payment did not go through. You can try again.`), toast: 'warning', action: orders }
        case 'refunded':
          return { title: i18n._(msg`The insurer could not issue the policy; your money has been refunded.`), toast: 'warning', action: orders }
        default:
          return { title: i18n._(msg`One of your orders was updated.`), action: orders }
      }
    }
    case 'vehicle.note-reminder': {
      const { registration_plate: plate, title } = event.payload
      return { title: i18n._(msg`Reminder for ${plate}: ${title}`), toast: 'info' }
    }
    case 'policy.end-reminder': {
      const { product, registration_plate, number, end_date, days_before: days, renewal_id: renewal } = event.payload
      return {
        title: endsSentence(i18n, i18n._(endingProduct[product]), registration_plate ?? number, end_date, days),
        detail: renewal ? i18n._(msg`Fresh prices are ready: renew in one click.`) : i18n._(msg`Renew it in good time; your documents are in My orders.`),
        toast: 'info',
        action: renewal ? renewAction(i18n, renewal) : { label: i18n._(msg`My orders`), to: '/account/orders' },
      }
    }
    case 'vehicle.end-reminder': {
      const { product, registration_plate: plate, vehicle_id: vehicle, end_date, days_before: days, renewal_id: renewal } = event.payload
      return {
        title: endsSentence(i18n, i18n._(endingProduct[product]), plate, end_date, days),
        detail: renewal ? i18n._(msg`Fresh prices are ready: renew in one click.`) : i18n._(msg`Compare prices for the next one, or write its new last day on the vehicle's page.`),
        toast: 'info',
        action: renewal ? renewAction(i18n, renewal) : { label: i18n._(msg`The vehicle`), to: `/account/vehicles/${vehicle}` },
      }
    }
    case 'direct-booking.updated': {
      const { reference, registration_plate: plate } = event.payload
      const action = { label: i18n._(msg`See the request`), to: '/directbooking' as const }
      switch (event.payload.status) {
        case 'dispatched':
          return { title: i18n._(msg`Help is on the way to ${plate} (${reference}).`), detail: i18n._(msg`Stay safe, near the vehicle, and keep your phone at hand.`), toast: 'success', action }
        case 'in_progress':
          return { title: i18n._(msg`The crew is working on your request ${reference}.`), toast: 'info', action }
        case 'closed':
          return { title: i18n._(msg`Your request ${reference} is closed.`), toast: 'info', action }
        case 'cancelled':
          return { title: i18n._(msg`Your request ${reference} was cancelled.`), detail: i18n._(msg`If you still need help, send a new request or call us.`), toast: 'warning', action }
        default:
          return { title: i18n._(msg`Your request ${reference} was received.`), toast: 'info', action }
      }
    }
  }
}
