import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PartnerLookup } from '~/contract/partners'
import { partners } from '~/server/db/schema'
import { databaseKinds, errorOf, json, operator, startTestApi, statusesOf, type TestApi } from '../support/api'

describe.each(databaseKinds)('partners on %s', (kind) => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi(kind)
  })
  afterAll(async () => {
    await t?.close()
  })

  it('finds the two seeded partners, with the statuses header', async () => {
    for (const [code, name] of [
      ['demo', 'Demo Partner'],
      ['autoclub', 'AutoClub Moldova'],
    ]) {
      const res = await t.call(`/partners/${code}`)
      expect(res.status).toBe(200)
      expect(statusesOf(res).id).toBeGreaterThan(0)
      expect(PartnerLookup.parse(await res.json())).toEqual({ data: { code, name } })
    }
  })

  it('answers 404 partner_not_found for an unknown partner, in the asked language', async () => {
    const res = await t.call('/partners/nobody', { headers: { 'accept-language': 'en' } })
    expect(res.status).toBe(404)
    expect(statusesOf(res).id).toBeGreaterThan(0)
    expect(await errorOf(res)).toEqual({ code: 404, message: 'partner_not_found', pretty_message: 'There is no such partner.' })
    expect((await errorOf(await t.call('/partners/nobody'))).pretty_message).toBe('Partenerul căutat nu există.')
  })

  it('answers 422 for a code that cannot be one', async () => {
    for (const code of ['NOT_VALID', 'a', 'x'.repeat(41)]) expect((await t.call(`/partners/${code}`)).status, code).toBe(422)
  })

  it('treats an inactive partner as not found until it is active again', async () => {
    const off = await operator(t, '/partners/autoclub', 'PUT', { is_active: false })
    expect(off.status).toBe(200)
    expect(await off.json()).toEqual({ code: 'autoclub', name: 'AutoClub Moldova', is_active: false })
    const gone = await t.call('/partners/autoclub')
    expect(gone.status).toBe(404)
    expect((await errorOf(gone)).message).toBe('partner_not_found')
    expect((await operator(t, '/partners/autoclub', 'PUT', { is_active: true })).status).toBe(200)
    expect((await t.call('/partners/autoclub')).status).toBe(200)
  })

  it('adds and renames partners; a missing partner needs a name', async () => {
    expect((await operator(t, '/partners/acme-auto', 'PUT', { name: 'Acme Auto', is_active: true })).status).toBe(200)
    expect(await (await t.call('/partners/acme-auto')).json()).toEqual({ data: { code: 'acme-auto', name: 'Acme Auto' } })
    expect((await operator(t, '/partners/acme-auto', 'PUT', { name: 'Acme Auto SRL', is_active: true })).status).toBe(200)
    expect(await (await t.call('/partners/acme-auto')).json()).toEqual({ data: { code: 'acme-auto', name: 'Acme Auto SRL' } })
    expect((await operator(t, '/partners/ghost', 'PUT', { is_active: false })).status).toBe(404)
    expect((await operator(t, '/partners/acme-auto', 'PUT', { name: '', is_active: true })).status).toBe(422)
  })

  it('seeds again without duplicating partners or reviving a deactivated one', async () => {
    expect((await operator(t, '/partners/demo', 'PUT', { is_active: false })).status).toBe(200)
    expect((await operator(t, '/seed', 'POST')).status).toBe(200)
    const rows = await t.deps.database.db.select().from(partners)
    expect(rows.filter((r) => r.code === 'demo')).toEqual([expect.objectContaining({ name: 'Demo Partner', isActive: false })])
    expect(rows.filter((r) => r.code === 'autoclub')).toHaveLength(1)
    expect((await t.call('/partners/demo')).status).toBe(404)
    expect((await operator(t, '/partners/demo', 'PUT', { is_active: true })).status).toBe(200)
  })

  it('keeps the partner operator endpoint for the operator', async () => {
    const res = await t.call('/operator/partners/demo', json({ is_active: false }, {}, 'PUT'))
    expect(res.status).toBe(401)
    expect(statusesOf(res).id).toBeGreaterThan(0)
    expect((await t.call('/operator/partners/demo', json({ is_active: false }, { authorization: 'Bearer nope' }, 'PUT'))).status).toBe(401)
    expect((await t.call('/partners/demo')).status).toBe(200)
  })
})
