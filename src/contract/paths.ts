/** Path helpers shared by the browser and the server (no zod). */

/**
 * `value` when it is a path on this site (`/…`, not `//host` or `/\host`, no control
 * characters), else undefined. Guards every "return to" parameter against open redirects.
 */
export function internalPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2048) return undefined
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return undefined
  // As a browser reads it, on this site: percent-encoded, so a redirect's Location header takes any
  // character typed (`/。evil.example`, a lone surrogate) instead of answering 500.
  let url: URL
  try {
    url = new URL(value, INTERNAL_ORIGIN)
  } catch {
    return undefined
  }
  // Dot segments can leave `//host` behind (`/.//evil.example`): refused like the typed form.
  if (url.origin !== INTERNAL_ORIGIN || url.pathname.startsWith('//')) return undefined
  return `${url.pathname}${url.search}${url.hash}`
}

const INTERNAL_ORIGIN = 'http://site.internal'

/** The message of a failed page validity check (spec §2): "Page Not Found: {path}". */
export function pageNotFoundMessage(pathname: string): string {
  return `${NOT_FOUND_PREFIX}${pathname}`
}

const NOT_FOUND_PREFIX = 'Page Not Found: '

/** The path named by a `pageNotFoundMessage`, so the 404 page can say it in the visitor's language. */
export function pathOfNotFoundMessage(message: unknown): string | undefined {
  return typeof message === 'string' && message.startsWith(NOT_FOUND_PREFIX) ? message.slice(NOT_FOUND_PREFIX.length) : undefined
}
