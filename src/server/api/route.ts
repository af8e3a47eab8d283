import type { z } from 'zod'
import type { AppConfig } from '../../../app.config'
import type { Locale } from '~/i18n/locales'
import type { Authenticated } from '../auth/accounts'
import type { ApiDeps } from './deps'

type Schema = z.ZodType
type Out<S> = S extends Schema ? z.output<S> : undefined

export interface RouteContext<P, Q, B> {
  request: Request
  params: P
  query: Q
  body: B
  locale: Locale
  /** The bearer token of the `Authorization` header, if any. */
  bearer: string | undefined
  /** The client's address: vouched for by the web app in this process, else by `clientAddress` (decision 40). */
  clientIp: string | undefined
  /** The signed-in user and session; always set on `auth: 'user'` routes. */
  account: Authenticated | undefined
  deps: ApiDeps
}

/** What a handler returns: a body to serialise, or raw JSON already serialised. */
export type RouteResult<R> =
  | { status?: number; body: R; headers?: Record<string, string> }
  | { status?: number; rawJson: string }
  /** A file (a policy PDF): sent as is, with its own content type in `headers`. */
  | { status?: number; binary: Uint8Array; headers: Record<string, string> }

export interface RouteDef<PS extends Schema | undefined = Schema | undefined, QS extends Schema | undefined = Schema | undefined, BS extends Schema | undefined = Schema | undefined, RS extends Schema = Schema> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Path under `/api/v1`, with `{name}` parameters, as OpenAPI writes them. */
  path: string
  summary: string
  tag: string
  params?: PS
  query?: QS
  body?: BS
  /** Accepted body encodings; JSON unless said otherwise. */
  bodyEncoding?: 'json' | 'form' | 'json-or-form'
  response: RS
  status?: number
  /** Answers even while maintenance is on. */
  duringMaintenance?: boolean
  /** Answers even when the database cannot be read (liveness, readiness). Implies `duringMaintenance`. */
  withoutDatabase?: boolean
  /**
   * Who the route exists for: anyone else is answered 404 `not_found`, before authentication
   * and validation, so the route does not even show it exists. `operator`: the caller sent the
   * operator token as its bearer.
   */
  servedTo?: (caller: { clientIp: string | undefined; operator: boolean; config: AppConfig }) => boolean
  /** `operator`: requires the operator token; `user`: a valid session (401 otherwise). */
  auth?: 'operator' | 'user'
  /**
   * A `user` route that a session still waiting for its second factor may call (the
   * two-factor calls themselves, sign-out). Every other private route answers such a session
   * 403 `two_factor_required`.
   */
  beforeSecondFactor?: true
  /**
   * A POST that changes nothing (it takes a body, so it is not a GET): the session its request
   * looked up stays valid after it. Every other call but GET is taken to change accounts or sessions.
   */
  readsOnly?: true
  handler: (ctx: RouteContext<Out<PS>, Out<QS>, Out<BS>>) => Promise<RouteResult<z.input<RS>>> | RouteResult<z.input<RS>>
}

/** Declares a route; the generics tie the handler's types to its schemas. */
export function defineRoute<PS extends Schema | undefined = undefined, QS extends Schema | undefined = undefined, BS extends Schema | undefined = undefined, RS extends Schema = Schema>(
  def: RouteDef<PS, QS, BS, RS>,
): RouteDef {
  return def as unknown as RouteDef
}

/** The account of an `auth: 'user'` route, which the API always sets; this only narrows the type. */
export function signedIn(account: Authenticated | undefined): Authenticated {
  if (!account) throw new Error('unreachable: `auth: user` routes always carry the account')
  return account
}
