import { constants, createBrotliCompress, createGzip, type BrotliCompress, type Gzip } from 'node:zlib'

/**
 * Compression of server-rendered pages (decision 83). A page is 30–40 KB of HTML and compresses
 * to about a quarter; on a slow mobile connection those kilobytes come before anything is painted.
 * Built assets are compressed once at build time and served as files (srvx's static middleware);
 * API answers go to servers on the same network and stay plain.
 *
 * Brotli when the browser accepts it, else gzip, else the page as it was. The work runs on
 * libuv's thread pool (zlib streams), not on the event loop. Streamed pages stay streamed: what
 * the renderer has written is flushed once it pauses (end of the event loop turn), so a part sent
 * early still reaches the browser early.
 */
export type PageEncoding = 'br' | 'gzip'

/** Brotli's quality 4 (the last of its fast levels: a 41 KB page in 1.2 ms of CPU against 1.8 ms at 5, 7 % larger, still under gzip's) and gzip's level 6; decision 142. */
const BROTLI_QUALITY = 4
const GZIP_LEVEL = 6
/** Below this, compression saves less than its framing costs. */
const MIN_BYTES = 1024

/** The encoding to send for an `Accept-Encoding` value: `br` before `gzip`, none refused with `q=0`. */
export function chooseEncoding(acceptEncoding: string | null): PageEncoding | undefined {
  if (!acceptEncoding) return undefined
  const accepted = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.split(';')
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const weight = q === undefined ? 1 : Number(q.slice(2))
    accepted.set(name.trim().toLowerCase(), Number.isFinite(weight) ? weight : 0)
  }
  const weightOf = (encoding: string) => accepted.get(encoding) ?? accepted.get('*') ?? 0
  if (weightOf('br') > 0) return 'br'
  if (weightOf('gzip') > 0) return 'gzip'
  return undefined
}

/**
 * The answer, compressed for this request when it is an HTML page worth compressing. Every HTML
 * answer says it varies by `Accept-Encoding`, compressed or not, so no shared cache mixes them.
 */
export function compressPage(request: Request, response: Response): Response {
  const type = response.headers.get('content-type') ?? ''
  if (!type.startsWith('text/html')) return response
  let headers: Headers
  try {
    response.headers.append('vary', 'accept-encoding')
    headers = response.headers
  } catch {
    headers = new Headers(response.headers) // immutable headers (a fetched answer): copied below
    headers.append('vary', 'accept-encoding')
    response = new Response(response.body, { status: response.status, statusText: response.statusText, headers })
  }
  const encoding = chooseEncoding(request.headers.get('accept-encoding'))
  const length = Number(headers.get('content-length') ?? Number.POSITIVE_INFINITY)
  if (
    !encoding ||
    !response.body ||
    request.method === 'HEAD' ||
    response.status === 204 ||
    response.status === 304 ||
    length < MIN_BYTES ||
    headers.has('content-encoding') ||
    (headers.get('cache-control') ?? '').includes('no-transform')
  ) {
    return response
  }
  const compressed = new Headers(headers)
  compressed.set('content-encoding', encoding)
  compressed.delete('content-length')
  return new Response(compressedStream(response.body, encoding), { status: response.status, statusText: response.statusText, headers: compressed })
}

function compressor(encoding: PageEncoding): BrotliCompress | Gzip {
  return encoding === 'br'
    ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } })
    : createGzip({ level: GZIP_LEVEL })
}

/**
 * `body` through a zlib stream, flushed whenever the source pauses for a turn of the event loop.
 * No backpressure: a page is tens of kilobytes, held anyway by the renderer until written.
 */
export function compressedStream(body: ReadableStream<Uint8Array>, encoding: PageEncoding): ReadableStream<Uint8Array> {
  const zip = compressor(encoding)
  const reader = body.getReader()
  let flushScheduled = false
  return new ReadableStream<Uint8Array>({
    start(controller) {
      zip.on('data', (chunk: Buffer) => controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)))
      zip.once('end', () => controller.close())
      zip.once('error', (error) => controller.error(error))
      void (async () => {
        try {
          for (;;) {
            const { done, value } = await reader.read()
            if (done) break
            zip.write(value)
            if (!flushScheduled) {
              flushScheduled = true
              setImmediate(() => {
                flushScheduled = false
                // A sync flush keeps the compression window (gzip's default full flush would reset it).
                if (!zip.writableEnded) zip.flush(encoding === 'br' ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH)
              })
            }
          }
          zip.end()
        } catch (error) {
          zip.destroy(error instanceof Error ? error : new Error(String(error)))
        }
      })()
    },
    cancel(reason) {
      zip.destroy()
      return reader.cancel(reason)
    },
  })
}
