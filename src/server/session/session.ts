import '@tanstack/react-start/server-only'
import { getIronSession, type IronSession } from 'iron-session'
import { getCookie, setCookie } from '@tanstack/react-start/server'
import { getConfig } from '../config'
import { oncePerRequest } from '../request-context'
import { sessionOptions, type SessionData } from './options'

export type { SessionData } from './options'

/**
 * The visitor's session: sealed (encrypted and signed) into an httpOnly cookie with the
 * session secret, so no token ever reaches browser JavaScript. Opened once per request (its
 * guard, the shell and every provider call read it: each opening is a key derivation, a MAC and
 * a decryption), so a change made to it (`destroy`) is seen by the rest of the request.
 * With `ttlSeconds` (a sign-in sets the cookie's lifetime), a session object of its own.
 */
export function getSession(ttlSeconds?: number): Promise<IronSession<SessionData>> {
  const open = () => getIronSession<SessionData>({ read: getCookie, write: setCookie }, sessionOptions(getConfig(), ttlSeconds))
  return ttlSeconds === undefined ? oncePerRequest('web-session', open) : open()
}
