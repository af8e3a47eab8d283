import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PageViewCreated } from '~/contract/navigation'
import { pageViews } from '~/server/db/schema'
import { databaseKinds, errorOf, json, operator, startTestApi, statusesOf, type TestApi } from '../support/api'

type Listed = { data: { id: string; path: string; navigation: string; referrer?: string; locale?: string; view_session: string; created_at: string }[] }
const view = { path: '/faq', navigation: 'push', referrer: 'https://example.org/', locale: 'ro', view_session: 'tab-0123456789' }

describe.each(databaseKinds)('page views on %s', (kind) => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi(kind)
  })
  afterAll(async () => {
    await t?.close()
  })

  it('stores a view and keeps no address or browser of the visitor', async () => {
    const res = await t.call('/analytics/page-views', json(view, { 'x-forwarded-for': '203.0.113.9', 'user-agent': 'ViewTest/1' }))
    expect(res.status).toBe(201)
    expect(statusesOf(res).id).toBeGreaterThan(0)
    const { id } = PageViewCreated.parse(await res.json())
    const rows = await t.deps.database.db.select().from(pageViews)
    const row = rows.find((r) => r.id === id)
    expect(row).toMatchObject({ path: '/faq', navigation: 'push', referrer: 'https://example.org/', locale: 'ro', viewSession: 'tab-0123456789' })
    // The table has no column for them, and nothing else carries them.
    expect(Object.keys(row ?? {}).sort()).toEqual(['createdAt', 'id', 'locale', 'navigation', 'path', 'referrer', 'viewSession'])
    expect(JSON.stringify(rows)).not.toMatch(/203\.0\.113\.9|ViewTest/)
  })

  it('takes referrer and locale as optional', async () => {
    const res = await t.call('/analytics/page-views', json({ path: '/', navigation: 'load', view_session: 'tab-minimal-1' }))
    expect(res.status).toBe(201)
  })

  it('answers 422 per field for a malformed view', async () => {
    const cases: [object, string][] = [
      [{ ...view, navigation: 'teleport' }, 'navigation'],
      [{ ...view, path: 'faq' }, 'path'],
      [{ ...view, path: 'https://example.org/faq' }, 'path'],
      [{ ...view, view_session: 'short' }, 'view_session'],
      [{ ...view, locale: 'romanian' }, 'locale'],
    ]
    for (const [body, field] of cases) {
      const res = await t.call('/analytics/page-views', json(body))
      expect(res.status, JSON.stringify(body)).toBe(422)
      expect(statusesOf(res).id).toBeGreaterThan(0)
      expect(Object.keys((await errorOf(res)).message)).toEqual([field])
    }
  })

  it('lists views newest first for the operator, by tab and with a limit', async () => {
    for (const path of ['/rca', '/travel', '/house']) {
      expect((await t.call('/analytics/page-views', json({ ...view, path, view_session: 'tab-listing-01' }))).status).toBe(201)
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    const res = await operator(t, '/page-views?view_session=tab-listing-01', 'GET')
    expect(res.status).toBe(200)
    expect(statusesOf(res).id).toBeGreaterThan(0)
    const { data } = (await res.json()) as Listed
    expect(data.map((v) => v.path)).toEqual(['/house', '/travel', '/rca'])
    expect(data.every((v) => v.view_session === 'tab-listing-01')).toBe(true)
    const limited = (await (await operator(t, '/page-views?limit=2', 'GET')).json()) as Listed
    expect(limited.data.map((v) => v.path)).toEqual(['/house', '/travel'])
    const all = (await (await operator(t, '/page-views', 'GET')).json()) as Listed
    expect(all.data.length).toBeGreaterThanOrEqual(5)
    expect((await operator(t, '/page-views?limit=0', 'GET')).status).toBe(422)
  })

  it('keeps the list for the operator', async () => {
    for (const authorization of [undefined, 'Bearer nope']) {
      const res = await t.call('/operator/page-views', { headers: authorization ? { authorization } : {} })
      expect(res.status).toBe(401)
      expect(statusesOf(res).id).toBeGreaterThan(0)
    }
  })
})
