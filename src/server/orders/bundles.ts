import type { CheckoutOffer } from './ports'

export type BundleProblem = { index: number; reason: 'bundle_mixed_quotes' | 'bundle_pad_required' }

/**
 * What may be paid together (issue 12 §2): the offers of one order come from one quote, and
 * optional home cover needs a PAD, either bought in the same order or named by an existing PAD's
 * number in the quote's request (`cover: "optional"`, checked when quoted). `index` is the offer's
 * place in the order (0 the main offer), so the refusal names its field.
 */
export function bundleProblem(offers: readonly CheckoutOffer[]): BundleProblem | undefined {
  const mixed = offers.findIndex((offer) => offer.quoteId !== offers[0]?.quoteId)
  if (mixed > 0) return { index: mixed, reason: 'bundle_mixed_quotes' }
  const withPad = offers.some((offer) => offer.product === 'house-insurance' && offer.details.cover === 'pad')
  const padlessOptional = offers.findIndex(
    (offer) => offer.product === 'house-insurance' && offer.details.cover === 'optional' && offer.insurerPayload?.cover !== 'optional' && !withPad,
  )
  if (padlessOptional >= 0) return { index: padlessOptional, reason: 'bundle_pad_required' }
  return undefined
}
