import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'

/** The header that carries a request's id from the web app to the provider API and back to the caller. */
export const REQUEST_ID_HEADER = 'x-request-id'

/** An id a caller may choose (a proxy's, a test's): short, plain characters, nothing to inject into a log. */
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,128}$/

/** The given id when it is well formed, else a new one. */
export function requestIdFrom(header: string | null | undefined): string {
  return header && WELL_FORMED.test(header) ? header : randomUUID()
}

interface RequestContext {
  requestId: string
  /**
   * What this request worked out once and reads again (the sealed session cookie opened, the
   * session behind an access token): shared with the in-process provider calls it makes, so a
   * navigation reads its session once, not once per call.
   */
  remembered: Map<string, unknown>
}

// One store per process, on globalThis: the Node entry (dist/node/serve.js) and the server bundle
// (dist/server/server.js) each carry a copy of this module, and both must see the same context.
const key = Symbol.for('asiguro.request-context')
const store = ((globalThis as Record<symbol, unknown>)[key] ??= new AsyncLocalStorage<RequestContext>()) as AsyncLocalStorage<RequestContext>

/**
 * Runs `work` with `requestId` as the current request's id (logs and provider calls pick it up).
 * `withinCaller`: the request is made by the request being handled (an in-process provider call),
 * and shares what it remembered.
 */
export function withRequestId<T>(requestId: string, work: () => T, withinCaller = false): T {
  const remembered = (withinCaller ? store.getStore()?.remembered : undefined) ?? new Map<string, unknown>()
  return store.run({ requestId, remembered }, work)
}

/** The id of the request being handled, if any. */
export function currentRequestId(): string | undefined {
  return store.getStore()?.requestId
}

/**
 * `compute()` once per request under `name`: later calls of the same request get the first
 * answer. Outside a request, computed every time. A failed promise is not kept.
 */
export function oncePerRequest<T>(name: string, compute: () => T): T {
  const remembered = store.getStore()?.remembered
  if (!remembered) return compute()
  if (remembered.has(name)) return remembered.get(name) as T
  const value = compute()
  remembered.set(name, value)
  if (value instanceof Promise) value.catch(() => remembered.get(name) === value && remembered.delete(name))
  return value
}

/** Forgets what this request remembered under names starting with `prefix` (after a change made them stale). */
export function forgetForRequest(prefix: string): void {
  const remembered = store.getStore()?.remembered
  if (!remembered) return
  for (const name of remembered.keys()) if (name.startsWith(prefix)) remembered.delete(name)
}
