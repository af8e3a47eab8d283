import { createCsrfMiddleware, createMiddleware, createStart } from '@tanstack/react-start'
import { realtimeSocketEndpoint } from '~/contract/realtime'
import { getResponseHeaders, setResponseStatus } from '@tanstack/react-start/server'
// Request middleware runs only on the server: Start strips `.server()` from the client bundle,
// and with it these imports (docs/decisions/0012-content-security-policy.md).
import { getConfig } from '~/server/config'
import { sessionCookieName } from '~/server/session/options'
import { paymentOrigins } from '~/server/web/payment-origins'
import { markServerFunctionReached, plainValueRefused, publicServerFunctionError } from '~/server/web/transport'
import { requestLocale } from '~/server/web/request'
import { cacheControl, createNonce, requestHasCookie, responseSetsCookie, securityHeadersOf } from '~/server/http/security-headers'
import type { AppConfig } from '../app.config'

/** The headers depend on the configuration and the nonce alone: built once per configuration. */
const headersByConfig = new WeakMap<AppConfig, ReturnType<typeof securityHeadersOf>>()
function siteHeaders(config: AppConfig): ReturnType<typeof securityHeadersOf> {
  let headers = headersByConfig.get(config)
  if (!headers) {
    headers = securityHeadersOf({ publicUrl: config.PUBLIC_URL, captcha: { provider: config.CAPTCHA_PROVIDER, scriptUrl: config.CAPTCHA_SCRIPT_URL }, realtime: realtimeSocketEndpoint(config), formTargets: paymentOrigins(config) })
    headersByConfig.set(config, headers)
  }
  return headers
}

/**
 * Security headers of every page and server function (src/server/http/security-headers.ts).
 * A page request gets a fresh CSP nonce, handed to the router through the request context
 * (`getRouter` in src/router.tsx reads it), so every script and style Start renders carries
 * the nonce the policy names. First in the chain, so a CSRF refusal gets the headers too.
 */
const securityHeadersMiddleware = createMiddleware().server(async ({ next, request, handlerType }) => {
  const config = getConfig()
  const nonce = handlerType === 'router' ? createNonce() : undefined
  const result = await next({ context: { nonce } })
  // A call without Start's header (not Start's client: a plain GET, a script) whose function
  // returned a plain value: Start hands the value itself on as the answer, which is no Response.
  // Nothing but Start's client reads one, so the call is refused in the envelope.
  // Start applies a status the function set (a read's 404) to whatever answer leaves: 400 here too.
  if (!(result.response instanceof Response)) setResponseStatus(400)
  const response: Response = result.response instanceof Response ? result.response : plainValueRefused(request)
  const headers = response.headers
  for (const [name, value] of Object.entries(siteHeaders(config)(nonce))) headers.set(name, value)

  const cookie = sessionCookieName(config)
  const session = requestHasCookie(request.headers.get('cookie'), cookie) || responseSetsCookie([...headers.getSetCookie(), ...pendingSetCookies()], cookie)
  headers.set('cache-control', cacheControl({ serverFunction: handlerType === 'serverFn', session }))
  return response === result.response ? result : response
})

/** Cookies set through Start's `setCookie` that it merges into the response only when it leaves. */
function pendingSetCookies(): string[] {
  try {
    return getResponseHeaders().getSetCookie()
  } catch {
    return [] // outside a Start request event: nothing pending
  }
}

/**
 * Around every server function, before its validator: marks the call as parsed (a later 5xx is
 * the function's, not the transport's) and turns what the function threw into what a caller may
 * see (decision 57): no runtime text, the right status.
 */
const serverFunctionErrors = createMiddleware({ type: 'function' }).server(async ({ next }) => {
  markServerFunctionReached()
  try {
    return await next()
  } catch (thrown) {
    const { status, error } = publicServerFunctionError(thrown, requestLocale())
    if (status) setResponseStatus(status)
    throw error
  }
})

export const startInstance = createStart(() => ({
  requestMiddleware: [securityHeadersMiddleware, createCsrfMiddleware({ filter: (ctx) => ctx.handlerType === 'serverFn' })],
  functionMiddleware: [serverFunctionErrors],
}))
