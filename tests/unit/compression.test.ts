/** Compression of server-rendered pages (decision 83): which encoding, which answers, and that streamed parts arrive early. */
import { brotliDecompressSync, constants, createBrotliDecompress, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { chooseEncoding, compressedStream, compressPage } from '~/server/http/compression'

const html = `<!doctype html><html><body>${'<p>Asigurare RCA, comparată în câteva minute.</p>'.repeat(200)}</body></html>`
const request = (acceptEncoding?: string, method = 'GET') => new Request('http://site.test/', { method, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} })
const page = (body: string = html, headers: Record<string, string> = {}, status = 200) => new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8', ...headers } })

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0 and the wildcard', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(chooseEncoding('gzip, deflate')).toBe('gzip')
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip')
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBeUndefined()
    expect(chooseEncoding('*')).toBe('br')
    expect(chooseEncoding('*;q=0, gzip')).toBe('gzip')
    expect(chooseEncoding('identity')).toBeUndefined()
    expect(chooseEncoding('')).toBeUndefined()
    expect(chooseEncoding(null)).toBeUndefined()
    expect(chooseEncoding('br;q=nonsense, gzip')).toBe('gzip')
  })
})

describe('compressPage', () => {
  it('sends brotli to a browser that accepts it, decoding to the same page', async () => {
    const answer = compressPage(request('gzip, br'), page(html, { 'content-length': String(Buffer.byteLength(html)) }))
    expect(answer.headers.get('content-encoding')).toBe('br')
    expect(answer.headers.get('content-length')).toBeNull()
    expect(answer.headers.get('vary')).toBe('accept-encoding')
    const bytes = Buffer.from(await answer.arrayBuffer())
    expect(bytes.byteLength).toBeLessThan(Buffer.byteLength(html) / 4)
    expect(brotliDecompressSync(bytes).toString()).toBe(html)
  })

  it('sends gzip when brotli is not accepted', async () => {
    const answer = compressPage(request('gzip'), page())
    expect(answer.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await answer.arrayBuffer())).toString()).toBe(html)
  })

  it('leaves alone what is not an HTML page worth compressing, still saying it varies', async () => {
    const cases: [Request, Response][] = [
      [request(), page()],
      [request('identity'), page()],
      [request('br', 'HEAD'), page(html)],
      [request('br'), page('<p>short</p>', { 'content-length': '12' })],
      [request('br'), page(html, { 'content-encoding': 'gzip' })],
      [request('br'), page(html, { 'cache-control': 'no-transform' })],
    ]
    for (const [req, res] of cases) {
      const before = res.headers.get('content-encoding')
      const answer = compressPage(req, res)
      expect(answer).toBe(res)
      expect(answer.headers.get('content-encoding')).toBe(before)
      expect(answer.headers.get('vary')).toBe('accept-encoding')
    }
    const json = compressPage(request('br'), new Response(JSON.stringify({ a: html }), { headers: { 'content-type': 'application/json' } }))
    expect(json.headers.get('content-encoding')).toBeNull()
    expect(json.headers.get('vary')).toBeNull()
  })

  it('copies an answer whose headers cannot change (a fetched one)', async () => {
    const fetched = await fetch(`data:text/html;charset=utf-8,${encodeURIComponent(html)}`)
    expect(() => fetched.headers.set('x', '1')).toThrow()
    const answer = compressPage(request('br'), fetched)
    expect(answer.headers.get('content-encoding')).toBe('br')
    expect(answer.headers.get('vary')).toBe('accept-encoding')
    expect(brotliDecompressSync(Buffer.from(await answer.arrayBuffer())).toString()).toBe(html)
  })
})

describe('compressedStream', () => {
  it('flushes what the renderer wrote before it pauses, so an early part is readable early', async () => {
    let release!: () => void
    const paused = new Promise<void>((resolve) => (release = resolve))
    const source = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode('<html><body><header>shell</header>'))
        await paused
        controller.enqueue(new TextEncoder().encode('<main>late part</main></body></html>'))
        controller.close()
      },
    })
    const decoder = createBrotliDecompress({ finishFlush: constants.BROTLI_OPERATION_FLUSH })
    let decoded = ''
    decoder.on('data', (chunk: Buffer) => (decoded += chunk.toString()))
    const shellDecoded = new Promise<void>((resolve) => decoder.on('data', () => decoded.includes('shell') && resolve()))
    const reader = compressedStream(source, 'br').getReader()
    // Before the rest is released, the compressed bytes sent so far must already decode to the shell.
    const { value, done } = await reader.read()
    expect(done).toBe(false)
    decoder.write(value)
    await shellDecoded
    expect(decoded).toBe('<html><body><header>shell</header>')
    release()
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      decoder.write(value)
    }
    await new Promise((resolve) => decoder.end(resolve))
    expect(decoded).toBe('<html><body><header>shell</header><main>late part</main></body></html>')
  })

  it('fails the compressed stream when the page stream fails', async () => {
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('<html>'))
        queueMicrotask(() => controller.error(new Error('render failed')))
      },
    })
    const reader = compressedStream(source, 'gzip').getReader()
    await expect((async () => {
      for (;;) if ((await reader.read()).done) return 'ended'
    })()).rejects.toThrow('render failed')
  })
})
