import type { RcaStep } from '~/features/rca/rca-steps-model'
import { lazyParts } from '~/ui/lazy-parts'

/**
 * The parts of the RCA page that are not in its first load (decision 80): the quote form in
 * steps (with the form toolkit and TanStack Form) and the offers (with the renewal form of an
 * expired one).
 */
export const rcaQuote = lazyParts(() => import('~/features/rca/rca-page'))
export const rcaOffers = lazyParts(() => import('~/features/quotes/offers-list'))

/**
 * What the RCA page's loader awaits: the code of what the page shows, so that it renders in full
 * on the server (a browser without JavaScript gets the whole form) and at once on a client
 * navigation.
 */
export function preloadRcaParts(step: RcaStep | undefined) {
  return Promise.all([rcaQuote.preload(), step === 'offers' ? rcaOffers.preload() : undefined])
}
