import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineRoute } from '~/server/api/route'
import { Router } from '~/server/api/router'

const route = (method: 'GET' | 'POST' | 'PUT', path: string) =>
  defineRoute({ method, path, tag: 't', summary: path, response: z.object({}), handler: () => ({ body: {} }) })

describe('API router', () => {
  const router = new Router([route('GET', '/products'), route('GET', '/products/{code}'), route('PUT', '/operator/product-statuses/{code}'), route('POST', '/products/{code}/quotes')])

  it('matches static and parameterised paths', () => {
    expect(router.match('GET', '/products')).toMatchObject({ kind: 'found', params: {} })
    expect(router.match('GET', '/products/rca')).toMatchObject({ kind: 'found', params: { code: 'rca' } })
    expect(router.match('POST', '/products/rca/quotes')).toMatchObject({ kind: 'found', params: { code: 'rca' } })
  })

  it('treats HEAD as GET', () => {
    expect(router.match('HEAD', '/products/travel')).toMatchObject({ kind: 'found' })
  })

  it('tells a wrong method from an unknown path', () => {
    expect(router.match('DELETE', '/products')).toEqual({ kind: 'method', allow: ['GET'] })
    expect(router.match('POST', '/products/rca')).toEqual({ kind: 'method', allow: ['GET'] })
    expect(router.match('GET', '/nothing')).toEqual({ kind: 'none' })
    expect(router.match('GET', '/products/')).toEqual({ kind: 'none' })
    expect(router.match('GET', '/products/rca/extra')).toEqual({ kind: 'none' })
  })

  it('decodes parameters and refuses malformed escapes', () => {
    expect(router.match('GET', '/products/house%2Dinsurance')).toMatchObject({ params: { code: 'house-insurance' } })
    expect(router.match('GET', '/products/%E0%A4%A')).toEqual({ kind: 'none' })
  })
})
