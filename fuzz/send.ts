import http from 'node:http'
import type { Identity } from './fixtures'
import type { FuzzRequest } from './requests'
import type { Answer } from './verdict'

/** A request gets this long before it counts as unanswered (the verdict's limit is lower: slow). */
const GIVE_UP_MS = 20_000
/** Answers are kept up to this size for the verdict and the report. */
const KEEP_BYTES = 2_000_000

const garbageAuthorizations = ['Bearer ', 'Bearer x', 'Bearer null', 'Basic YWRtaW46YWRtaW4=', `Bearer ${'a'.repeat(2_000)}`, 'Bearer ../../etc', 'bearer\tx', 'Token abc', 'Bearer eyJhbGciOiJub25lIn0.e30.']
const garbageCookies = ['asiguro_session=garbage', 'asiguro_session=Fe26.2**x*y*z*a*b*c*d', `asiguro_session=${'a'.repeat(1_500)}`, 'asiguro_session=; asiguro_session=x']

export interface Sender {
  send(request: FuzzRequest, index: number): Promise<Answer>
  close(): void
}

/**
 * Sends requests with node:http, not fetch: the path goes out exactly as written (fetch's URL
 * parser would resolve `%2e%2e` and re-encode what the fuzzer chose to send raw).
 */
export function createSender(baseUrl: string, operatorToken: string, identity: () => Identity, concurrency: number): Sender {
  const { hostname, port } = new URL(baseUrl)
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency })

  const credentialHeaders = (request: FuzzRequest, index: number): Record<string, string> => {
    const { bearer, sessionCookie } = identity()
    const cookie = (value: string) => ({ cookie: [request.headers.cookie, value].filter(Boolean).join('; ') })
    switch (request.credentials) {
      case 'user':
        return { authorization: `Bearer ${bearer}` }
      case 'operator':
        return { authorization: `Bearer ${operatorToken}` }
      case 'session':
        return cookie(sessionCookie)
      case 'garbage':
        return request.target.kind === 'fn' ? cookie(garbageCookies[index % garbageCookies.length]!) : { authorization: garbageAuthorizations[index % garbageAuthorizations.length]! }
      case 'none':
        return {}
    }
  }

  /**
   * A kept-alive socket the server closed just as it was reused fails at once: tried again on a
   * new one, as Node's documentation advises (`reusedSocket`), since that race is the client's.
   */
  const send = async (request: FuzzRequest, index: number): Promise<Answer> => {
    const first = await sendOnce(request, index)
    return first.reusedSocketFailed ? sendOnce(request, index) : first
  }

  const sendOnce = (request: FuzzRequest, index: number) =>
    new Promise<Answer & { reusedSocketFailed?: boolean }>((resolve) => {
      const started = performance.now()
      const headers: Record<string, string | number> = { ...request.headers, ...credentialHeaders(request, index) }
      if (request.body !== undefined) headers['content-length'] = Buffer.byteLength(request.body)
      const outgoing = http.request({ host: hostname, port, method: request.method, path: request.url, headers, agent }, (incoming) => {
        const chunks: Buffer[] = []
        let size = 0
        incoming.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size <= KEEP_BYTES) chunks.push(chunk)
        })
        incoming.on('end', () => {
          clearTimeout(timer)
          const answerHeaders = new Headers()
          for (const [name, value] of Object.entries(incoming.headers)) for (const v of [value ?? []].flat()) answerHeaders.append(name, v)
          resolve({ status: incoming.statusCode ?? 0, headers: answerHeaders, text: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started })
        })
        incoming.on('error', (error) => done(error))
      })
      const done = (error: Error & { code?: string }) => {
        clearTimeout(timer)
        const reusedSocketFailed = outgoing.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE')
        resolve({ status: 0, headers: new Headers(), text: '', ms: performance.now() - started, failure: error.message, reusedSocketFailed })
      }
      const timer = setTimeout(() => outgoing.destroy(new Error(`no answer within ${GIVE_UP_MS / 1000} s`)), GIVE_UP_MS)
      outgoing.on('error', done)
      outgoing.end(request.body)
    })

  return { send, close: () => agent.destroy() }
}
