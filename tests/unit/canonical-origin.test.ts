/** Outside production, a page asked for on another host name goes to PUBLIC_URL's first (src/server/web/canonical-origin.ts). */
import { describe, expect, it } from 'vitest'
import { canonicalOriginRedirect } from '~/server/web/canonical-origin'

const config = { APP_ENV: 'development', PUBLIC_URL: 'http://localhost:3000', TRUST_PROXY_HOPS: 0 } as const
const request = (url: string, headers: Record<string, string> = {}, method = 'GET') => new Request(url, { method, headers: { host: new URL(url).host, ...headers } })

describe('canonicalOriginRedirect', () => {
  it('sends a page asked for on 127.0.0.1 to localhost, path and query kept, with nothing to cache', () => {
    const answer = canonicalOriginRedirect(request('http://127.0.0.1:3000/thank-you?order=abc'), config)
    expect(answer?.status).toBe(307)
    expect(answer?.headers.get('location')).toBe('http://localhost:3000/thank-you?order=abc')
    expect(answer?.headers.get('set-cookie')).toBeNull()
    expect(answer?.headers.get('cache-control')).toBe('no-store')
  })

  it('answers nothing on the canonical host, whatever its case', () => {
    expect(canonicalOriginRedirect(request('http://localhost:3000/'), config)).toBeUndefined()
    expect(canonicalOriginRedirect(request('http://localhost:3000/', { host: 'LOCALHOST:3000' }), config)).toBeUndefined()
  })

  it('takes the port as part of the origin', () => {
    expect(canonicalOriginRedirect(request('http://localhost:3001/'), config)?.headers.get('location')).toBe('http://localhost:3000/')
  })

  it('leaves posted forms and production alone', () => {
    expect(canonicalOriginRedirect(request('http://127.0.0.1:3000/authenticate', {}, 'POST'), config)).toBeUndefined()
    expect(canonicalOriginRedirect(request('http://127.0.0.1:3000/'), { ...config, APP_ENV: 'production', PUBLIC_URL: 'https://asiguro.ro' })).toBeUndefined()
  })

  it('reads the forwarded host only behind a trusted proxy', () => {
    const proxied = request('http://10.0.0.5:3000/', { 'x-forwarded-host': 'localhost:3000' })
    expect(canonicalOriginRedirect(proxied, { ...config, TRUST_PROXY_HOPS: 1 })).toBeUndefined()
    expect(canonicalOriginRedirect(proxied, config)?.status).toBe(307)
  })
})
