import { purchaseOf } from '../products'
import type { CheckoutOffer } from './ports'

export type BundleProblem = { index: number; reason: 'bundle_mixed_quotes' | 'bundle_pad_required' }

/**
 * What may be paid together: the offers of one order come from one quote, and an offer that
 * needs a base (optional home cover needs a PAD) has it in the same order, unless its quote
 * named one (its product says which: `ProductPurchase.bundle`). `index` is the offer's place in
 * the order (0 the main offer), so the refusal names its field.
 */
export function bundleProblem(offers: readonly CheckoutOffer[]): BundleProblem | undefined {
  const mixed = offers.findIndex((offer) => offer.quoteId !== offers[0]?.quoteId)
  if (mixed > 0) return { index: mixed, reason: 'bundle_mixed_quotes' }
  const withBase = offers.some((offer) => purchaseOf(offer.product)?.bundle?.isBase(offer.details))
  const baseless = withBase ? -1 : offers.findIndex((offer) => purchaseOf(offer.product)?.bundle?.needsBase(offer.details, offer.insurerPayload))
  if (baseless >= 0) return { index: baseless, reason: 'bundle_pad_required' }
  return undefined
}
