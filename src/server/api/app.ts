import type { ServerResponse } from 'node:http'
import { z } from 'zod'
import { lonelySurrogatePaths } from '~/contract/well-formed-text'
import { SESSION_END_HEADER } from '~/contract/session'
import { PRODUCT_STATUSES_HEADER } from '~/contract/site'
import { negotiateLocale, type Locale } from '~/i18n/locales'
import type { ApiDeps } from './deps'
import { isFieldMessageKey, type FieldMessageKey } from '~/contract/field-messages'
import { fieldSentence } from '../i18n'
import { errorBody, prettyMessage } from '../i18n/api-messages'
import { ApiError } from './errors'
import { AuthFailure, forgetSessionsOfRequest } from '../auth/accounts'
import { pendingTwoFactor } from '../auth/two-factor'
import { clientAddress, peerAddress } from '../http/client-address'
import { BodyTooLarge, DEFAULT_BODY_LIMIT, readTextUpTo } from '../http/body-limit'
import { isOperatorToken } from './operator-token'
import { securityHeaders } from '../http/security-headers'
import type { RouteDef, RouteResult } from './route'
import { Router } from './router'
import { log } from '../log'
import { observeRequest } from '../metrics'
import { REQUEST_ID_HEADER, requestIdFrom, withRequestId } from '../request-context'

export const API_BASE = '/api/v1'

const zodLocales = { ro: z.locales.ro, en: z.locales.en, fr: z.locales.fr } satisfies Record<Locale, () => { localeError: z.core.$ZodErrorMap }>
const errorMaps = Object.fromEntries(Object.entries(zodLocales).map(([k, f]) => [k, f().localeError])) as Record<Locale, z.core.$ZodErrorMap>

/**
 * The caller's address when the web app in this process calls on a visitor's behalf: it
 * established the address itself (`clientAddress`), so the API takes it as it is.
 */
export interface InProcessCaller {
  clientIp: string | undefined
}

export interface Api {
  /**
   * Answers any request whose path starts with `/api/v1`. Without `caller` the request came
   * over a connection: the client address follows `TRUST_PROXY_HOPS` (decision 40).
   */
  fetch(request: Request, caller?: InProcessCaller): Promise<Response>
  /**
   * The same answer written straight to a `node:http` response (`npm run serve`): no `Response`
   * is built, nor converted back by srvx. `request` is srvx's lazy request over the same
   * `IncomingMessage` (src/server/serve.ts).
   */
  serveNode(request: Request, res: ServerResponse): Promise<void>
  /**
   * The answer as plain data, for the provider client of the web app in this process: no
   * `Response` built for it to read back (its headers validated, its body streamed).
   */
  answer(request: Request, caller: InProcessCaller): Promise<Answer>
  routes: RouteDef[]
}

/** An answer before it becomes a `Response` or is written to a `node:http` response. Header names in lower case. */
export interface Answer {
  status: number
  headers: ResponseHeaders
  body: string | Uint8Array | null
}

/**
 * The provider API as a plain fetch handler (Request in, Response out). It is mounted in
 * front of the web app by `src/server.ts`, called in-process by the provider client, and
 * served alone by `npm run start:api`.
 */
export function createApi(deps: ApiDeps, routes: RouteDef[]): Api {
  const router = new Router(routes)
  // The data policy, nosniff, no framing, HSTS on HTTPS: the same set as the web app's answers (decision 12).
  const baseHeaders = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...securityHeaders({ publicUrl: deps.config.PUBLIC_URL }) }

  /**
   * Every answer carries the request's id (the caller's when well formed: the web app passes its
   * own), is counted in the metrics by route pattern and is logged with the id.
   */
  function handle(request: Request, caller: InProcessCaller | undefined): Promise<Answer> {
    const requestId = requestIdFrom(request.headers.get(REQUEST_ID_HEADER))
    // An in-process call belongs to the web request that makes it: it shares what that request looked up.
    return withRequestId(requestId, async () => {
      const started = performance.now()
      const seen: { route?: string } = {}
      const result = await answer(request, caller, requestId, seen)
      const seconds = (performance.now() - started) / 1000
      const route = seen.route ?? 'unmatched'
      observeRequest(request.method, route, result.status, seconds)
      if (log.enabled('info')) log.info('api.request', { method: request.method, route, status: result.status, ms: Math.round(seconds * 1000), in_process: Boolean(caller) })
      return result
    }, caller !== undefined)
  }

  async function fetch(request: Request, caller?: InProcessCaller): Promise<Response> {
    const { status, headers, body } = await handle(request, caller)
    return new Response(body as BodyInit | null, { status, headers })
  }

  async function serveNode(request: Request, res: ServerResponse): Promise<void> {
    const { status, headers, body } = await handle(request, undefined)
    if (body !== null) headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength)
    res.writeHead(status, headers)
    res.end(body)
  }

  async function answer(request: Request, caller: InProcessCaller | undefined, requestId: string, seen: { route?: string }): Promise<Answer> {
    const locale = negotiateLocale(request.headers.get('accept-language'))
    // A plain object, names in lower case: a `Headers` (undici) per answer showed in the profile.
    const headers: ResponseHeaders = { ...baseHeaders, [REQUEST_ID_HEADER]: requestId }
    try {
      // The statuses header goes on every answer; only liveness and readiness answer without it.
      const site = await deps.site.current().catch((error: unknown) => error as Error)
      if (!(site instanceof Error)) headers[PRODUCT_STATUSES_HEADER] = site.statusesHeader

      const url = requestTarget(request)
      const path = url.pathname.startsWith(API_BASE) ? url.pathname.slice(API_BASE.length) || '/' : undefined
      // A path that cannot be decoded, or a NUL anywhere in the path or the query, is a malformed
      // request: the envelope says so here, before a handler or the database meets it.
      if (path !== undefined && !cleanText(path)) throw new ApiError(400, 'bad_request')
      if (!cleanText(url.search)) throw new ApiError(400, 'bad_request')
      const match = path === undefined ? ({ kind: 'none' } as const) : router.match(request.method, path)
      if (match.kind === 'none') throw new ApiError(404, 'not_found')
      if (match.kind === 'method') throw new ApiError(405, 'method_not_allowed', undefined, { allow: match.allow.join(', ') })
      const { route } = match
      seen.route = route.path
      if (site instanceof Error) {
        if (!route.withoutDatabase) throw site
      } else if (site.maintenance.is_active && !route.duringMaintenance) throw new ApiError(503, 'maintenance', undefined, { 'retry-after': '60' })
      const clientIp = caller ? caller.clientIp : clientAddress(peerAddress(request), request.headers.get('x-forwarded-for'), deps.config.TRUST_PROXY_HOPS)
      // A route kept for some callers is not found for the others, before its input is even read.
      if (route.servedTo && !route.servedTo({ clientIp, operator: isOperatorToken(bearerOf(request), deps.config.OPERATOR_TOKEN), config: deps.config })) throw new ApiError(404, 'not_found')
      if (route.auth === 'operator') checkOperator(request, deps.config.OPERATOR_TOKEN)
      // Every private route checks the session here, before validation, so no handler can forget it.
      const account = route.auth === 'user' ? await deps.accounts.authenticate(bearerOf(request)) : undefined
      if (route.auth === 'user' && !account) {
        // The device is told whether its session was ended elsewhere, so it does not blame inactivity.
        const reason = await deps.accounts.sessionEndReason(bearerOf(request))
        throw new ApiError(401, 'unauthenticated', undefined, reason ? { [SESSION_END_HEADER]: reason } : undefined)
      }
      // A session still owing its second factor reaches only the two-factor calls (ASVS 6.5).
      if (account && !route.beforeSecondFactor && pendingTwoFactor(account, deps.config)) throw new ApiError(403, 'two_factor_required')

      const errorMap = errorMaps[locale]
      // No prototype: a field named `__proto__` (a body may have one) is a field like any other.
      const fields = Object.create(null) as Record<string, string[]>
      const parse = (schema: z.ZodType | undefined, input: unknown, prefix: string) => {
        if (!schema) return undefined
        const result = schema.safeParse(input, { error: errorMap })
        if (result.success) return result.data
        for (const issue of result.error.issues) {
          const name = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || prefix || 'body'
          ;(fields[name] ??= []).push(isFieldMessageKey(issue.message) ? fieldSentence(locale, issue.message) : issue.message)
        }
        return undefined
      }
      const params = parse(route.params, match.params, '')
      const query = route.query ? parse(route.query, Object.fromEntries(new URLSearchParams(url.search)), '') : undefined
      const raw = route.body ? await readBody(request, route) : undefined
      if (containsNul(raw)) throw new ApiError(400, 'bad_request')
      // Text no database can store is refused by field, before the schema or a handler reads it.
      const unreadable = lonelySurrogatePaths(raw)
      for (const name of unreadable) (fields[name || 'body'] ??= []).push(fieldSentence(locale, 'text_unreadable'))
      const body = route.body && unreadable.length === 0 ? parse(route.body, raw, '') : undefined
      if (Object.keys(fields).length > 0) throw new ApiError(422, 'validation_failed', fields)

      let result: Awaited<ReturnType<RouteDef['handler']>>
      try {
        result = await route.handler({
          request,
          params,
          query,
          body,
          locale,
          bearer: bearerOf(request),
          clientIp,
          account: account ?? undefined,
          deps,
        })
      } finally {
        // A call that may have changed an account or a session (sign-out, a password, a second
        // factor, a profile): the calling request looks its session up again after it.
        if (request.method !== 'GET' && request.method !== 'HEAD' && !route.readsOnly) forgetSessionsOfRequest()
      }
      return respond(request, result, route.status ?? 200, headers)
    } catch (thrown) {
      const error = thrown instanceof AuthFailure ? authError(thrown, locale) : thrown
      if (error instanceof ApiError) {
        setHeaders(headers, error.headers)
        return { status: error.status, headers, body: JSON.stringify(errorBody(locale, error.status, error.key, error.fields)) }
      }
      // The path only: a query may name a plate or an address (no personal data in logs).
      log.error('api.unhandled', { method: request.method, path: request.url.split('?')[0], error })
      return { status: 500, headers, body: JSON.stringify(errorBody(locale, 500, 'internal_error')) }
    }
  }

  return { fetch, serveNode, answer: handle, routes }
}

/**
 * The path and query of a request. A request srvx serves carries the `IncomingMessage`, whose
 * origin-form target is split here as srvx splits it, without building a URL; an absolute-form
 * target, or a request made in-process, is parsed.
 */
function requestTarget(request: Request): { pathname: string; search: string } {
  const target = (request as { runtime?: { node?: { req?: { url?: string } } } }).runtime?.node?.req?.url
  if (target?.startsWith('/')) {
    const query = target.indexOf('?')
    return query === -1 ? { pathname: target, search: '' } : { pathname: target.slice(0, query) || '/', search: target.slice(query) }
  }
  // The URL srvx parsed for its own request, when it did (a request made in-process has none).
  return (request as { _url?: URL })._url ?? new URL(request.url)
}

function respond(request: Request, result: RouteResult<unknown>, defaultStatus: number, headers: ResponseHeaders): Answer {
  const status = result.status ?? defaultStatus
  let text: string
  if ('binary' in result) {
    setHeaders(headers, result.headers)
    return { status, headers, body: request.method === 'HEAD' ? null : result.binary }
  }
  if ('rawJson' in result) text = result.rawJson
  else {
    setHeaders(headers, result.headers)
    if (typeof result.body === 'string' && headers['content-type']?.startsWith('text/')) text = result.body
    else text = JSON.stringify(result.body)
  }
  return { status, headers, body: request.method === 'HEAD' ? null : text }
}

/** An answer's headers, by lower-case name. */
type ResponseHeaders = Record<string, string>

function setHeaders(headers: ResponseHeaders, added: Record<string, string> | undefined): void {
  for (const [k, v] of Object.entries(added ?? {})) headers[k.toLowerCase()] = v
}

async function readBody(request: Request, route: RouteDef): Promise<unknown> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  const encoding = route.bodyEncoding ?? 'json'
  const text = await readTextUpTo(request, DEFAULT_BODY_LIMIT).catch((error: unknown) => {
    throw error instanceof BodyTooLarge ? new ApiError(413, 'payload_too_large') : error
  })
  const acceptsForm = encoding !== 'json'
  const acceptsJson = encoding !== 'form'
  if (acceptsForm && (type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data')) {
    if (type === 'application/x-www-form-urlencoded') return Object.fromEntries(new URLSearchParams(text))
    // A multipart body that does not parse (no boundary, cut short) is the client's error.
    const form = await new Response(text, { headers: { 'content-type': request.headers.get('content-type') ?? '' } }).formData().catch(() => {
      throw new ApiError(400, 'bad_request')
    })
    return Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string'))
  }
  if (acceptsJson && (type === 'application/json' || (type === '' && text.trim() !== ''))) {
    try {
      return JSON.parse(text)
    } catch {
      throw new ApiError(400, 'invalid_json')
    }
  }
  if (text.trim() === '') return {}
  throw new ApiError(415, 'unsupported_media_type')
}

function bearerOf(request: Request): string | undefined {
  const header = request.headers.get('authorization')
  const match = header?.match(/^Bearer\s+(\S+)$/i)
  return match?.[1]
}

/** The status and message of each refused accounts call (docs/api.md). */
function authError(failure: AuthFailure, locale: Locale): ApiError {
  switch (failure.reason) {
    case 'invalid_credentials':
      return new ApiError(422, 'invalid_credentials', { password: [prettyMessage(locale, 'invalid_credentials')] })
    case 'account_is_deleted':
      return new ApiError(403, 'account_is_deleted')
    case 'email_taken':
      return new ApiError(422, 'validation_failed', { email: [fieldSentence(locale, 'email_taken')] })
    case 'terms_version_outdated':
      return new ApiError(422, 'validation_failed', { version: [fieldSentence(locale, 'terms_version_outdated')] })
    case 'weak_password':
      return new ApiError(422, 'validation_failed', {
        password: (failure.details.problems ?? []).map((p) => fieldSentence(locale, `password_${p}` as FieldMessageKey)),
      })
    case 'invalid_reset_token':
      return new ApiError(422, 'invalid_reset_token', { reset_token: [prettyMessage(locale, 'invalid_reset_token')] })
    case 'rate_limited':
      return new ApiError(429, 'too_many_requests', undefined, { 'retry-after': String(failure.details.retryAfterS ?? 60) })
    case 'unauthenticated':
      return new ApiError(401, 'unauthenticated')
    case 'wrong_password': {
      const field = failure.details.field ?? 'password'
      return new ApiError(422, 'validation_failed', { [field]: [fieldSentence(locale, field === 'current_password' ? 'current_password_wrong' : 'password_wrong')] })
    }
    case 'invalid_two_factor_code':
      return new ApiError(422, 'validation_failed', { two_factor_code: [fieldSentence(locale, 'invalid_two_factor_code')] })
    case 'two_factor_not_enrolling':
      return new ApiError(422, 'validation_failed', { two_factor_code: [fieldSentence(locale, 'two_factor_not_enrolling')] })
    case 'invalid_recovery_key':
      return new ApiError(422, 'validation_failed', { recovery_key: [fieldSentence(locale, 'invalid_recovery_key')] })
    case 'two_factor_already_enabled':
      return new ApiError(409, 'two_factor_already_enabled')
    case 'two_factor_unavailable':
      return new ApiError(403, 'two_factor_unavailable')
    case 'email_unchanged':
      return new ApiError(422, 'validation_failed', { email: [fieldSentence(locale, 'email_unchanged')] })
    case 'invalid_confirmation_token':
      return new ApiError(422, 'invalid_confirmation_token', { token: [prettyMessage(locale, 'invalid_confirmation_token')] })
    case 'session_not_found':
      return new ApiError(404, 'not_found')
  }
}

function checkOperator(request: Request, expected: string): void {
  if (!isOperatorToken(bearerOf(request), expected)) throw new ApiError(401, 'unauthenticated')
}

/** Text that decodes (`%ff` does not) and holds no NUL (PostgreSQL refuses it in text). */
function cleanText(encoded: string): boolean {
  // Only an escape can hide a NUL or fail to decode (the HTTP parser refuses a raw NUL).
  if (!encoded.includes('%')) return true
  try {
    return !decodeURIComponent(encoded.replace(/\+/g, ' ')).includes('\u0000')
  } catch {
    return false
  }
}

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (depth > 32 || value === null || typeof value !== 'object') return false
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v, depth + 1))
}
