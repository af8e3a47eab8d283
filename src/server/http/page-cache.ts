import { CONSENT_COOKIE, LOCALE_COOKIE, THEME_COOKIE } from '~/contract/preferences'
import { negotiateLocale } from '~/i18n/locales'
import { createNonce } from './security-headers'

/**
 * A one-second cache of the HTML of public pages rendered for anonymous visitors (decision 82).
 * Under load many visitors ask for the same few pages within a second, and each render costs
 * milliseconds of CPU (docs/benchmarks.md); a page that depends on nothing but its address, the
 * language and the two preference cookies is the same for all of them.
 *
 * Only a GET of a page outside the private and one-off flows, carrying no cookie but the theme,
 * consent and language ones and no `Authorization`, may be answered from here; only a 200 HTML
 * answer that sets no cookie and is not `no-store` is kept. The key is the full URL (host
 * included), the language the page would negotiate, and those three cookies' values. The CSP
 * nonce is the one per-answer value in a page: each answer from the cache gets a fresh one,
 * replaced in the HTML and the policy. Every change to what public pages show (site state,
 * insurers, redirect rules) drops the cache at once, and a render that began before a change is
 * not kept.
 */
const TTL_MS = 1000
const MAX_PAGES = 200

/** Paths never answered from the cache: private pages and flows whose pages are one visitor's. */
const PRIVATE_PREFIXES = ['/account', '/checkout', '/api', '/_serverFn', '/authenticate', '/confirm-email', '/thank-you', '/wait-to-be-redirected', '/verify', '/orders', '/sandbox', '/maintenance']
const PREFERENCE_COOKIES = new Set([THEME_COOKIE, CONSENT_COOKIE, LOCALE_COOKIE])

interface CachedPage {
  status: number
  headers: [string, string][]
  body: string
  /** The CSP nonce the page was rendered with, replaced in every answer. */
  nonce: string | undefined
  expires: number
}

const pages = new Map<string, CachedPage>()
/** Renders in progress by key: visitors arriving meanwhile wait for the same render. */
const rendering = new Map<string, Promise<CachedPage | undefined>>()
/** Bumped by every drop: a render that began before it is not kept. */
let generation = 0

/** Forgets every cached page: what public pages show has changed (called by the site state, insurers, redirect rules). */
export function dropCachedPages(): void {
  generation++
  pages.clear()
  rendering.clear()
}

/** The cache key of a page request, or undefined when its answer must not come from the cache (or go into it). */
export function pageCacheKey(request: Request, pathname: string): string | undefined {
  if (request.method !== 'GET' || request.headers.has('authorization')) return undefined
  if (PRIVATE_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`) || pathname.startsWith(`${prefix}-`))) return undefined
  const preferences: Record<string, string> = {}
  for (const pair of (request.headers.get('cookie') ?? '').split(';')) {
    if (pair.trim() === '') continue
    const eq = pair.indexOf('=')
    const name = (eq === -1 ? pair : pair.slice(0, eq)).trim()
    // Any other cookie (the session, a form's flash, a draft, a sign-in in progress) may change the page.
    if (!PREFERENCE_COOKIES.has(name)) return undefined
    preferences[name] = eq === -1 ? '' : pair.slice(eq + 1).trim()
  }
  return [request.url, negotiateLocale(request.headers.get('accept-language')), preferences[LOCALE_COOKIE], preferences[THEME_COOKIE], preferences[CONSENT_COOKIE]].join('\n')
}

/**
 * The page for `key`: from the cache while fresh, else rendered by `render` (one render for the
 * visitors asking at the same time) and kept when it may be.
 */
export async function cachedPage(key: string, render: () => Promise<Response>): Promise<{ response: Response; cached: boolean }> {
  const hit = pages.get(key)
  if (hit && hit.expires > Date.now()) return { response: answerFrom(hit), cached: true }
  const pending = rendering.get(key)
  if (pending) {
    const page = await pending.catch(() => undefined) // that render's own visitor hears of its failure
    if (page) return { response: answerFrom(page), cached: true }
    return { response: await render(), cached: false } // that answer was not one to share
  }
  const started = generation
  let own: Response | undefined
  const done = (async () => {
    own = await render()
    if (!keepable(own)) return undefined
    const body = await own.text()
    const headers = [...own.headers].filter(([name]) => name !== 'x-request-id')
    const page: CachedPage = { status: own.status, headers, body, nonce: nonceOf(own.headers.get('content-security-policy')), expires: Date.now() + TTL_MS }
    if (generation === started) store(key, page)
    return page
  })()
  rendering.set(key, done)
  try {
    const page = await done
    return { response: page ? answerFrom(page, false) : (own as Response), cached: false }
  } finally {
    if (rendering.get(key) === done) rendering.delete(key)
  }
}

function keepable(response: Response): boolean {
  return (
    response.status === 200 &&
    (response.headers.get('content-type') ?? '').startsWith('text/html') &&
    response.headers.getSetCookie().length === 0 &&
    !(response.headers.get('cache-control') ?? '').includes('no-store')
  )
}

function store(key: string, page: CachedPage): void {
  if (pages.size >= MAX_PAGES) {
    const now = Date.now()
    for (const [k, p] of pages) if (p.expires <= now) pages.delete(k)
    if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value as string)
  }
  pages.set(key, page)
}

/** A page's answer; one from the cache gets a nonce of its own (the first visitor keeps the one it was rendered with). */
function answerFrom(page: CachedPage, freshNonce = true): Response {
  if (!page.nonce || !freshNonce) return new Response(page.body, { status: page.status, headers: page.headers })
  const from = page.nonce
  const to = createNonce()
  return new Response(page.body.replaceAll(from, to), { status: page.status, headers: page.headers.map(([name, value]): [string, string] => [name, value.replaceAll(from, to)]) })
}

function nonceOf(policy: string | null): string | undefined {
  return policy?.match(/'nonce-([^']+)'/)?.[1]
}
