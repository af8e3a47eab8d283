import type { OrderInsured } from '~/contract/orders'
import { log } from '../log'
import { purchaseOf } from '../products'
import type { CheckoutOffer } from './ports'

/** The checkout did not give what the product asks (every traveller's name). */
export class MissingInsured extends Error {
  constructor(readonly asks: 'travellers') {
    super(`${asks} not given`)
    this.name = 'MissingInsured'
  }
}

/**
 * What the policy of `offer` holds, built by its product from the quote's `policy` part, the offer
 * and the checkout's answers, and checked with the product's schema: stored with the policy, read
 * by its document. Null for a quote made before its product kept that part (it prints the plain
 * document); `MissingInsured` when the checkout left out what the product asks.
 */
export function policyFactsOf(offer: CheckoutOffer, insured: OrderInsured | undefined): unknown {
  const purchase = purchaseOf(offer.product)
  if (!purchase) return null
  const built = purchase.facts.safeParse(purchase.policyFacts({ policy: offer.policy, insurerCode: offer.insurerCode, details: offer.details, insured }))
  if (built.success) return built.data
  if (purchase.asks && built.error.issues.some((issue) => issue.path[0] === purchase.asks)) throw new MissingInsured(purchase.asks)
  log.warn('orders.policy_facts_missing', { offerId: offer.id, issues: built.error.issues.length })
  return null
}
