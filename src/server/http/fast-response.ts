import { FastResponse } from 'srvx/node'

const NativeResponse = globalThis.Response

/**
 * srvx's lazy `FastResponse`, made safe for `new Response(body, otherResponse)`, which Start
 * uses to copy a response (a server function's thrown `Response`, for one). srvx spreads its
 * `init` when it materialises the native response, and a Response's status and headers are
 * getters that a spread loses: the copy would answer 200. Here such an `init` is read into a
 * plain object first. `instanceof` keeps meaning "any Response", as with srvx's own class.
 */
export class ServerResponse extends FastResponse {
  static override [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof NativeResponse
  }

  constructor(body?: BodyInit | null, init?: ResponseInit) {
    super(body, init instanceof NativeResponse ? { status: init.status, statusText: init.statusText, headers: init.headers } : init)
  }
}

/**
 * Makes every `new Response(...)` of this process srvx's lazy one: a response built from a string
 * or bytes is written straight to the socket, with a Content-Length, instead of through a
 * ReadableStream and chunked encoding; any other use (reading `.body`, `.clone()`, a stream body
 * for server rendering) gets the native Response. For the processes srvx serves (the app, the API
 * alone, the sandboxes alone); call it before the first response is built. See docs/benchmarks.md.
 */
export function installServerResponses(): void {
  globalThis.Response = ServerResponse as unknown as typeof Response // `error` and `redirect` are inherited from the native class
}
