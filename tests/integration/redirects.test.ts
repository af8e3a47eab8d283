import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { RedirectLookup, RedirectRule } from '~/contract/navigation'
import { redirectRules } from '~/server/db/schema'
import { z } from 'zod'
import { databaseKinds, errorOf, json, operator, startTestApi, statusesOf, type TestApi } from '../support/api'

const lookup = (t: TestApi, path: string, headers: Record<string, string> = {}) => t.call(`/redirects?${new URLSearchParams({ path })}`, { headers })
const ruleOf = async (res: Response) => RedirectLookup.parse(await res.json()).data
const RuleList = z.object({ data: z.array(RedirectRule) })

describe.each(databaseKinds)('redirect rules on %s', (kind) => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi(kind)
  })
  afterAll(async () => {
    await t?.close()
  })

  it('answers null for a path without a rule, with the statuses header', async () => {
    const res = await lookup(t, '/nothing')
    expect(res.status).toBe(200)
    expect(statusesOf(res).id).toBeGreaterThan(0)
    expect(await ruleOf(res)).toBeNull()
  })

  it('needs a site path, and says so in the asked language', async () => {
    const missing = await t.call('/redirects', { headers: { 'accept-language': 'en' } })
    expect(missing.status).toBe(422)
    expect(statusesOf(missing).id).toBeGreaterThan(0)
    const en = await errorOf(missing)
    expect(Object.keys(en.message)).toEqual(['path'])
    const ro = await errorOf(await t.call('/redirects', { headers: { 'accept-language': 'ro' } }))
    expect(ro.message).not.toEqual(en.message)
    expect(ro.pretty_message).toBe('Unele câmpuri nu sunt valide.')
    for (const bad of ['relative', '//evil.example/x']) expect((await lookup(t, bad)).status, bad).toBe(422)
  })

  it('serves internal and external rules, computing is_external, ignoring a trailing slash', async () => {
    const internal = await operator(t, '/redirects', 'PUT', { from_path: '/old/', to: '/rca', status_code: 301 })
    expect(internal.status).toBe(200)
    expect(statusesOf(internal).id).toBeGreaterThan(0)
    expect(RedirectRule.parse(await internal.json())).toEqual({ from_path: '/old', to: '/rca', status_code: 301, is_external: false })
    expect((await operator(t, '/redirects', 'PUT', { from_path: '/away', to: 'https://example.org/x' })).status).toBe(200)

    for (const path of ['/old', '/old/', '/old?utm=1']) expect(await ruleOf(await lookup(t, path)), path).toEqual({ from_path: '/old', to: '/rca', status_code: 301, is_external: false })
    expect(await ruleOf(await lookup(t, '/away/'))).toEqual({ from_path: '/away', to: 'https://example.org/x', status_code: 302, is_external: true })
    // Exact match only: neither a prefix nor a longer path.
    expect(await ruleOf(await lookup(t, '/old/page'))).toBeNull()
    expect(await ruleOf(await lookup(t, '/ol'))).toBeNull()
  })

  it('replaces the rule of a path and answers the change at once', async () => {
    expect((await operator(t, '/redirects', 'PUT', { from_path: '/moving', to: '/travel' })).status).toBe(200)
    expect((await ruleOf(await lookup(t, '/moving')))?.to).toBe('/travel')
    expect((await operator(t, '/redirects', 'PUT', { from_path: '/moving/', to: 'http://example.com/', status_code: 308 })).status).toBe(200)
    expect(await ruleOf(await lookup(t, '/moving'))).toEqual({ from_path: '/moving', to: 'http://example.com/', status_code: 308, is_external: true })
    const list = RuleList.parse(await (await operator(t, '/redirects', 'GET')).json())
    expect(list.data.filter((r) => r.from_path === '/moving')).toHaveLength(1)
  })

  it('lists rules in path order and removes one', async () => {
    const res = await operator(t, '/redirects', 'GET')
    expect(res.status).toBe(200)
    expect(statusesOf(res).id).toBeGreaterThan(0)
    const paths = RuleList.parse(await res.json()).data.map((r) => r.from_path)
    expect(paths).toEqual([...paths].sort())
    expect(paths).toEqual(expect.arrayContaining(['/away', '/moving', '/old']))

    const removed = await operator(t, `/redirects?${new URLSearchParams({ from_path: '/old/' })}`, 'DELETE')
    expect(removed.status).toBe(200)
    expect(await removed.json()).toEqual({ removed: true })
    expect(await ruleOf(await lookup(t, '/old'))).toBeNull()
    expect(await (await operator(t, '/redirects?from_path=%2Fold', 'DELETE')).json()).toEqual({ removed: false })
    expect((await operator(t, '/redirects', 'DELETE')).status).toBe(422)
  })

  it('refuses a rule that points at itself, with the field and a translated sentence', async () => {
    for (const to of ['/same', '/same/', '/same?x=1', `${t.config.PUBLIC_URL}/same`]) {
      const res = await t.call('/operator/redirects', json({ from_path: '/same', to }, { authorization: `Bearer ${t.config.OPERATOR_TOKEN}`, 'accept-language': 'en' }, 'PUT'))
      expect(res.status, to).toBe(422)
      expect(await errorOf(res)).toEqual({ code: 422, message: { to: ['The target is the redirected path itself.'] }, pretty_message: 'The redirect rule is not valid.' })
    }
    // The same path on another site is a real redirect.
    expect((await operator(t, '/redirects', 'PUT', { from_path: '/same', to: 'https://example.org/same' })).status).toBe(200)
  })

  it('refuses rules for the API and server-function paths', async () => {
    for (const from_path of ['/api', '/api/', '/api/v1/products', '/_serverFn/abc']) {
      const res = await t.call('/operator/redirects', json({ from_path, to: '/' }, { authorization: `Bearer ${t.config.OPERATOR_TOKEN}`, 'accept-language': 'fr' }, 'PUT'))
      expect(res.status, from_path).toBe(422)
      expect((await errorOf(res)).message).toEqual({ from_path: ['Cette adresse ne peut pas être redirigée.'] })
    }
    // Only the segment is reserved.
    expect((await operator(t, '/redirects', 'PUT', { from_path: '/apiary', to: '/' })).status).toBe(200)
  })

  it('refuses malformed rules with 422 per field', async () => {
    const cases: [object, string][] = [
      [{ from_path: 'no-slash', to: '/' }, 'from_path'],
      [{ from_path: '/q?x=1', to: '/' }, 'from_path'],
      [{ from_path: '/x', to: 'javascript:alert(1)' }, 'to'],
      [{ from_path: '/x', to: 'ftp://example.org/' }, 'to'],
      [{ from_path: '/x', to: '//evil.example' }, 'to'],
      [{ from_path: '/x', to: '/y', status_code: 200 }, 'status_code'],
    ]
    for (const [rule, field] of cases) {
      const res = await operator(t, '/redirects', 'PUT', rule)
      expect(res.status, JSON.stringify(rule)).toBe(422)
      expect(Object.keys((await errorOf(res)).message), JSON.stringify(rule)).toContain(field)
    }
  })

  it('picks up a change made by another process within a second', async () => {
    // The cache's age is read from a fake clock that moves only when told: a slow machine cannot age it.
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      expect(await ruleOf(await lookup(t, '/elsewhere'))).toBeNull()
      await t.deps.database.db.insert(redirectRules).values({ fromPath: '/elsewhere', toTarget: '/faq', statusCode: 307 })
      // Still the cached answer right after the write, and until the cache is a second old…
      expect(await ruleOf(await lookup(t, '/elsewhere'))).toBeNull()
      vi.advanceTimersByTime(999)
      expect(await ruleOf(await lookup(t, '/elsewhere'))).toBeNull()
      // …and the new rule once it is.
      vi.advanceTimersByTime(1)
      expect(await ruleOf(await lookup(t, '/elsewhere'))).toEqual({ from_path: '/elsewhere', to: '/faq', status_code: 307, is_external: false })
    } finally {
      vi.useRealTimers()
    }
  })

  it('keeps the operator endpoints for the operator, even during maintenance', async () => {
    const rule = JSON.stringify({ from_path: '/a', to: '/b' })
    for (const [path, method, body] of [
      ['/operator/redirects', 'GET', null],
      ['/operator/redirects', 'PUT', rule],
      ['/operator/redirects?from_path=%2Faway', 'DELETE', null],
    ] as const) {
      for (const authorization of [undefined, 'Bearer nope']) {
        const res = await t.call(path, { method, headers: { 'content-type': 'application/json', ...(authorization && { authorization }) }, body })
        expect(res.status, `${method} ${path} ${authorization ?? ''}`).toBe(401)
        expect((await errorOf(res)).message).toBe('unauthenticated')
        expect(statusesOf(res).id).toBeGreaterThan(0)
      }
    }
    expect(await ruleOf(await lookup(t, '/away'))).not.toBeNull()

    expect((await operator(t, '/maintenance', 'PUT', { active: true })).status).toBe(200)
    try {
      expect((await lookup(t, '/away')).status).toBe(503)
      expect((await operator(t, '/redirects', 'GET')).status).toBe(200)
    } finally {
      expect((await operator(t, '/maintenance', 'PUT', { active: false })).status).toBe(200)
    }
  })
})
