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
