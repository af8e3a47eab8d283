import '@tanstack/react-start/server-only'
import { getIronSession, type IronSession } from 'iron-session'
import { getCookie, setCookie } from '@tanstack/react-start/server'
import { getConfig } from '../config'
import { sessionOptions, type SessionData } from './options'

export type { SessionData } from './options'

/**
 * The visitor's session: sealed (encrypted and signed) into an httpOnly cookie with the
 * session secret, so no token ever reaches browser JavaScript. Read per request.
 */
export function getSession(ttlSeconds?: number): Promise<IronSession<SessionData>> {
  return getIronSession<SessionData>({ read: getCookie, write: setCookie }, sessionOptions(getConfig(), ttlSeconds))
}
