/**
 * Server entry: the provider API answers `/api/v1` directly, in front of the Start handler,
 * so API calls skip Start's request scope, page routing and SSR entirely. The sandbox services
 * (`/sandbox/<service>/`, decision 47) are answered there too when `SANDBOX_ENABLED`. Pages and
 * server functions go to Start's default entry; server-function calls through the transport guard
 * (src/server/web/transport.ts).
 *
 * Every request gets an id (`x-request-id`, the caller's when well formed): it is on the answer,
 * on every log line written while handling it, and on the calls the page makes to the provider
 * API. `close` is the graceful shutdown of what this bundle opened (src/server/serve.ts).
 */
import type { ServerResponse } from 'node:http'
import startEntry from '@tanstack/react-start/server-entry'
import { API_BASE, closeProcessApi, getProcessApi, type Api } from './server/api'
import { getConfig } from './server/config'
import { compressPage } from './server/http/compression'
import { log } from './server/log'
import { observeRequest } from './server/metrics'
import { REQUEST_ID_HEADER, requestIdFrom, withRequestId } from './server/request-context'
import { cachedPage, pageCacheKey } from './server/http/page-cache'
import { canonicalOriginRedirect } from './server/web/canonical-origin'
import { isServerFunctionPath, serveServerFunction } from './server/web/transport'

let api: Api | undefined

/** The metrics label of a web app request: a few kinds, never the path (unbounded). */
function webRoute(pathname: string): string {
  return pathname.startsWith('/_serverFn') ? 'server_fn' : 'page'
}

async function answerWeb(request: Request, pathname: string, requestId: string): Promise<Response> {
  const started = performance.now()
  let cached = false
  let response: Response
  // Server functions: a call Start cannot parse answers 400 in the envelope, not its parser's 500 (decision 57).
  if (isServerFunctionPath(pathname)) response = await serveServerFunction(request, async (r) => startEntry.fetch(r))
  else {
    // A public page for an anonymous visitor may come from the one-second page cache (decision 82).
    const key = pageCacheKey(request, pathname)
    if (key === undefined) response = await startEntry.fetch(request)
    else ({ response, cached } = await cachedPage(key, async () => startEntry.fetch(request)))
  }
  try {
    response.headers.set(REQUEST_ID_HEADER, requestId)
  } catch {
    // A response with immutable headers (a fetched one): copy it.
    response = new Response(response.body, response)
    response.headers.set(REQUEST_ID_HEADER, requestId)
  }
  response = compressPage(request, response) // pages only: brotli or gzip as the browser accepts (decision 83)
  const seconds = (performance.now() - started) / 1000
  const route = webRoute(pathname)
  observeRequest(request.method, route, response.status, seconds)
  if (log.enabled('info')) log.info('http.request', { method: request.method, route, path: pathname, status: response.status, ms: Math.round(seconds * 1000), ...(cached ? { cached } : {}) })
  return response
}

export default {
  async fetch(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url)
    if (pathname.startsWith('/sandbox/') && getConfig().SANDBOX_ENABLED) {
      // Loaded only where the sandboxes run: production's module graph holds none of them (decision 120).
      const { sandboxFetch } = await import('./server/sandbox')
      const answer = await sandboxFetch(request)
      if (answer) return answer
    }
    if ((pathname === API_BASE || pathname.startsWith(`${API_BASE}/`)) && !getConfig().PROVIDER_API_URL) {
      api ??= await getProcessApi()
      return api.fetch(request)
    }
    const elsewhere = isServerFunctionPath(pathname) ? undefined : canonicalOriginRedirect(request, getConfig())
    if (elsewhere) return elsewhere
    const requestId = requestIdFrom(request.headers.get(REQUEST_ID_HEADER))
    return withRequestId(requestId, () => answerWeb(request, pathname, requestId))
  },
  /**
   * `npm run serve` hands a request for `/api/v1` here straight from `node:http` (srvx's lazy
   * request over it, and the `node:http` response): the API writes its answer itself, with no
   * `Response` in between. Undefined when the API is not answered in this process
   * (`PROVIDER_API_URL`): the request goes through `fetch` as any other.
   */
  serveApi(request: Request, res: ServerResponse): Promise<void> | undefined {
    if (getConfig().PROVIDER_API_URL) return undefined
    if (api) return api.serveNode(request, res)
    return getProcessApi().then((created) => (api ??= created).serveNode(request, res))
  },
  /** Stops the job workers (running jobs finish) and closes the database. */
  async close(): Promise<void> {
    api = undefined
    await closeProcessApi()
  },
}
