/** The security headers of the provider API (ASVS V3): the same set as the web app's answers, and a policy for its one HTML page. */
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../support/api'

const directives = (policy: string | null) => new Map((policy ?? '').split(';').map((d) => d.trim().split(/\s+/)).map(([name = '', ...sources]) => [name, sources]))

describe('API over plain HTTP', () => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi('pglite')
  })
  afterAll(async () => {
    await t?.close()
  })

  it('answers data, errors included, with nosniff, no framing, no caching and a policy that loads nothing, and no HSTS', async () => {
    for (const res of [await t.call('/products'), await t.call('/no-such-route'), await t.call('/auth/logout', { method: 'POST' })]) {
      expect(res.headers.get('x-content-type-options'), res.url).toBe('nosniff')
      expect(res.headers.get('cache-control')).toBe('no-store')
      expect(res.headers.get('x-frame-options')).toBe('DENY')
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      const policy = directives(res.headers.get('content-security-policy'))
      expect(policy.get('default-src')).toEqual(["'none'"])
      expect(policy.get('frame-ancestors')).toEqual(["'none'"])
      expect(res.headers.get('strict-transport-security')).toBeNull()
    }
  })

  it('gives the reference page a policy that allows its own stylesheet, by hash, and nothing else', async () => {
    const res = await t.call('/docs')
    const html = await res.text()
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? ''
    expect(style).toContain('body{')
    expect(html).not.toMatch(/<script|\son\w+=/i)
    const policy = directives(res.headers.get('content-security-policy'))
    expect(policy.get('default-src')).toEqual(["'none'"])
    expect(policy.get('style-src')).toEqual([`'sha256-${createHash('sha256').update(style).digest('base64')}'`])
    expect(policy.get('frame-ancestors')).toEqual(["'none'"])
    expect(policy.has('script-src')).toBe(false)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  })
})

describe('API on HTTPS', () => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi('pglite', { PUBLIC_URL: 'https://asiguro.example' })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('sends HSTS for a year, subdomains included', async () => {
    expect((await t.call('/products')).headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
  })
})
