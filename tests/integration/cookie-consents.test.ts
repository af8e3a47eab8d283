import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CookieConsent } from '~/contract/site'
import { registerUser } from '../support/accounts'
import { databaseKinds, errorOf, json, operator, startTestApi, statusesOf, type TestApi } from '../support/api'

type Listed = { data: { id: string; consent: unknown; ip: string | null; authenticated: boolean; user_id: string | null; created_at: string }[] }
const consent = { necessary: true, preferences: false, analytics: true, marketing: false }

// Storing a consent (IP, user agent, bearer) is covered in api.test.ts; this is the operator's view of them.
describe.each(databaseKinds)('recorded cookie consents on %s', (kind) => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi(kind)
  })
  afterAll(async () => {
    await t?.close()
  })

  it('lists consents newest first with the visitor address and when they were given', async () => {
    const first = await t.call('/cookie-consents', json({ consent, token: '' }, { 'x-forwarded-for': '10.0.0.1, 198.51.100.7' }))
    expect(first.status).toBe(201)
    expect(statusesOf(first).id).toBeGreaterThan(0)
    await new Promise((resolve) => setTimeout(resolve, 5))
    const { session } = await registerUser(t)
    const second = CookieConsent.parse(await (await t.call('/cookie-consents', json({ consent: { ...consent, marketing: true }, token: '' }, { authorization: `Bearer ${session.access_token}` }))).json())

    const res = await operator(t, '/cookie-consents', 'GET')
    expect(res.status).toBe(200)
    expect(statusesOf(res).id).toBeGreaterThan(0)
    const { data } = (await res.json()) as Listed
    expect(data).toHaveLength(2)
    expect(data[0]).toMatchObject({ id: second.id, authenticated: true, user_id: session.user.id, consent: { ...consent, marketing: true } })
    expect(data[1]).toMatchObject({ ip: '198.51.100.7', authenticated: false, user_id: null, consent })
    for (const row of data) expect(Date.now() - Date.parse(row.created_at)).toBeLessThan(60_000)

    const limited = (await (await operator(t, '/cookie-consents?limit=1', 'GET')).json()) as Listed
    expect(limited.data.map((r) => r.id)).toEqual([second.id])
  })

  it('refuses a bad limit with 422', async () => {
    const res = await operator(t, '/cookie-consents?limit=-1', 'GET')
    expect(res.status).toBe(422)
    expect(Object.keys((await errorOf(res)).message)).toEqual(['limit'])
  })

  it('keeps the list for the operator', async () => {
    for (const authorization of [undefined, 'Bearer nope']) {
      const res = await t.call('/operator/cookie-consents', { headers: authorization ? { authorization } : {} })
      expect(res.status).toBe(401)
      expect(statusesOf(res).id).toBeGreaterThan(0)
    }
  })
})
