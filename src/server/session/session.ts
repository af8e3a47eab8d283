import '@tanstack/react-start/server-only'
import { getIronSession, type IronSession } from 'iron-session'
import { getCookie, setCookie } from '@tanstack/react-start/server'
import { getConfig } from '../config'

export interface SessionData {
  /** The provider's access token. Only ever read on the server. */
  accessToken?: string
  /** When the access token expires (epoch ms). */
  expiresAt?: number
}

export const SESSION_COOKIE = 'asiguro_session'
const DEFAULT_TTL_SECONDS = 60 * 60

/**
 * The visitor's session: sealed (encrypted and signed) into an httpOnly cookie with the
 * session secret, so no token ever reaches browser JavaScript. Read per request.
 */
export function getSession(ttlSeconds = DEFAULT_TTL_SECONDS): Promise<IronSession<SessionData>> {
  const config = getConfig()
  return getIronSession<SessionData>(
    { read: getCookie, write: setCookie },
    {
      cookieName: SESSION_COOKIE,
      password: config.SESSION_SECRET,
      ttl: ttlSeconds,
      cookieOptions: {
        httpOnly: true,
        secure: config.PUBLIC_URL.startsWith('https://'),
        sameSite: 'lax',
        path: '/',
      },
    },
  )
}
