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
  return value
}

/** The message of a failed page validity check (spec §2): "Page Not Found: {path}". */
export function pageNotFoundMessage(pathname: string): string {
  return `Page Not Found: ${pathname}`
}
