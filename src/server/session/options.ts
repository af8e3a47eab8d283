import type { SessionOptions } from 'iron-session'
import type { SessionUser } from '~/contract/session'
import type { AppConfig } from '../../../app.config'

export interface SessionData {
  /** The provider's access token. Only ever read on the server. */
  accessToken?: string
  /** When the access token expires (epoch ms). */
  expiresAt?: number
  /** Who is signed in, as the provider last described them. */
  user?: SessionUser
}

/** The cookie's base name; see `sessionCookieName` for the name actually used. */
export const SESSION_COOKIE = 'asiguro_session'
const DEFAULT_TTL_SECONDS = 60 * 60

type CookieConfig = Pick<AppConfig, 'APP_ENV' | 'PUBLIC_URL'>

/**
 * Whether the cookie must be Secure: always in production (a production site is served over
 * HTTPS, whatever `PUBLIC_URL` says), and whenever the site is reached over HTTPS.
 */
export function secureSessionCookie(config: CookieConfig): boolean {
  return config.APP_ENV === 'production' || config.PUBLIC_URL.startsWith('https://')
}

/**
 * The session cookie's name. With a Secure cookie it carries the `__Host-` prefix, so the
 * browser accepts it only when Secure, with `Path=/` and no `Domain`: a sibling subdomain or a
 * plain-HTTP response cannot plant or shadow it. Plain-HTTP development and tests keep
 * `asiguro_session` (browsers refuse `__Host-` cookies that are not Secure).
 */
export function sessionCookieName(config: CookieConfig): string {
  return secureSessionCookie(config) ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE
}

/** Cookie and sealing settings: httpOnly, SameSite=Lax, Path=/, no Domain; Secure and `__Host-` as above. */
export function sessionOptions(config: Pick<AppConfig, 'SESSION_SECRET' | 'PUBLIC_URL' | 'APP_ENV'>, ttlSeconds = DEFAULT_TTL_SECONDS): SessionOptions {
  return {
    cookieName: sessionCookieName(config),
    password: config.SESSION_SECRET,
    ttl: ttlSeconds,
    cookieOptions: {
      httpOnly: true,
      secure: secureSessionCookie(config),
      sameSite: 'lax',
      path: '/', // `__Host-` requires exactly this, and no `domain`
    },
  }
}
