import type { AppConfig } from '../../../app.config'

/**
 * Outside production the site answers on every name of the machine (`localhost`, `127.0.0.1`, a
 * LAN address), but a cookie belongs to one host name: a visitor who starts on one name and comes
 * back from the card processor on another loses the session and the cookie choice. So a page asked
 * for on another host than PUBLIC_URL's (or the listening origin it defaults to) is sent there
 * first, before anything sets a cookie. In production the proxy in front decides which names reach
 * the site, and PUBLIC_URL is required.
 */
export function canonicalOriginRedirect(request: Request, config: Pick<AppConfig, 'APP_ENV' | 'PUBLIC_URL' | 'TRUST_PROXY_HOPS'>): Response | undefined {
  if (config.APP_ENV === 'production' || !config.PUBLIC_URL) return undefined
  // A form posted to another name is not replayed; its page was already sent to the right one.
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
  const canonical = new URL(config.PUBLIC_URL)
  const url = new URL(request.url)
  // The name the browser used: a trusted proxy's forwarded host, else the Host header.
  const forwarded = config.TRUST_PROXY_HOPS > 0 ? request.headers.get('x-forwarded-host')?.split(',')[0]?.trim() : undefined
  const host = (forwarded || request.headers.get('host') || url.host).toLowerCase()
  if (host === canonical.host) return undefined
  return new Response(null, { status: 307, headers: { location: `${canonical.origin}${url.pathname}${url.search}`, 'cache-control': 'no-store' } })
}
