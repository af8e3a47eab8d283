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
}

// One store per process, on globalThis: the Node entry (dist/node/serve.js) and the server bundle
// (dist/server/server.js) each carry a copy of this module, and both must see the same context.
const key = Symbol.for('asiguro.request-context')
const store = ((globalThis as Record<symbol, unknown>)[key] ??= new AsyncLocalStorage<RequestContext>()) as AsyncLocalStorage<RequestContext>

/** Runs `work` with `requestId` as the current request's id (logs and provider calls pick it up). */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return store.run({ requestId }, work)
}

/** The id of the request being handled, if any. */
export function currentRequestId(): string | undefined {
  return store.getStore()?.requestId
}
