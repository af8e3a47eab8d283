import '@tanstack/react-start/server-only'
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { deleteCookie, getCookie } from '@tanstack/react-start/server'
import { sealData, unsealData } from 'iron-session'
import { AuthSession } from '~/contract/auth'
import { internalPath } from '~/contract/paths'
import type { AppConfig } from '../../../app.config'
import { getConfig } from '../config'
import { log } from '../log'
import { ProviderError } from '../provider'
import { rememberSignIn } from './auth-session'
import { secureSessionCookie } from '../session/options'
import { callProvider } from './request'

/**
 * The web side of Google sign-in, OpenID Connect implicit flow (docs/decisions/0030): no
 * Google script on our pages. `/authenticate/google/start` keeps a random `state` and `nonce`
 * in a short-lived sealed cookie and sends the visitor to Google; Google sends them back to
 * `/authenticate/google#id_token=…&state=…`; that page posts the token and the state to
 * `finishGoogleSignIn`, which checks the state against the cookie and hands the token, with
 * the cookie's nonce, to the provider API.
 */

/** Long enough to pick an account and consent at Google, short enough to be useless later. */
export const GOOGLE_FLOW_TTL_S = 10 * 60
export const GOOGLE_RETURN_PATH = '/authenticate/google'
export const DEFAULT_AFTER_SIGN_IN = '/account/orders'

interface Flow {
  state: string
  nonce: string
  returnTo?: string
}

type FlowConfig = Pick<AppConfig, 'APP_ENV' | 'PUBLIC_URL' | 'SESSION_SECRET'>

/** `__Host-` whenever the cookie is Secure, like the session cookie: no sibling host can plant it. */
export function googleFlowCookieName(config: Pick<AppConfig, 'APP_ENV' | 'PUBLIC_URL'>): string {
  return secureSessionCookie(config) ? '__Host-asiguro_google' : 'asiguro_google'
}

const cookieOptions = (config: FlowConfig) => ({ path: '/', httpOnly: true, sameSite: 'lax' as const, secure: secureSessionCookie(config) })

/** The authorization request: an ID token straight back in the URL fragment, bound to this browser by `state` and `nonce`. */
export function googleAuthorizationUrl(config: Pick<AppConfig, 'GOOGLE_AUTH_URL' | 'PUBLIC_URL'> & { GOOGLE_CLIENT_ID: string }, flow: Pick<Flow, 'state' | 'nonce'>): string {
  const url = new URL(config.GOOGLE_AUTH_URL)
  url.search = new URLSearchParams({
    client_id: config.GOOGLE_CLIENT_ID,
    redirect_uri: `${new URL(config.PUBLIC_URL).origin}${GOOGLE_RETURN_PATH}`,
    response_type: 'id_token',
    response_mode: 'fragment',
    scope: 'openid email profile',
    nonce: flow.nonce,
    state: flow.state,
    prompt: 'select_account',
  }).toString()
  return url.toString()
}

/**
 * `GET /authenticate/google/start?last_url=`: a fresh state and nonce, sealed (encrypted and
 * signed with `SESSION_SECRET`) into an httpOnly SameSite=Lax cookie for ten minutes, and a
 * redirect to Google. Without `GOOGLE_CLIENT_ID`, back to the sign-in page.
 */
export async function startGoogleSignIn(request: Request, config: AppConfig = getConfig()): Promise<Response> {
  const returnTo = internalPath(new URL(request.url).searchParams.get('last_url') ?? undefined)
  const clientId = config.GOOGLE_CLIENT_ID
  if (!clientId) return new Response(null, { status: 302, headers: { location: '/authenticate', 'cache-control': 'no-store' } })
  const flow: Flow = { state: randomBytes(32).toString('base64url'), nonce: randomBytes(32).toString('base64url'), ...(returnTo ? { returnTo } : {}) }
  const sealed = await sealData(flow, { password: config.SESSION_SECRET, ttl: GOOGLE_FLOW_TTL_S })
  const options = cookieOptions(config)
  const cookie = [`${googleFlowCookieName(config)}=${sealed}`, 'Path=/', `Max-Age=${GOOGLE_FLOW_TTL_S}`, 'HttpOnly', 'SameSite=Lax', ...(options.secure ? ['Secure'] : [])].join('; ')
  log.info('auth.google_started', { returnTo: Boolean(returnTo) })
  return new Response(null, {
    status: 302,
    headers: { location: googleAuthorizationUrl({ ...config, GOOGLE_CLIENT_ID: clientId }, flow), 'set-cookie': cookie, 'cache-control': 'no-store' },
  })
}

/** What the return page is told: where to go, or why not (the page words each reason; `refused` carries the provider's sentence). */
export type GoogleFinish = { ok: true; to: string } | { ok: false; reason: 'expired' | 'state' | 'disabled' } | { ok: false; reason: 'refused'; message: string }

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/**
 * Completes the flow from the return page: the cookie is read once and cleared whatever
 * happens; the `state` from the fragment must equal the cookie's (timing-safe); the token goes
 * to the provider with the cookie's nonce, and the session it answers is kept in the sealed
 * session cookie (`rememberSignIn`).
 */
export async function finishGoogleSignIn(input: { idToken: string; state: string }): Promise<GoogleFinish> {
  const config = getConfig()
  const name = googleFlowCookieName(config)
  const sealed = getCookie(name)
  if (sealed !== undefined) deleteCookie(name, cookieOptions(config))
  const flow = sealed ? await unsealData<Partial<Flow>>(sealed, { password: config.SESSION_SECRET, ttl: GOOGLE_FLOW_TTL_S }) : {}
  if (typeof flow.state !== 'string' || typeof flow.nonce !== 'string') {
    log.info('auth.google_flow_refused', { reason: sealed ? 'cookie_expired_or_forged' : 'no_cookie' })
    return { ok: false, reason: 'expired' }
  }
  if (!input.idToken || !sameText(flow.state, input.state)) {
    log.warn('auth.google_flow_refused', { reason: input.idToken ? 'state_mismatch' : 'no_token' })
    return { ok: false, reason: 'state' }
  }
  try {
    const session = await callProvider('/auth/social/authentications/google', { method: 'POST', json: { token: input.idToken, nonce: flow.nonce }, schema: AuthSession })
    await rememberSignIn(session)
    return { ok: true, to: internalPath(flow.returnTo) ?? DEFAULT_AFTER_SIGN_IN }
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error
    if (error.status === 404) return { ok: false, reason: 'disabled' }
    return { ok: false, reason: 'refused', message: error.fieldErrors?.token?.[0] ?? error.body.error.pretty_message }
  }
}
