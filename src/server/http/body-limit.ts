/**
 * Request bodies with a ceiling: the declared length is checked first, then the
 * stream itself is counted as it arrives and cut at the limit, so a body over it (or one sent
 * chunked, with no length) never sits whole in memory.
 */

/** The API's ceiling, and the server functions' unless one truly needs more. */
export const DEFAULT_BODY_LIMIT = 64 * 1024

export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`request body over ${limit} bytes`)
    this.name = 'BodyTooLarge'
  }
}

/** Whether the request says, in `Content-Length`, that its body is over `limit`. */
export function declaresMoreThan(request: Request, limit: number): boolean {
  const declared = Number(request.headers.get('content-length') ?? 0)
  return Number.isFinite(declared) && declared > limit
}

/**
 * The body as a stream that errors with `BodyTooLarge` once more than `limit` bytes came
 * through, and stops reading the client's stream there; `onCut` learns of it (the reader's
 * error may reach its caller wrapped in a parser's own).
 */
export function limitedStream(body: ReadableStream<Uint8Array>, limit: number, onCut?: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader()
  let received = 0
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read()
      if (done) return controller.close()
      received += value.byteLength
      if (received > limit) {
        onCut?.()
        controller.error(new BodyTooLarge(limit))
        await reader.cancel().catch(() => undefined)
        return
      }
      controller.enqueue(value)
    },
    cancel: (reason) => reader.cancel(reason),
  })
}

/** The body as text, read up to `limit` bytes; throws `BodyTooLarge` past it. */
export async function readTextUpTo(request: Request, limit: number): Promise<string> {
  if (declaresMoreThan(request, limit)) {
    await request.body?.cancel().catch(() => undefined)
    throw new BodyTooLarge(limit)
  }
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let received = 0
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    received += next.value.byteLength
    if (received > limit) {
      await reader.cancel().catch(() => undefined)
      throw new BodyTooLarge(limit)
    }
    chunks.push(next.value)
  }
  return Buffer.concat(chunks).toString('utf8')
}
