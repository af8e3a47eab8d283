import type { I18n, MessageDescriptor } from '@lingui/core'

/** What a route's `head` receives about its own match. */
export interface HeadMatch {
  status: string
  _notFound?: unknown
  globalNotFound?: boolean
  context: { i18n: I18n; publicConfig?: { BRAND_NAME: string } }
}

/** A match that ended in an error or a not-found: the error page names the document, not the page. */
export function isFailedMatch(match: Omit<HeadMatch, 'context'>): boolean {
  return match.status === 'error' || match.status === 'notFound' || Boolean(match._notFound) || Boolean(match.globalNotFound)
}

/** `<title>` of a page: its own name, then the brand. Used from routes' `head`. */
export function pageTitle(match: HeadMatch, name: MessageDescriptor | string) {
  if (isFailedMatch(match)) return {}
  const text = typeof name === 'string' ? name : match.context.i18n._(name)
  return { meta: [{ title: `${text} · ${match.context.publicConfig?.BRAND_NAME ?? 'Asiguro'}` }] }
}

/**
 * The head of a page that shows the hero band: its background image (`--hero-image` in app.css)
 * is the page's largest paint, and the browser would find it only once the page is styled
 * (Lighthouse counted 1.4 s of load delay on `/rca`); announced here, it loads with the page
 * (decision 80). A failed match shows the error page instead, which has no hero.
 */
export function withHeroImage<H extends object>(match: HeadMatch, head: H) {
  if (isFailedMatch(match)) return head
  return { ...head, links: [{ rel: 'preload', as: 'image', href: '/images/hero.svg', type: 'image/svg+xml', fetchPriority: 'high' as const }] }
}
