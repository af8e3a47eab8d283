import { pendingSecondStep, type SessionEndNotice, type SessionView } from '~/contract/session'

/**
 * The navigation rules of spec §4, as pure functions of the session and the location, so
 * routes run them in `beforeLoad` and tests run them alone. Each returns where to go
 * instead, or undefined to let the visitor through.
 */
export interface GuardRedirect {
  to: '/authenticate' | '/account/2fa' | '/account/2fa-check' | '/account/orders' | '/account/terms'
  search?: { last_url?: string; reason?: SessionEndNotice }
}

export const TWO_FACTOR_PAGES = ['/account/2fa', '/account/2fa-check'] as const

/**
 * Account pages: anonymous visitors sign in first, then come back here. When the session
 * just ended (idle, revoked), the sign-in page says so (spec §8).
 */
export function requireSignedIn(session: SessionView, href: string, sessionEnded: SessionEndNotice | false = false): GuardRedirect | undefined {
  if (session.user) return undefined
  return { to: '/authenticate', search: sessionEnded ? { last_url: href, reason: sessionEnded } : { last_url: href } }
}

/** `/authenticate`: somebody already signed in goes to their account. */
export function requireGuest(session: SessionView): GuardRedirect | undefined {
  return session.user ? { to: '/account/orders' } : undefined
}

/**
 * The two-factor gate, on every navigation but the two 2fa pages: with two-factor on
 * (globally and for the user) and the session not yet confirmed, enter the code; with
 * two-factor required but not set up, set it up. `last_url` brings the visitor back.
 */
export function twoFactorGate(session: SessionView, pathname: string, href: string): GuardRedirect | undefined {
  if ((TWO_FACTOR_PAGES as readonly string[]).includes(pathname.replace(/\/+$/, ''))) return undefined
  const to = pendingSecondStep(session)
  return to ? { to, search: { last_url: href } } : undefined
}

// The server's navigation needs it too, and src/server never imports a feature: it lives in the contract.
export { pendingSecondStep }

/**
 * Pages an account that owes its acceptance of the terms may still open: the page that asks,
 * the legal texts it links to, and the pages a session passes through before it is whole.
 */
const OPEN_BEFORE_TERMS = ['/account/terms', '/account/2fa', '/account/2fa-check', '/account-deleted', '/maintenance', '/confirm-email']

/**
 * The terms gate: an account that has not accepted the terms in force (made by Google sign-in,
 * by an API client without the box, or before the terms changed) is asked once, on its first
 * signed-in page, before anything else; `last_url` brings it back.
 */
export function termsGate(session: SessionView, pathname: string, href: string): GuardRedirect | undefined {
  if (!session.user?.terms_pending) return undefined
  const path = pathname.replace(/\/+$/, '') || '/'
  if (OPEN_BEFORE_TERMS.includes(path) || path.startsWith('/info/')) return undefined
  return { to: '/account/terms', search: { last_url: href } }
}
