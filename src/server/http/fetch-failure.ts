/**
 * What a failed `fetch` says, with the cause undici hides behind "fetch failed" (a reset
 * connection, a refused one, a closed socket), so logs name it.
 */
export function fetchFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined
  if (!cause || typeof cause !== 'object') return error.message
  const code = typeof cause.code === 'string' ? cause.code : undefined
  const message = typeof cause.message === 'string' ? cause.message : undefined
  return `${error.message} (${[code, message].filter(Boolean).join(': ')})`
}

/** Connection-level causes: the request never got an answer because the connection itself failed. */
const CONNECTION_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNREFUSED', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED'])

/**
 * Whether `fetch` failed on the connection before any answer: most often a kept-alive connection
 * the other side closed just as this process reused it (an event loop late by a second or two
 * under load is enough). Asking again on a fresh connection is then the ordinary cure.
 */
export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof TypeError)) return false
  const code = (error.cause as { code?: unknown } | undefined)?.code
  return typeof code === 'string' && CONNECTION_CODES.has(code)
}
