/**
 * The security headers of every page, server-function and API response (OWASP ASVS 5.0 V3):
 * values only, built from the public URL and the response's CSP nonce. No request state,
 * no configuration lookup: `src/start.ts` and the API (`src/server/api/app.ts`) apply them,
 * `tests/unit/security-headers.test.ts` checks them. See docs/decisions/0012-content-security-policy.md.
 */
import { createHash, randomBytes } from 'node:crypto'
import { captchaCspSources } from '~/contract/captcha-widgets'

/** A fresh CSP nonce: 128 random bits, base64. One per HTML response, never reused. */
export function createNonce(): string {
  return randomBytes(16).toString('base64')
}

/**
 * Hashes of the one `<style>` element the app's JavaScript creates itself: sonner (the toasts)
 * inserts its stylesheet at load with `document.head.appendChild(style)` and no way to pass a
 * nonce. It appends the element empty, then its text, and the browser checks both states, so
 * both hashes are listed. `tests/unit/security-headers.test.ts` recomputes them from the
 * installed sonner: a sonner upgrade that changes its CSS fails there, not in production.
 */
export const SONNER_STYLE_HASHES = [
  'sha256-StEaX+se6YS7pqjzrzMIA0KaX9zF/8zAhvQXZAe5epY=', // sonner 2.0.8 dist/index.mjs `__insertCSS(…)`
  'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=', // the empty string: the element before its text is added
] as const

const NONCE = /^[A-Za-z0-9+/]{16,}={0,2}$/

function checkedNonce(nonce: string): string {
  // The nonce is written into a header and into HTML attributes: only base64 may pass.
  if (!NONCE.test(nonce)) throw new Error('CSP nonce must be base64 of at least 12 random bytes')
  return nonce
}

const isHttps = (publicUrl: string) => new URL(publicUrl).protocol === 'https:'

/** The WebSocket origin of the site itself (`ws:` beside `http:`, `wss:` beside `https:`), for realtime. */
function sameHostWebSocket(publicUrl: string): string {
  const url = new URL(publicUrl)
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`
}

/** A realtime WebSocket origin elsewhere than the site (`realtimeSocketEndpoint`), e.g. hosted Pusher. */
export interface RealtimeSocketPolicy {
  host: string
  port: number | undefined
  tls: boolean
}

const webSocketOrigin = (socket: RealtimeSocketPolicy) => `${socket.tls ? 'wss:' : 'ws:'}//${socket.host}${socket.port ? `:${socket.port}` : ''}`

/** The configured captcha (`CAPTCHA_PROVIDER`, `CAPTCHA_SCRIPT_URL`): reCAPTCHA and Turnstile widgets need their origins allowed. */
export interface CaptchaPolicy {
  provider: string
  scriptUrl?: string | undefined
}

const withSources = (head: string, sources: string[] | undefined) => (sources?.length ? `${head} ${sources.join(' ')}` : head)

/**
 * The enforced policy of an HTML page. Scripts run only with this response's nonce, or when a
 * nonced script loads them ('strict-dynamic': the code-split chunks and their preloads); no
 * inline script, `eval` or script URL from elsewhere. Styles: same-origin stylesheets, nonced
 * `<style>` elements and sonner's (by hash); no 'unsafe-inline'.
 *
 * With reCAPTCHA or Turnstile configured (and only then), their origins join `script-src`
 * (for browsers without 'strict-dynamic'; the others load the widget because our nonced code
 * inserts it), `frame-src` (the widget's iframe) and `connect-src`; see `captchaCspSources`.
 */
export function documentContentSecurityPolicy(options: { nonce: string; publicUrl: string; captcha?: CaptchaPolicy; realtime?: RealtimeSocketPolicy | undefined; formTargets?: string[] | undefined }): string {
  const nonce = `'nonce-${checkedNonce(options.nonce)}'`
  const captcha = options.captcha ? captchaCspSources(options.captcha.provider, options.captcha.scriptUrl) : undefined
  const directives = [
    "default-src 'self'",
    withSources(`script-src 'self' ${nonce} 'strict-dynamic'`, captcha?.script),
    `style-src 'self' ${nonce} ${SONNER_STYLE_HASHES.map((hash) => `'${hash}'`).join(' ')}`,
    "img-src 'self' data:",
    "font-src 'self'",
    // Named, not left to script-src: 'strict-dynamic' there ignores 'self', and the virtual cards' service worker is a same-origin file.
    "worker-src 'self'",
    withSources(`connect-src 'self' ${options.realtime ? webSocketOrigin(options.realtime) : sameHostWebSocket(options.publicUrl)}`, captcha?.connect),
    ...(captcha ? [withSources("frame-src 'self'", captcha.frame)] : []),
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
    // The payment redirect page posts to the card processor, so its origin is a form target too.
    withSources("form-action 'self'", options.formTargets),
  ]
  if (isHttps(options.publicUrl)) directives.push('upgrade-insecure-requests')
  return directives.join('; ')
}

/**
 * The policy of a response that is not a page (server functions and the API answer data):
 * nothing in it may load or run anything, and nobody may frame it.
 */
export const DATA_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

/**
 * The policy of a page the server writes whole and without script (the API reference): the
 * data policy plus its own inline stylesheets, allowed by hash.
 */
export function staticPageContentSecurityPolicy(styles: readonly string[]): string {
  const hashes = styles.map((css) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`)
  return `default-src 'none'; style-src ${hashes.join(' ')}; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`
}

/**
 * Every security header of a response. `nonce` is given for pages (HTML) and selects the
 * document policy; without it the response gets the data policy.
 */
export function securityHeaders(options: SiteSecurity & { nonce?: string }): Record<string, string> {
  return securityHeadersOf(options)(options.nonce)
}

export interface SiteSecurity {
  publicUrl: string
  captcha?: CaptchaPolicy
  realtime?: RealtimeSocketPolicy | undefined
  formTargets?: string[] | undefined
}

/** Stands for the nonce while the policy is built once; replaced by each page's own. */
const NONCE_MARK = 'bm9uY2UtbWFyay1vbmNlAA=='

/**
 * `securityHeaders` for one site's settings, built once: every response of the site gets the
 * same headers but a page's policy, which differs by its nonce alone (set into the policy built
 * around a mark). The server keeps one per configuration instead of building them per request.
 */
export function securityHeadersOf(site: SiteSecurity): (nonce?: string) => Record<string, string> {
  const policyParts = documentContentSecurityPolicy({ ...site, nonce: NONCE_MARK }).split(NONCE_MARK)
  const common = commonHeaders(site.publicUrl)
  return (nonce) => ({ 'content-security-policy': nonce === undefined ? DATA_CONTENT_SECURITY_POLICY : policyParts.join(checkedNonce(nonce)), ...common })
}

function commonHeaders(publicUrl: string): Record<string, string> {
  const headers: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    // Pages that need one of these (payment) must redefine the header for themselves. The
    // position is allowed to the site itself (the road assistance form asks for it, decision 70):
    // a client-side navigation keeps the first page's document and so its policy, which a
    // header of that one page could not change.
    'permissions-policy': 'camera=(), microphone=(), geolocation=(self), payment=()',
  }
  // HSTS only where the site really is HTTPS: on a plain-HTTP origin it would be ignored at
  // best, and would lock a development host out of HTTP at worst.
  if (isHttps(publicUrl)) headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains'
  return headers
}

/**
 * Cache-Control of a page or server-function response. Anything tied to a session (the request
 * carries the session cookie, or the response sets it) and every server-function answer must
 * never be stored; a public page may be kept by the browser alone, revalidated on every use.
 */
export function cacheControl(options: { serverFunction: boolean; session: boolean }): 'no-store' | 'private, no-cache' {
  return options.serverFunction || options.session ? 'no-store' : 'private, no-cache'
}

/** Whether a `Cookie` request header holds a (non-empty) cookie of that name. */
export function requestHasCookie(cookieHeader: string | null | undefined, name: string): boolean {
  if (!cookieHeader) return false
  return cookieHeader.split(';').some((pair) => {
    const eq = pair.indexOf('=')
    return eq > 0 && pair.slice(0, eq).trim() === name && pair.slice(eq + 1).trim() !== ''
  })
}

/** Whether one of these `Set-Cookie` values sets (or clears) the cookie of that name. */
export function responseSetsCookie(setCookies: readonly string[], name: string): boolean {
  return setCookies.some((cookie) => {
    const eq = cookie.indexOf('=')
    return eq > 0 && cookie.slice(0, eq).trim() === name
  })
}
