import { describe, expect, it } from 'vitest'
import { RedirectRuleInput } from '~/contract/navigation'
import { isExternalTarget, isReservedPath, redirectRuleProblem, ruleKey } from '~/server/site/redirect-rules'

describe('redirect rules', () => {
  it('classifies absolute http(s) URLs as external and paths as internal', () => {
    for (const target of ['https://example.org', 'http://example.org/x?y=1', 'HTTPS://EXAMPLE.ORG/']) expect(isExternalTarget(target), target).toBe(true)
    for (const target of ['/', '/rca', '/https://example.org', '/x?next=http://a']) expect(isExternalTarget(target), target).toBe(false)
  })

  it('keys a path without its trailing slash, query or fragment', () => {
    expect(ruleKey('/')).toBe('/')
    expect(ruleKey('/old/')).toBe('/old')
    expect(ruleKey('/old//')).toBe('/old')
    expect(ruleKey('/old')).toBe('/old')
    expect(ruleKey('/old/?x=1')).toBe('/old')
    expect(ruleKey('/old#top')).toBe('/old')
    expect(ruleKey('/?x=1')).toBe('/')
    expect(ruleKey('/a/b/')).toBe('/a/b')
  })

  it('reserves the API and server-function segments only', () => {
    for (const path of ['/api', '/api/', '/api/v1/products', '/_serverFn', '/_serverFn/abc']) expect(isReservedPath(path), path).toBe(true)
    for (const path of ['/', '/apiary', '/docs/api', '/_serverFnx', '/API']) expect(isReservedPath(path), path).toBe(false)
  })

  it('finds loops, through a trailing slash, a query or the site’s own origin', () => {
    const site = 'https://www.asiguro.ro'
    for (const to of ['/same', '/same/', '/same?x=1', '/same#a', `${site}/same`, `${site}/same/?utm=1`]) {
      expect(redirectRuleProblem({ from_path: '/same', to }, site), to).toEqual({ field: 'to', problem: 'loop' })
    }
    for (const to of ['/other', '/same/child', 'https://example.org/same', `${site}/other`]) expect(redirectRuleProblem({ from_path: '/same', to }, site), to).toBeUndefined()
    // Without the site's origin an absolute URL is never a loop.
    expect(redirectRuleProblem({ from_path: '/same', to: `${site}/same` })).toBeUndefined()
  })

  it('refuses reserved sources before anything else', () => {
    expect(redirectRuleProblem({ from_path: '/api/v1', to: '/' })).toEqual({ field: 'from_path', problem: 'reserved' })
    expect(redirectRuleProblem({ from_path: '/_serverFn/', to: '/_serverFn/' })).toEqual({ field: 'from_path', problem: 'reserved' })
  })

  it('accepts only site paths without a query as sources, and paths or http(s) URLs as targets', () => {
    expect(RedirectRuleInput.parse({ from_path: '/a', to: '/b' })).toEqual({ from_path: '/a', to: '/b', status_code: 302 })
    for (const from_path of ['a', '//host/a', '/a?b=1', '/a#b', '']) expect(RedirectRuleInput.safeParse({ from_path, to: '/b' }).success, from_path).toBe(false)
    for (const to of ['javascript:alert(1)', 'ftp://example.org/', '//example.org', 'example.org', 'mailto:a@b.ro']) expect(RedirectRuleInput.safeParse({ from_path: '/a', to }).success, to).toBe(false)
    for (const status_code of [200, 303, 404, '301']) expect(RedirectRuleInput.safeParse({ from_path: '/a', to: '/b', status_code }).success, String(status_code)).toBe(false)
  })
})
