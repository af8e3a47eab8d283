import type { SessionOptions } from 'iron-session'
import type { AppConfig } from '../../../app.config'

export interface SessionData {
  /** The provider's access token. Only ever read on the server. */
  accessToken?: string
  /** When the access token expires (epoch ms). */
  expiresAt?: number
}

export const SESSION_COOKIE = 'asiguro_session'
const DEFAULT_TTL_SECONDS = 60 * 60

/** Cookie and sealing settings: httpOnly, SameSite=Lax, Secure whenever the site is served over HTTPS. */
export function sessionOptions(config: Pick<AppConfig, 'SESSION_SECRET' | 'PUBLIC_URL'>, ttlSeconds = DEFAULT_TTL_SECONDS): SessionOptions {
  return {
    cookieName: SESSION_COOKIE,
    password: config.SESSION_SECRET,
    ttl: ttlSeconds,
    cookieOptions: {
      httpOnly: true,
      secure: config.PUBLIC_URL.startsWith('https://'),
      sameSite: 'lax',
      path: '/',
    },
  }
}
