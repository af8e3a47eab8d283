import { AsyncLocalStorage } from 'node:async_hooks'
import { isNotFound, isRedirect } from '@tanstack/react-router'
import { negotiateLocale, isLocale, type Locale } from '~/i18n/locales'
import { LOCALE_COOKIE } from '~/contract/preferences'
import { errorBody, prettyMessage, type MessageKey } from '../i18n/api-messages'
import { log } from '../log'
import { metrics } from '../metrics'
import { DEFAULT_BODY_LIMIT, declaresMoreThan, limitedStream } from '../http/body-limit'
import { ProviderError } from '../provider'
import { InputError } from './forms'

/**
 * The edge of the server-function transport (decision 57). Start parses a call (the function id,
 * the Seroval or FormData body) before any code of ours runs, and answers a body it cannot parse
 * or an unknown id with a 500 that carries the parser's own text ("Seroval Error (step: 3)",
 * "Failed to parse body as FormData."). `src/server.ts` runs each call in this scope; the global
 * function middleware (`src/start.ts`) marks the call as having reached a function. A failure
 * that never reached one was the transport's: it answers 400 in the API's envelope.
 */
const scope = new AsyncLocalStorage<{ reached: boolean }>()

export const SERVER_FN_BASE = '/_serverFn'

export function isServerFunctionPath(pathname: string): boolean {
  return pathname === SERVER_FN_BASE || pathname.startsWith(`${SERVER_FN_BASE}/`)
}

/** Called by the function middleware: the call was parsed and a function is running. */
export function markServerFunctionReached(): void {
  const current = scope.getStore()
  if (current) current.reached = true
}

/** The visitor's language outside Start's request scope: the remembered choice, else the browser's. */
function localeOf(request: Request): Locale {
  const cookies = (request.headers.get('cookie') ?? '').split(/;\s*/)
  const remembered = cookies.find((c) => c.startsWith(`${LOCALE_COOKIE}=`))?.slice(LOCALE_COOKIE.length + 1)
  return isLocale(remembered) ? remembered : negotiateLocale(request.headers.get('accept-language'))
}

/** Answers a server-function call; a transport failure (never reached a function) becomes a 400 in the envelope. */
export async function serveServerFunction(request: Request, handle: (request: Request) => Promise<Response>): Promise<Response> {
  const { pathname } = new URL(request.url)
  const id = pathname.slice(SERVER_FN_BASE.length + 1)
  if (!/^[\w-]{1,512}$/.test(id)) return badRequest(request)
  // Bodies are capped as the API's are: no form here needs more, and Start would
  // otherwise read any size whole before parsing it.
  if (declaresMoreThan(request, DEFAULT_BODY_LIMIT)) return tooLarge(request)
  const state = { reached: false }
  const limited = withBodyLimit(request, DEFAULT_BODY_LIMIT)
  const response = await scope.run(state, () => handle(limited.request)).catch((error: unknown) => {
    if (state.reached && !limited.cut()) throw error
    return undefined
  })
  if (limited.cut()) {
    await response?.body?.cancel().catch(() => undefined)
    return tooLarge(request)
  }
  if (!response || (!state.reached && response.status >= 500)) {
    await response?.body?.cancel().catch(() => undefined)
    return badRequest(request)
  }
  // Start's own refusals before any function runs are plain text ("Forbidden" from the CSRF
  // check, "expected POST method. Got GET"): the same status in the envelope, headers kept.
  if (!state.reached && response.status >= 400 && !(response.headers.get('content-type') ?? '').startsWith('application/json')) {
    await response.body?.cancel().catch(() => undefined)
    const headers = new Headers(response.headers)
    headers.delete('content-length')
    return envelope(request, response.status, TRANSPORT_REFUSALS[response.status] ?? 'bad_request', headers)
  }
  return response
}

/**
 * The request with its body read through a counter that cuts it past `limit` bytes (a body sent
 * in chunks, with no length declared, or a length that lied). `cut()`: whether that happened.
 */
function withBodyLimit(request: Request, limit: number): { request: Request; cut(): boolean } {
  if (!request.body) return { request, cut: () => false }
  let cut = false
  const counted = limitedStream(request.body, limit, () => (cut = true))
  // Built from its parts: srvx's lazy request over `node:http` is no undici Request to copy.
  const limited = new Request(request.url, { method: request.method, headers: request.headers, body: counted, signal: request.signal, duplex: 'half' } as RequestInit)
  // What Start reads the client's address from (`getRequestIP`), which a copied Request loses.
  for (const name of ['ip', 'context'] as const) {
    const value = (request as Request & Record<typeof name, unknown>)[name]
    if (value !== undefined) Object.defineProperty(limited, name, { value, enumerable: true })
  }
  return { request: limited, cut: () => cut }
}

function tooLarge(request: Request): Response {
  metrics.refusedServerFunctions.inc({ reason: 'too_large' })
  void request.body?.cancel().catch(() => undefined)
  return envelope(request, 413, 'payload_too_large', new Headers({ 'cache-control': 'no-store', connection: 'close' }))
}

/** The sentence of each status Start refuses a call with before it reaches a function. */
const TRANSPORT_REFUSALS: Record<number, MessageKey> = { 403: 'forbidden', 404: 'not_found', 405: 'method_not_allowed', 413: 'payload_too_large', 415: 'unsupported_media_type' }

/**
 * The answer to a call that did not come from Start's client (no `x-tsr-serverfn` header) and
 * whose function returned a plain value rather than a Response (src/start.ts).
 */
export function plainValueRefused(request: Request): Response {
  return badRequest(request)
}

function badRequest(request: Request): Response {
  return envelope(request, 400, 'bad_request', new Headers({ 'cache-control': 'no-store' }))
}

function envelope(request: Request, status: number, key: MessageKey, headers: Headers): Response {
  headers.set('content-type', 'application/json; charset=utf-8')
  return new Response(JSON.stringify(errorBody(localeOf(request), status, key)), { status, headers })
}

/**
 * What a running server function threw, as the caller may see it: Start's own answers
 * (redirect, not found), refused input and the provider's refusals keep their status and
 * translated sentence; anything else is logged and becomes a 500 with a plain sentence, never a
 * runtime's text ("Cannot read properties of undefined").
 */
export function publicServerFunctionError(error: unknown, locale: Locale): { status: number | undefined; error: unknown } {
  if (isRedirect(error) || isNotFound(error) || error instanceof Response || error instanceof InputError) return { status: undefined, error }
  if (error instanceof ProviderError && error.status >= 400 && error.status < 500) {
    return { status: error.status, error: new Error(error.body.error.pretty_message) }
  }
  log.error('server_fn.unhandled', { error })
  return { status: 500, error: new Error(prettyMessage(locale, 'internal_error')) }
}
