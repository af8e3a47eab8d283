import { createCsrfMiddleware, createMiddleware, createStart } from '@tanstack/react-start'
import { realtimeSocketEndpoint } from '~/contract/realtime'
import { getResponseHeaders } from '@tanstack/react-start/server'
// Request middleware runs only on the server: Start strips `.server()` from the client bundle,
// and with it these imports (docs/decisions/0012-content-security-policy.md).
// eslint-disable-next-line no-restricted-imports
import { getConfig } from '~/server/config'
// eslint-disable-next-line no-restricted-imports
import { sessionCookieName } from '~/server/session/options'
// eslint-disable-next-line no-restricted-imports
import { cacheControl, createNonce, requestHasCookie, responseSetsCookie, securityHeaders } from '~/server/web/security-headers'

/**
 * Security headers of every page and server function (src/server/web/security-headers.ts).
 * A page request gets a fresh CSP nonce, handed to the router through the request context
 * (`getRouter` in src/router.tsx reads it), so every script and style Start renders carries
 * the nonce the policy names. First in the chain, so a CSRF refusal gets the headers too.
 */
const securityHeadersMiddleware = createMiddleware().server(async ({ next, request, handlerType }) => {
  const config = getConfig()
  const nonce = handlerType === 'router' ? createNonce() : undefined
  const result = await next({ context: { nonce } })
  const headers = result.response.headers
  for (const [name, value] of Object.entries(securityHeaders({ publicUrl: config.PUBLIC_URL, nonce, captcha: { provider: config.CAPTCHA_PROVIDER, scriptUrl: config.CAPTCHA_SCRIPT_URL }, realtime: realtimeSocketEndpoint(config) }))) headers.set(name, value)

  const cookie = sessionCookieName(config)
  const session = requestHasCookie(request.headers.get('cookie'), cookie) || responseSetsCookie([...headers.getSetCookie(), ...pendingSetCookies()], cookie)
  headers.set('cache-control', cacheControl({ serverFunction: handlerType === 'serverFn', session }))
  return result
})

/** Cookies set through Start's `setCookie` that it merges into the response only when it leaves. */
function pendingSetCookies(): string[] {
  try {
    return getResponseHeaders().getSetCookie()
  } catch {
    return [] // outside a Start request event: nothing pending
  }
}

export const startInstance = createStart(() => ({
  requestMiddleware: [securityHeadersMiddleware, createCsrfMiddleware({ filter: (ctx) => ctx.handlerType === 'serverFn' })],
}))
