import { earliestStart, HUNGARY_TIME_ZONE } from '~/contract/earliest-start'
import { addDays, zonedInstant } from '~/contract/iso-date'
import { TIME_ZONE } from '~/i18n/locales'

/** What decides how long an offer may be paid for: its quote's validity and the day its cover starts. */
export interface PayableOffer {
  product: string
  expiresAt: Date
  startDate: string | null
}

/**
 * Whether money taken at `at` still buys the offer (decision 91): by the checkout's own rule
 * (`offerForCheckout`), the quote is still valid and the cover would not start before the
 * product's earliest start. So a policy never starts before the moment it was paid for.
 */
export function payableAt(offer: PayableOffer, at: Date): boolean {
  return offer.expiresAt.getTime() > at.getTime() && (offer.startDate === null || offer.startDate >= earliestStart(offer.product, at))
}

/**
 * The last moment the offer can be paid for: the payment page's expiry, sent to the processor.
 * The start-date limit is the first midnight (in either time zone a product's days are counted
 * in) after which the offer stops being payable.
 */
export function payableUntil(offer: PayableOffer): Date {
  if (offer.startDate === null) return offer.expiresAt
  const midnights = [offer.startDate, addDays(offer.startDate, 1)]
    .flatMap((day) => [zonedInstant(day, '00:00', TIME_ZONE), zonedInstant(day, '00:00', HUNGARY_TIME_ZONE)])
    .sort((a, b) => a.getTime() - b.getTime())
  const startLimit = midnights.find((instant) => offer.startDate! < earliestStart(offer.product, instant))
  return startLimit && startLimit < offer.expiresAt ? startLimit : offer.expiresAt
}
