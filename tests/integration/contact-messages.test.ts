import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ContactMessageCreated } from '~/contract/contact'
import { databaseKinds, errorOf, json, operator, startTestApi, statusesOf, type TestApi } from '../support/api'

const contact = { name: 'Ana Popescu', email: 'ana@example.ro', phone: '0722123456', topic: 'rca', message: 'O ofertă RCA, vă rog.', token: '' }
type Listed = { data: { id: string; name: string; email: string; phone?: string; topic: string; message: string; locale: string; created_at: string }[] }

describe.each(databaseKinds)('contact messages on %s', (kind) => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi(kind)
  })
  afterAll(async () => {
    await t?.close()
  })

  it('stores a message with the language, address and browser it came from', async () => {
    const res = await t.call('/contact-messages', json(contact, { 'accept-language': 'fr-FR,fr;q=0.9', 'x-forwarded-for': '203.0.113.20', 'user-agent': 'ContactTest/1' }))
    expect(res.status).toBe(201)
    expect(statusesOf(res).id).toBeGreaterThan(0)
    const created = ContactMessageCreated.parse(await res.json())
    const row = await t.deps.database.db.query.contactMessages.findFirst({ where: (m, { eq }) => eq(m.id, created.id) })
    expect(row).toMatchObject({ name: 'Ana Popescu', email: 'ana@example.ro', phone: '0722123456', topic: 'rca', locale: 'fr', ip: '203.0.113.20', userAgent: 'ContactTest/1' })
  })

  it('takes the phone as optional', async () => {
    const { phone: _phone, ...withoutPhone } = contact
    for (const body of [withoutPhone, { ...contact, phone: '' }]) {
      const res = await t.call('/contact-messages', json({ ...body, email: 'nophone@example.ro' }))
      expect(res.status).toBe(201)
      const { id } = ContactMessageCreated.parse(await res.json())
      expect((await t.deps.database.db.query.contactMessages.findFirst({ where: (m, { eq }) => eq(m.id, id) }))?.phone).toBeNull()
    }
  })

  it('answers 422 with a message per field, in the language asked for', async () => {
    const bad = { ...contact, name: 'A', email: 'nope', phone: '12', topic: 'weather', message: 'short' }
    const byLocale: Record<string, Record<string, string[]>> = {}
    for (const locale of ['ro', 'en', 'fr']) {
      const res = await t.call('/contact-messages', json(bad, { 'accept-language': locale }))
      expect(res.status).toBe(422)
      expect(statusesOf(res).id).toBeGreaterThan(0)
      const error = await errorOf(res)
      expect(typeof error.message).toBe('object')
      byLocale[locale] = error.message as Record<string, string[]>
      expect(Object.keys(byLocale[locale]).sort()).toEqual(['email', 'message', 'name', 'phone', 'topic'])
    }
    expect(byLocale['en']?.['name']?.[0]).toMatch(/your name.*at least 2/i)
    // Each language has its own sentences, not the English ones.
    for (const field of ['email', 'message', 'name']) {
      expect(byLocale['ro']?.[field], field).not.toEqual(byLocale['en']?.[field])
      expect(byLocale['fr']?.[field], field).not.toEqual(byLocale['en']?.[field])
    }
    const missing = await errorOf(await t.call('/contact-messages', json({ name: 'Ana Popescu' }, { 'accept-language': 'en' })))
    expect(Object.keys(missing.message).sort()).toEqual(['email', 'message', 'token', 'topic'])
  })

  it('lists messages newest first for the operator, without the address', async () => {
    await t.call('/contact-messages', json({ ...contact, email: 'latest@example.ro' }))
    const res = await operator(t, '/contact-messages?limit=2', 'GET')
    expect(res.status).toBe(200)
    expect(statusesOf(res).id).toBeGreaterThan(0)
    const { data } = (await res.json()) as Listed
    expect(data).toHaveLength(2)
    expect(data[0]).toMatchObject({ email: 'latest@example.ro', topic: 'rca', locale: 'ro', message: contact.message })
    expect(Date.parse(data[0]!.created_at)).toBeGreaterThanOrEqual(Date.parse(data[1]!.created_at))
    expect(JSON.stringify(data)).not.toContain('203.0.113.20')
    for (const limit of ['0', '501', 'many']) expect((await operator(t, `/contact-messages?limit=${limit}`, 'GET')).status, limit).toBe(422)
  })

  it('keeps the list for the operator', async () => {
    for (const authorization of [undefined, 'Bearer nope']) {
      const res = await t.call('/operator/contact-messages', { headers: authorization ? { authorization } : {} })
      expect(res.status).toBe(401)
      expect(statusesOf(res).id).toBeGreaterThan(0)
    }
  })

  it('is closed during maintenance', async () => {
    expect((await operator(t, '/maintenance', 'PUT', { active: true })).status).toBe(200)
    try {
      expect((await t.call('/contact-messages', json(contact))).status).toBe(503)
      expect((await operator(t, '/contact-messages', 'GET')).status).toBe(200)
    } finally {
      expect((await operator(t, '/maintenance', 'PUT', { active: false })).status).toBe(200)
    }
  })
})
