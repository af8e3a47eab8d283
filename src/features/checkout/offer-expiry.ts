import { earliestStart } from '~/contract/earliest-start'

/**
 * Whether an offer can no longer be bought, by the API's own rule (`offerForCheckout`): its
 * quote's validity has passed, or its cover would start before the product's earliest start by
 * now. Both only become true with time, so the page and the server agree once the API said so.
 */
export function offerRanOut(quote: { expires_at: string; product: string }, offer: { start_date: string } | undefined, now: number): boolean {
  return Date.parse(quote.expires_at) <= now || (offer !== undefined && offer.start_date < earliestStart(quote.product, new Date(now)))
}
