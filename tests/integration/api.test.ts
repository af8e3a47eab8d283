import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorBody } from '~/contract/errors'
import { LanguageList, PRODUCT_STATUSES_HEADER, Product, ProductList, ProductStatuses, Readiness } from '~/contract/site'
import { createApi } from '~/server/api/app'
import { createApiDeps, buildApi } from '~/server/api'
import { defineRoute } from '~/server/api/route'
import { allRoutes } from '~/server/api/routes'
import { z } from 'zod'
import { registerUser } from '../support/accounts'
import { databaseKinds, json, operator, startTestApi, type TestApi } from '../support/api'

const statusesOf = (res: Response) => ProductStatuses.parse(JSON.parse(res.headers.get(PRODUCT_STATUSES_HEADER) ?? 'null'))
const errorOf = async (res: Response) => ErrorBody.parse(await res.json()).error

describe.each(databaseKinds)('provider API on %s', (kind) => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi(kind)
  })
  afterAll(async () => {
    await t?.close()
  })

  describe('site', () => {
    it('lists the languages with Romanian as the default', async () => {
      const res = await t.call('/languages')
      expect(res.status).toBe(200)
      const { data } = LanguageList.parse(await res.json())
      expect(data).toEqual([
        { code: 'ro', name: 'Română', is_default: true },
        { code: 'en', name: 'English', is_default: false },
        { code: 'fr', name: 'Français', is_default: false },
      ])
    })

    it('reports liveness, and readiness with the database engine and other details to the operator only', async () => {
      expect(await (await t.call('/health')).json()).toEqual({ status: 'ok' })
      expect(await (await t.call('/ready')).json()).toEqual({ status: 'ok' })
      const { session } = await registerUser(t)
      for (const token of [session.access_token, `${t.config.OPERATOR_TOKEN}x`, 'x']) {
        expect(await (await t.call('/ready', { headers: { authorization: `Bearer ${token}` } })).json()).toEqual({ status: 'ok' })
      }
      const detailed = await t.call('/ready', { headers: { authorization: `Bearer ${t.config.OPERATOR_TOKEN}` } })
      expect(detailed.status).toBe(200)
      expect(Readiness.parse(await detailed.json())).toEqual({ status: 'ok', database: kind, database_ms: expect.any(Number), uptime_s: expect.any(Number) })
    })
  })

  describe('products', () => {
    it('lists the five products, all available by default, with the statuses header', async () => {
      const res = await t.call('/products')
      expect(res.status).toBe(200)
      const { data } = ProductList.parse(await res.json())
      expect(data.map((p) => p.code)).toEqual(['rca', 'travel', 'house-insurance', 'ro-vignette', 'hu-vignette'])
      expect(data.every((p) => p.is_available)).toBe(true)
      const statuses = statusesOf(res)
      expect(statuses).toMatchObject({ is_rca_available: true, is_travel_available: true, is_house_insurance_available: true, deleted_at: null })
    })

    it('answers one product by code and 404 for an unknown code', async () => {
      const res = await t.call('/products/house-insurance')
      expect(Product.parse(await res.json())).toMatchObject({ code: 'house-insurance', category: 'insurance' })
      const missing = await t.call('/products/life')
      expect(missing.status).toBe(404)
      expect(await errorOf(missing)).toEqual({ code: 404, message: 'not_found', pretty_message: 'Resursa căutată nu există.' })
      expect(statusesOf(missing).id).toBeGreaterThan(0)
    })

    it('turns a product off and on, moving updated_at each time', async () => {
      const before = statusesOf(await t.call('/products'))
      const off = await operator(t, '/product-statuses/travel', 'PUT', { available: false })
      expect(off.status).toBe(200)
      const res = await t.call('/products/travel')
      expect(Product.parse(await res.json()).is_available).toBe(false)
      const during = statusesOf(res)
      expect(during.is_travel_available).toBe(false)
      expect(during.updated_at).not.toBe(before.updated_at)
      await new Promise((r) => setTimeout(r, 5))
      await operator(t, '/product-statuses/travel', 'PUT', { available: true })
      const after = statusesOf(await t.call('/products'))
      expect(after.is_travel_available).toBe(true)
      expect(after.updated_at).not.toBe(during.updated_at)
    })

    it('answers HEAD like GET without a body', async () => {
      const res = await t.call('/products', { method: 'HEAD' })
      expect(res.status).toBe(200)
      expect(await res.text()).toBe('')
    })
  })

  describe('errors', () => {
    it('answers an unknown route with 404 in the error envelope', async () => {
      const res = await t.call('/does-not-exist')
      expect(res.status).toBe(404)
      expect((await errorOf(res)).code).toBe(404)
    })

    it('answers a wrong method with 405 and Allow', async () => {
      const res = await t.call('/products', { method: 'DELETE' })
      expect(res.status).toBe(405)
      expect(res.headers.get('allow')).toBe('GET')
      expect(await errorOf(res)).toMatchObject({ code: 405, message: 'method_not_allowed' })
    })

    it('answers malformed JSON with 400', async () => {
      const res = await t.call('/cookie-consents', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"consent":' })
      expect(res.status).toBe(400)
      expect(await errorOf(res)).toMatchObject({ code: 400, message: 'invalid_json' })
    })

    it('answers invalid fields with 422 and a field → messages map, in the asked language', async () => {
      const body = JSON.stringify({ consent: { necessary: false, analytics: 'yes' } })
      const res = await t.call('/cookie-consents', { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'en-GB,en;q=0.9' }, body })
      expect(res.status).toBe(422)
      const error = await errorOf(res)
      expect(error.code).toBe(422)
      expect(error.pretty_message).toBe('Some fields are not valid.')
      const fields = z.record(z.string(), z.array(z.string())).parse(error.message)
      expect(Object.keys(fields).sort()).toEqual(['consent.analytics', 'consent.marketing', 'consent.necessary', 'consent.preferences', 'token'])
      expect(fields['token']?.[0]).toMatch(/expected string/i)
      const fr = await t.call('/cookie-consents', { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'fr' }, body })
      expect((await errorOf(fr)).pretty_message).toBe('Certains champs ne sont pas valides.')
    })

    it('answers an unexpected failure with 500 and leaks nothing', async () => {
      const boom = defineRoute({
        method: 'GET',
        path: '/boom',
        tag: 'test',
        summary: 'fails',
        response: z.object({}),
        handler: () => {
          throw new Error('secret detail: password=hunter2')
        },
      })
      const api = createApi(t.deps, [...allRoutes('Test'), boom])
      const res = await api.fetch(new Request('http://test.local/api/v1/boom'))
      expect(res.status).toBe(500)
      const text = await res.text()
      expect(text).not.toMatch(/hunter2|secret detail|Error:|at /)
      expect(ErrorBody.parse(JSON.parse(text)).error).toMatchObject({ code: 500, message: 'internal_error' })
      expect(res.headers.get(PRODUCT_STATUSES_HEADER)).toBeTruthy()
    })
  })

  describe('maintenance mode', () => {
    it('answers 503 to every call but status, health and readiness, then recovers', async () => {
      expect((await operator(t, '/maintenance', 'PUT', { active: true, message: 'Upgrading' })).status).toBe(200)
      try {
        for (const path of ['/products', '/products/rca', '/languages', '/does-not-exist']) {
          const res = await t.call(path)
          if (path === '/does-not-exist') {
            expect(res.status).toBe(404)
            continue
          }
          expect(res.status, path).toBe(503)
          expect(await errorOf(res)).toMatchObject({ code: 503, message: 'maintenance' })
          expect(res.headers.get(PRODUCT_STATUSES_HEADER)).toBeTruthy()
        }
        const consent = await t.call('/cookie-consents', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
        expect(consent.status).toBe(503)
        const status = await t.call('/maintenances/status')
        expect(status.status).toBe(200)
        expect(await status.json()).toMatchObject({ is_active: true, message: 'Upgrading' })
        expect((await t.call('/health')).status).toBe(200)
        expect((await t.call('/ready')).status).toBe(200)
      } finally {
        expect((await operator(t, '/maintenance', 'PUT', { active: false })).status).toBe(200)
      }
      expect((await t.call('/products')).status).toBe(200)
      expect(await (await t.call('/maintenances/status')).json()).toMatchObject({ is_active: false, message: null })
    })

    it('keeps operator endpoints behind the operator token', async () => {
      const none = await t.call('/operator/maintenance', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"active":true}' })
      expect(none.status).toBe(401)
      const wrong = await t.call('/operator/maintenance', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: 'Bearer nope' },
        body: '{"active":true}',
      })
      expect(wrong.status).toBe(401)
      expect(await (await t.call('/maintenances/status')).json()).toMatchObject({ is_active: false })
    })
  })

  describe('cookie consents', () => {
    const choices = { necessary: true, preferences: false, analytics: true, marketing: false }

    it('stores the choices with the client address, user agent and the account of a valid session', async () => {
      const { session } = await registerUser(t)
      // The client wrote the first entry itself; the one trusted proxy appended what it saw.
      const res = await t.call('/cookie-consents', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.9.9.9, 203.0.113.7', 'user-agent': 'TestAgent/1', authorization: `Bearer ${session.access_token}` },
        body: JSON.stringify({ consent: choices, token: '' }),
      })
      expect(res.status).toBe(201)
      const created = (await res.json()) as { id: string; consent: unknown }
      expect(created.consent).toEqual(choices)
      const rows = await t.deps.database.db.query.cookieConsents.findMany()
      const row = rows.find((r) => r.id === created.id)
      expect(row).toMatchObject({ ip: '203.0.113.7', userAgent: 'TestAgent/1', authenticated: true, userId: session.user.id, consent: choices })
    })

    it('takes a bearer that is no session for an anonymous visitor', async () => {
      const res = await t.call('/cookie-consents', json({ consent: choices, token: '' }, { authorization: 'Bearer not-a-session' }))
      expect(res.status).toBe(201)
      const { id } = (await res.json()) as { id: string }
      const row = (await t.deps.database.db.query.cookieConsents.findMany()).find((r) => r.id === id)
      expect(row).toMatchObject({ authenticated: false, userId: null })
    })

    it('ignores a forwarded-for value that is not an IP address', async () => {
      const res = await t.call('/cookie-consents', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '<script>' },
        body: JSON.stringify({ consent: choices, token: 'x' }),
      })
      const { id } = (await res.json()) as { id: string }
      const row = (await t.deps.database.db.query.cookieConsents.findMany()).find((r) => r.id === id)
      expect(row).toMatchObject({ ip: null, authenticated: false })
    })
  })

  describe('OpenAPI', () => {
    it('describes every route from the same schemas', async () => {
      const doc = (await (await t.call('/openapi.json')).json()) as { openapi: string; paths: Record<string, Record<string, unknown>> }
      expect(doc.openapi).toBe('3.1.0')
      for (const route of t.api.routes) expect(doc.paths[route.path]?.[route.method.toLowerCase()], `${route.method} ${route.path}`).toBeDefined()
      const consent = doc.paths['/cookie-consents']?.post as { requestBody: { content: Record<string, { schema: { required: string[] } }> } }
      expect(consent.requestBody.content['application/json']?.schema.required).toEqual(['consent', 'token'])
      // The products' own shapes: the rovinietă's second identifier, the quote's subject.
      const text = JSON.stringify(doc)
      expect(text).toContain('"certificate_series"')
      expect(text).toContain('"subject"')
    })

    it('serves a readable reference page', async () => {
      const res = await t.call('/docs')
      expect(res.headers.get('content-type')).toMatch(/text\/html/)
      const html = await res.text()
      expect(html).toContain('<code>/products/{code}</code>')
      expect(html).toContain('openapi.json')
    })
  })
})

describe('embedded database persistence', () => {
  it('keeps data written through the API across a restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'asiguro-persist-'))
    try {
      const first = await startOnDisk(dir)
      const res = await first.fetch(
        new Request('http://test.local/api/v1/cookie-consents', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.4' },
          body: JSON.stringify({ consent: { necessary: true, preferences: true, analytics: false, marketing: false }, token: '' }),
        }),
      )
      const { id } = (await res.json()) as { id: string }
      await first.close()

      const second = await startOnDisk(dir)
      const rows = await second.deps.database.db.query.cookieConsents.findMany()
      expect(rows.find((r) => r.id === id)).toMatchObject({ ip: '198.51.100.4' })
      await second.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('reports not ready once the database is gone', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'asiguro-ready-'))
    try {
      const app = await startOnDisk(dir)
      await app.deps.database.close()
      const res = await app.fetch(new Request('http://test.local/api/v1/ready'))
      expect(res.status).toBe(503)
      expect(await res.json()).toEqual({ status: 'unavailable' })
      const detailed = await app.fetch(new Request('http://test.local/api/v1/ready', { headers: { authorization: `Bearer ${'y'.repeat(32)}` } }))
      expect(detailed.status).toBe(503)
      expect(await detailed.json()).toMatchObject({ status: 'unavailable', database: 'pglite' })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

async function startOnDisk(dir: string) {
  const { parseConfig } = await import('../../app.config')
  const config = parseConfig({ APP_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent', CAPTCHA_PROVIDER: 'none', TRUST_PROXY_HOPS: '1' }, {
    SESSION_SECRET: 'x'.repeat(32),
    OPERATOR_TOKEN: 'y'.repeat(32),
    PUSHER_APP_SECRET: 'z'.repeat(32),
    CAPTCHA_SECRET: 'w'.repeat(32),
  })
  const deps = await createApiDeps(config)
  const api = buildApi(deps)
  return { deps, fetch: api.fetch, close: () => deps.database.close() }
}
