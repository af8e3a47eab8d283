/**
 * A small JSON-over-HTTP client on `node:http`/`node:https` with kept-alive connections, for the
 * outside parties the quote engine calls per quote (the insurers, the claims history): ten calls
 * per quote, where `fetch` (undici with WHATWG streams) cost several times the CPU per call
 * (docs/benchmarks.md, quotes).
 */
import http from 'node:http'
import https from 'node:https'

/**
 * Idle connections kept per origin: Node keeps 256, and a busy node has a thousand calls in flight
 * to the sandbox origin (nine insurers a quote, some hanging until their timeout); past 256 each
 * finished call closed its connection and the next one opened another (docs/benchmarks.md).
 */
const MAX_IDLE_PER_ORIGIN = 2048
const options = { keepAlive: true, maxSockets: Infinity, maxFreeSockets: MAX_IDLE_PER_ORIGIN, scheduling: 'lifo' } as const
const agents = { 'http:': new http.Agent(options), 'https:': new https.Agent(options) }

export interface JsonResponse {
  status: number
  /** The parsed body; undefined when it was empty or not JSON. */
  body: unknown
}

/** POSTs `body` as JSON; rejects on a network error or when `signal` aborts (the request is destroyed). */
export function postJson(url: string, body: unknown, headers: Record<string, string>, signal: AbortSignal): Promise<JsonResponse> {
  return requestJson('POST', url, Buffer.from(JSON.stringify(body)), headers, signal)
}

/** GETs `url`, asking for JSON; rejects like `postJson`. */
export function getJson(url: string, headers: Record<string, string>, signal: AbortSignal): Promise<JsonResponse> {
  return requestJson('GET', url, undefined, headers, signal)
}

/**
 * A kept-alive connection the other side closed just as it was reused (ECONNRESET on a reused
 * socket before any answer: the request never reached it) is tried once more on a new one, as
 * Node's documentation advises; these calls are safe to repeat (issuing carries its idempotency key).
 */
async function requestJson(method: 'GET' | 'POST', url: string, payload: Buffer | undefined, headers: Record<string, string>, signal: AbortSignal): Promise<JsonResponse> {
  try {
    return await requestOnce(method, url, payload, headers, signal)
  } catch (error) {
    if (!(error instanceof StaleConnection)) throw error
    return requestOnce(method, url, payload, headers, signal).catch((again: unknown) => Promise.reject(again instanceof StaleConnection ? again.cause : again))
  }
}

class StaleConnection extends Error {}

function requestOnce(method: 'GET' | 'POST', url: string, payload: Buffer | undefined, headers: Record<string, string>, signal: AbortSignal): Promise<JsonResponse> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const target = new URL(url)
    const transport = target.protocol === 'https:' ? https : http
    const agent = target.protocol === 'https:' ? agents['https:'] : agents['http:']
    const sent = payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}
    let answered = false
    const request = transport.request(target, { method, agent, headers: { ...sent, accept: 'application/json', ...headers } }, (response) => {
      answered = true
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('error', fail)
      response.on('end', () => {
        signal.removeEventListener('abort', onAbort)
        let parsed: unknown
        try {
          parsed = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined
        } catch {
          parsed = undefined
        }
        resolve({ status: response.statusCode ?? 0, body: parsed })
      })
    })
    function fail(error: unknown) {
      signal.removeEventListener('abort', onAbort)
      const reset = (error as { code?: unknown }).code === 'ECONNRESET'
      reject(reset && request.reusedSocket && !answered && !signal.aborted ? new StaleConnection('kept-alive connection reset', { cause: error }) : error)
    }
    function onAbort() {
      request.destroy()
      reject(signal.reason)
    }
    signal.addEventListener('abort', onAbort, { once: true })
    request.on('error', fail)
    request.end(payload)
  })
}
