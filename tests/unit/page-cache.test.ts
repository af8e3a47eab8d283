/** Which page requests the one-second page cache may answer, and what it answers (decision 82). */
import { describe, expect, it } from 'vitest'
import { cachedPage, dropCachedPages, pageCacheKey } from '~/server/http/page-cache'

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => new Request(`http://site.test${path}`, { method, headers })
const key = (path: string, headers?: Record<string, string>, method?: string) => pageCacheKey(get(path, headers, method), new URL(`http://site.test${path}`).pathname)

function page(nonce: string, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(`<html><meta property="csp-nonce" content="${nonce}"/><script nonce="${nonce}"></script></html>`, {
    status: init.status ?? 200,
    headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': `script-src 'nonce-${nonce}'`, 'cache-control': 'private, no-cache', ...init.headers },
  })
}

describe('pageCacheKey', () => {
  it('keys anonymous GETs of public pages by URL, language and the preference cookies', () => {
    const keys = [key('/'), key('/', { 'accept-language': 'en' }), key('/', { cookie: 'theme=dark' }), key('/', { cookie: 'locale=fr' }), key('/', { cookie: 'cookie_consent=1.p0a1m0' }), key('/?a=1'), key('/faq')]
    for (const k of keys) expect(k).toBeDefined()
    expect(new Set(keys).size).toBe(keys.length)
    expect(key('/', { 'accept-language': 'ro-RO,ro;q=0.9' })).toBe(key('/', { 'accept-language': 'ro' }))
    expect(pageCacheKey(new Request('http://other.test/'), '/')).not.toBe(key('/'))
  })

  it('leaves out anyone with another cookie, a bearer, other methods and private paths', () => {
    expect(key('/', { cookie: 'theme=dark; asiguro_session=abc' })).toBeUndefined()
    expect(key('/', { cookie: 'form_flash=x' })).toBeUndefined()
    expect(key('/', { authorization: 'Bearer x' })).toBeUndefined()
    expect(key('/', {}, 'HEAD')).toBeUndefined()
    expect(key('/', {}, 'POST')).toBeUndefined()
    for (const path of ['/account', '/account/orders', '/account-deleted', '/checkout', '/api/v1/products', '/_serverFn/x', '/authenticate', '/thank-you']) expect(key(path), path).toBeUndefined()
    expect(key('/accounting')).toBeDefined()
  })
})

describe('cachedPage', () => {
  it('renders once, then answers from the cache with a fresh nonce in the HTML and the policy', async () => {
    dropCachedPages()
    let renders = 0
    const render = async () => (renders++, page('first-nonce'))
    const first = await cachedPage('k1', render)
    expect(first.cached).toBe(false)
    expect(await first.response.text()).toContain('first-nonce')
    const second = await cachedPage('k1', render)
    expect(second.cached).toBe(true)
    expect(renders).toBe(1)
    const nonce = /'nonce-([^']+)'/.exec(second.response.headers.get('content-security-policy') ?? '')?.[1]
    expect(nonce).toBeTruthy()
    expect(nonce).not.toBe('first-nonce')
    const html = await second.response.text()
    expect(html).not.toContain('first-nonce')
    expect(html).toContain(`content="${nonce}"`)
    expect(html).toContain(`<script nonce="${nonce}">`)
  })

  it('keeps no answer that sets a cookie, is not a 200 or is no-store', async () => {
    dropCachedPages()
    for (const [i, answer] of [page('n', { headers: { 'set-cookie': 'a=1' } }), page('n', { status: 404 }), page('n', { headers: { 'cache-control': 'no-store' } })].entries()) {
      let renders = 0
      const render = async () => (renders++, answer.clone())
      await cachedPage(`k2-${i}`, render)
      expect((await cachedPage(`k2-${i}`, render)).cached).toBe(false)
      expect(renders).toBe(2)
    }
  })

  it('forgets every page on a change, and does not keep a render begun before it', async () => {
    dropCachedPages()
    let renders = 0
    await cachedPage('k3', async () => (renders++, page('n')))
    dropCachedPages()
    expect((await cachedPage('k3', async () => (renders++, page('n')))).cached).toBe(false)
    const slow = cachedPage('k4', async () => {
      dropCachedPages() // a change while the page renders
      return page('n')
    })
    await slow
    expect((await cachedPage('k4', async () => page('n'))).cached).toBe(false)
    expect(renders).toBe(2)
  })

  it('lets visitors who arrive during a render share it', async () => {
    dropCachedPages()
    let renders = 0
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    const render = async () => {
      renders++
      await gate
      return page('n')
    }
    const answers = [cachedPage('k5', render), cachedPage('k5', render), cachedPage('k5', render)]
    release()
    const done = await Promise.all(answers)
    expect(renders).toBe(1)
    expect(done.map((a) => a.cached)).toEqual([false, true, true])
  })
})
