import type { z } from 'zod'
import { ErrorBody } from '~/contract/errors'
import { SESSION_END_HEADER } from '~/contract/session'
import { PRODUCT_STATUSES_HEADER, ProductStatuses } from '~/contract/site'
import type { Answer, Api } from '../api'
import { log } from '../log'
import { currentRequestId, REQUEST_ID_HEADER } from '../request-context'

/** A failed provider call, with the spec's error body. */
export class ProviderError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    /** On a 401: why the session ended (`x-session-end-reason`), when the provider says. */
    readonly sessionEndReason?: string,
  ) {
    super(`provider answered ${status}: ${typeof body.error.message === 'string' ? body.error.message : 'validation_failed'}`)
    this.name = 'ProviderError'
  }

  /** The field → messages map of a 422, if this is one. */
  get fieldErrors(): Record<string, string[]> | undefined {
    return typeof this.body.error.message === 'object' ? this.body.error.message : undefined
  }
}

/** The provider reports maintenance (code 503): the web app sends the visitor to /maintenance. */
export class MaintenanceError extends ProviderError {
  override name = 'MaintenanceError'
}

/** A provider answer as its readers use it: JSON through `text`, a PDF or CSV passed on through `body`. */
export interface ProviderAnswer {
  status: number
  /** A header by its lower-case name. */
  header(name: string): string | null
  text(): Promise<string>
  body: BodyInit | null
  /** Lets go of a body that will not be read (before a retry). */
  discard(): Promise<void>
}

/**
 * How requests reach the provider: in this process, or over HTTP. `clientIp` is the visitor's
 * address as the web app established it (decision 40).
 */
export type Transport = (path: string, init: RequestInit, clientIp: string | undefined) => Promise<ProviderAnswer>

/**
 * The API in this process takes the visitor's address as the web app vouches for it; no header can
 * change it. Its answer is read as the API made it: no `Response` in between (decision 169).
 */
export function inProcessTransport(api: () => Promise<Api>): Transport {
  return async (path, init, clientIp) => inProcessAnswer(await (await api()).answer(new Request(`http://provider.internal/api/v1${path}`, init), { clientIp }))
}

function inProcessAnswer({ status, headers, body }: Answer): ProviderAnswer {
  return {
    status,
    header: (name) => headers[name] ?? null,
    text: async () => (body === null ? '' : typeof body === 'string' ? body : new TextDecoder().decode(body)),
    body: body as BodyInit | null,
    discard: async () => undefined,
  }
}

/**
 * Over HTTP the web app is a proxy in front of the API: it sends the visitor's address as the
 * one `X-Forwarded-For` entry, which the API believes when it counts the web app among its
 * `TRUST_PROXY_HOPS`.
 */
export function httpTransport(baseUrl: string): Transport {
  const base = baseUrl.replace(/\/+$/, '')
  return async (path, init, clientIp) => {
    const headers = new Headers(init.headers)
    if (clientIp) headers.set('x-forwarded-for', clientIp)
    return answerOf(await fetch(`${base}${path}`, { ...init, headers }))
  }
}

/** A `Response` (over HTTP) as the client reads it. */
export function answerOf(response: Response): ProviderAnswer {
  return {
    status: response.status,
    header: (name) => response.headers.get(name),
    text: () => response.text(),
    body: response.body,
    discard: async () => void (await response.body?.cancel()),
  }
}

/** Statuses seen last; replaced whenever a response carries a newer `updated_at`. */
export class StatusesStore {
  private value: ProductStatuses | undefined
  /** The header the current value was read from: every answer carries it, nearly always unchanged, and is not parsed again. */
  private header: string | undefined
  private listeners = new Set<(s: ProductStatuses) => void>()

  get current(): ProductStatuses | undefined {
    return this.value
  }

  /** Reads the header; returns true when the statuses changed. */
  observe(header: string | null): boolean {
    if (!header || header === '' || header === this.header) return false
    let parsed: ProductStatuses
    try {
      parsed = ProductStatuses.parse(JSON.parse(header))
    } catch (error) {
      log.warn('provider.bad_statuses_header', { error })
      return false
    }
    if (this.value?.updated_at === parsed.updated_at && this.value.id === parsed.id) return false
    this.value = parsed
    this.header = header
    for (const listener of this.listeners) listener(parsed)
    return true
  }

  subscribe(listener: (s: ProductStatuses) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
}

export interface CallOptions<S extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  query?: Record<string, string | undefined>
  /** JSON body, or a form (sent as `application/x-www-form-urlencoded`). */
  json?: unknown
  form?: Record<string, string>
  /** The access token of the signed-in visitor, if any. */
  bearer?: string | undefined
  /** The visitor's address, handed to the transport (decision 40). */
  clientIp?: string | undefined
  /** The visitor's browser, forwarded as `User-Agent` (sessions list devices by it). */
  userAgent?: string | undefined
  locale?: string | undefined
  /** Further request headers (`idempotency-key`, a guest's `x-order-token`). */
  headers?: Record<string, string>
  schema: S
}

const RETRY_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504])

/**
 * The one typed client of the provider API. Requests and answers are checked with the
 * shared zod schemas; the statuses header of every answer feeds `statuses`. Body-less
 * calls are retried once on the spec's transient statuses; calls with a body never are.
 */
export class ProviderClient {
  constructor(
    private readonly transport: Transport,
    readonly statuses: StatusesStore = new StatusesStore(),
  ) {}

  async call<S extends z.ZodType>(path: string, options: CallOptions<S>): Promise<z.output<S>> {
    const method = options.method ?? 'GET'
    // A plain object: the in-process API reads it as it is, `fetch` converts it (decision 169).
    const headers: Record<string, string> = { ...options.headers, accept: 'application/json' }
    if (options.bearer) headers.authorization = `Bearer ${options.bearer}`
    if (options.userAgent) headers['user-agent'] = options.userAgent.slice(0, 512)
    if (options.locale) headers['accept-language'] = options.locale
    // The web request's id goes along, so the API's log lines and the web app's share it.
    const requestId = currentRequestId()
    if (requestId) headers[REQUEST_ID_HEADER] = requestId
    let body: string | undefined
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      body = new URLSearchParams(options.form).toString()
    } else if (options.json !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(options.json)
    }
    const query = options.query ? Object.entries(options.query).filter((e): e is [string, string] => e[1] !== undefined) : []
    const url = query.length > 0 ? `${path}?${new URLSearchParams(query)}` : path

    const attempts = body === undefined ? 2 : 1
    let response: ProviderAnswer | undefined
    for (let attempt = 1; attempt <= attempts; attempt++) {
      response = await this.transport(url, { method, headers, body }, options.clientIp)
      if (!RETRY_STATUSES.has(response.status) || attempt === attempts) break
      await response.discard()
    }
    if (!response) throw new Error('unreachable: no provider response')
    this.statuses.observe(response.header(PRODUCT_STATUSES_HEADER))

    const text = await response.text()
    const json: unknown = text === '' ? undefined : JSON.parse(text)
    if (response.status < 200 || response.status > 299) {
      const parsed = ErrorBody.safeParse(json)
      const errorBody: ErrorBody = parsed.success
        ? parsed.data
        : { error: { code: response.status, message: 'bad_gateway', pretty_message: 'The provider answered with an unexpected error.' } }
      // Spec §8: code 503 is maintenance; a service of ours that is down (503 with its own message) is not.
      if (errorBody.error.code === 503 && (errorBody.error.message === 'maintenance' || !parsed.success)) throw new MaintenanceError(response.status, errorBody)
      throw new ProviderError(response.status, errorBody, response.header(SESSION_END_HEADER) ?? undefined)
    }
    return options.schema.parse(json)
  }
}
