/**
 * Access control of the whole provider API, generated from its route table, so a new route
 * cannot be forgotten: every route is public on purpose (listed below), for the operator
 * (token), or for a signed-in user (bearer). Private routes answer 401 without a valid
 * session; routes that name a user's object answer 404 to another user, never 403 or 200.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RouteDef } from '~/server/api/route'
import { addDays } from '~/contract/iso-date'
import { todayInBucharest } from '~/i18n/dates'
import { offers, orderPolicies, orders, policyRenewals, quotes } from '~/server/db/schema'
import { newCapabilityId } from '~/server/quotes/service'
import { startTestApi, type TestApi } from '../support/api'
import { bearer, json, registerUser } from '../support/accounts'

/** Routes anyone may call. Adding one here is a decision: say why in its route's summary. */
const PUBLIC_ROUTES = new Set([
  'GET /health',
  'GET /ready',
  'GET /openapi.json',
  'GET /docs',
  'GET /languages',
  'GET /products',
  'GET /products/{code}',
  'GET /vignettes/tariffs', // the official vignette tariffs the forms offer
  'GET /maintenances/status',
  'GET /redirects',
  'GET /partners/{code}',
  'GET /captcha/challenge',
  'POST /cookie-consents',
  'POST /contact-messages',
  'POST /analytics/page-views',
  'POST /auth/register',
  'POST /auth/login',
  'POST /auth/social/authentications/google',
  'GET /auth/user',
  'POST /users/email-existence-check',
  'POST /auth/generate-reset-token',
  'POST /auth/reset-password',
  'POST /auth/email/confirm', // the token of the mailed link is the credential
  'GET /two-factor-auth-providers',
  'GET /dev/mailbox', // development mailbox: 404 in production and to anyone but this machine or the operator (tested in dev-mailbox)
  // Quotes: visitors compare prices without an account; a quote made with a bearer is the
  // account's and its id answers 404 to anyone else (tested in rca-quotes).
  'POST /products/rca/quotes',
  'POST /products/travel/quotes',
  'POST /products/house-insurance/quotes',
  'POST /products/ro-vignette/quotes',
  'POST /products/hu-vignette/quotes',
  // Payments: the redirect of an open payment is found by its unguessable id, given only to the
  // buyer; processors' notifications are authenticated by their signature (tested in payments).
  'GET /payments/{id}/redirect',
  'POST /payments/notifications/{provider}',
  'GET /quotes/{id}',
  // An offer's IPID, general conditions and the broker's notice: documents insurers and the broker
  // publish for anyone, read before buying, also as a guest (tested in legal-documents).
  'GET /offers/{id}/documents/{kind}',
  'POST /quotes/{id}/renew', // the same key as reading it, the captcha and limits of a new quote (decision 76, tested in quote-renewal)
  'GET /insurers',
  'GET /vehicles/lookup',
  'GET /addresses/localities', // SIRUTA's public list of a county's localities, for the address forms (decision 108)
  // Checkout and orders: a guest buys without an account (captcha); an order answers its owner's
  // bearer or its guest token, 404 to anyone else (tested in orders). The policy check is public by design.
  'POST /users/store-from-product-page',
  'POST /orders',
  'GET /orders/{id}',
  'POST /orders/{id}/payments',
  'GET /orders/{id}/document',
  'GET /orders/{id}/policies/{policyId}/document',
  'GET /policies/check',
  'GET /policies/verify/{code}',
  'GET /calendar/{file}', // the calendar feed: its secret token is the credential (decision 64)
  'GET /calendar/{token}/{file}', // one deadline of that feed, same credential
  // Road assistance: a driver in trouble may have no account; limited per address and e-mail, and
  // a bearer, when sent, must be valid (tested in direct-bookings). Reading one back needs the account.
  'POST /direct-bookings',
])

/**
 * For each private route that names an object in its path: makes an object of `owner` and
 * answers the path parameters (and a valid body) that reach it. A private route with path
 * parameters and no entry here fails the sweep.
 */
type OwnedFixture = (t: TestApi, owner: { token: string }) => Promise<{ params: Record<string, string>; body?: unknown }>
const OWNED_OBJECTS: Record<string, OwnedFixture> = {
  // A session of the owner's other than the one making the call (the id comes from the owner's own list).
  'DELETE /account/sessions/{id}': async (t, owner) => {
    const list = (await (await t.call('/account/sessions', { headers: bearer(owner.token) })).json()) as { data: { id: string }[] }
    return { params: { id: list.data[0]!.id } }
  },
  ...vehicleFixtures(),
  ...renewalFixtures(),
  // A road assistance request of the owner's, by its reference (decision 70).
  'GET /direct-bookings/{ref}': async (t, owner) => {
    const res = await t.call('/direct-bookings', json({ kind: 'breakdown', registration_plate: 'SW01DBK', address: 'DN1 km 10', phone: '0722123456' }, { ...bearer(owner.token), 'x-forwarded-for': `192.0.2.${Math.floor(Math.random() * 250) + 1}` }))
    return { params: { ref: ((await res.json()) as { data: { reference: string } }).data.reference } }
  },
}

/** A prepared renewal of the owner's: an issued policy ending in 20 days, its rows written as the sweep and the purchase would. */
function renewalFixtures(): Record<string, OwnedFixture> {
  const renewal = async (t: TestApi, owner: { token: string }) => {
    const userId = ((await (await t.call('/auth/user', { headers: bearer(owner.token) })).json()) as { data: { id: string } }).data.id
    const db = t.deps.database.db
    const quoteId = newCapabilityId()
    const offerId = newCapabilityId()
    const customer = { first_name: 'Ana', last_name: 'Popescu', email: 'ana@example.ro', phone: '0722123456', address: { county: 'Cluj', city: 'Cluj-Napoca', street: 'Str. Horea 12' } }
    await db.insert(quotes).values({ id: quoteId, product: 'rca', userId, request: {}, insurersTotal: 1, expiresAt: new Date() })
    await db.insert(offers).values({ id: offerId, quoteId, insurerCode: 'allianz-tiriac', status: 'offered', premium: 50_000 })
    const [order] = await db.insert(orders).values({ userId, product: 'rca', quoteId, status: 'issued', totalAmount: 50_000, currency: 'RON', customer, locale: 'ro', idempotencyScope: `user:${userId}`, idempotencyKey: quoteId, requestFingerprint: 'sweep' }).returning()
    const end = addDays(todayInBucharest(), 20)
    const [policy] = await db.insert(orderPolicies).values({ orderId: order!.id, offerId, insurerCode: 'allianz-tiriac', premium: 50_000, status: 'issued', endDate: end, verificationCode: newCapabilityId() }).returning()
    const [row] = await db.insert(policyRenewals).values({ orderPolicyId: policy!.id, endDate: end, userId, product: 'rca', previousPremium: 50_000 }).returning()
    return { params: { id: row!.id } }
  }
  return {
    'POST /renewals/{id}/quote': renewal,
    'POST /renewals/{id}/checkout': renewal,
    'POST /renewals/{id}/bought-elsewhere': renewal,
    'PUT /renewals/{id}/reminders': async (t, owner) => ({ ...(await renewal(t, owner)), body: { enabled: false } }),
  }
}

/** The account area: a vehicle of the owner's, with a diary entry and a note (decision 63). */
function vehicleFixtures(): Record<string, OwnedFixture> {
  let plates = 0
  const vehicle = async (t: TestApi, owner: { token: string }) => {
    const res = await t.call('/vehicles', json({ registration_plate: `SW${String(++plates).padStart(3, '0')}AAA` }, bearer(owner.token)))
    return ((await res.json()) as { data: { id: string } }).data.id
  }
  const entry = async (t: TestApi, owner: { token: string }) => {
    const id = await vehicle(t, owner)
    const res = await t.call(`/vehicles/${id}/diaries`, json({ date: '2026-10-01', category: 'wash', amount: 2000 }, bearer(owner.token)))
    return { id, diaryId: ((await res.json()) as { data: { id: string } }).data.id }
  }
  const note = async (t: TestApi, owner: { token: string }) => {
    const id = await vehicle(t, owner)
    const res = await t.call(`/vehicles/${id}/notes`, json({ title: 'Sweep' }, bearer(owner.token)))
    return { id, noteId: ((await res.json()) as { data: { id: string } }).data.id }
  }
  const byVehicle: OwnedFixture = async (t, owner) => ({ params: { id: await vehicle(t, owner) } })
  return {
    'GET /vehicles/{id}': byVehicle,
    'PATCH /vehicles/{id}': async (t, owner) => ({ params: { id: await vehicle(t, owner) }, body: { model: 'X' } }),
    'DELETE /vehicles/{id}': byVehicle,
    'GET /vehicles/{id}/diaries': byVehicle,
    'POST /vehicles/{id}/diaries': async (t, owner) => ({ params: { id: await vehicle(t, owner) }, body: { date: '2026-10-02', category: 'other', amount: 100 } }),
    'GET /vehicles/{id}/diaries/stats': byVehicle,
    'GET /vehicles/{id}/diaries.csv': byVehicle,
    'GET /vehicles/{id}/diaries/{diaryId}': async (t, owner) => ({ params: await entry(t, owner) }),
    'PATCH /vehicles/{id}/diaries/{diaryId}': async (t, owner) => ({ params: await entry(t, owner), body: { amount: 1 } }),
    'DELETE /vehicles/{id}/diaries/{diaryId}': async (t, owner) => ({ params: await entry(t, owner) }),
    'GET /vehicles/{id}/notes': byVehicle,
    'POST /vehicles/{id}/notes': async (t, owner) => ({ params: { id: await vehicle(t, owner) }, body: { title: 'Hello' } }),
    'GET /vehicles/{id}/notes/{noteId}': async (t, owner) => ({ params: await note(t, owner) }),
    'PATCH /vehicles/{id}/notes/{noteId}': async (t, owner) => ({ params: await note(t, owner), body: { pinned: true } }),
    'DELETE /vehicles/{id}/notes/{noteId}': async (t, owner) => ({ params: await note(t, owner) }),
  }
}

const key = (route: RouteDef) => `${route.method} ${route.path}`
const fill = (path: string, params: Record<string, string>) => path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? `missing-${name}`))
const sample = (path: string) => path.replace(/\{(\w+)\}/g, 'x1')

describe('access sweep of the provider API', () => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi('pglite')
  })
  afterAll(async () => {
    await t?.close()
  })

  it('knows every route: public on purpose, operator or signed-in', () => {
    const unclassified = t.api.routes.filter((r) => !r.auth && !PUBLIC_ROUTES.has(key(r))).map(key)
    expect(unclassified, 'routes without `auth` that are not listed as public').toEqual([])
    const stale = [...PUBLIC_ROUTES].filter((k) => !t.api.routes.some((r) => key(r) === k))
    expect(stale, 'listed public routes that no longer exist').toEqual([])
  })

  it('answers 401 to every private route without a session, with a bad token, and with an ended session', async () => {
    const { session } = await registerUser(t)
    const ended = (await registerUser(t)).session.access_token
    expect((await t.call('/auth/logout', { method: 'POST', headers: bearer(ended) })).status).toBe(200)
    const privateRoutes = t.api.routes.filter((r) => r.auth === 'user')
    expect(privateRoutes.length).toBeGreaterThan(5)
    for (const route of privateRoutes) {
      for (const headers of [{}, bearer('x'.repeat(43)), bearer(ended)]) {
        const res = await t.call(sample(route.path), { method: route.method, headers: { ...headers, 'content-type': 'application/json' }, ...(route.method === 'GET' ? {} : { body: '{}' }) })
        expect(res.status, `${key(route)} with ${JSON.stringify(headers).slice(0, 40)}`).toBe(401)
      }
    }
    // Sanity: the live session does get through the same checks.
    expect((await t.call('/auth/two-factor/check-active-session', json({}, bearer(session.access_token)))).status).toBe(200)
  })

  it('answers 401 to every operator route without the operator token or with a user token', async () => {
    const { session } = await registerUser(t)
    const operatorRoutes = t.api.routes.filter((r) => r.auth === 'operator')
    expect(operatorRoutes.length).toBeGreaterThan(5)
    for (const route of operatorRoutes) {
      for (const headers of [{}, bearer(session.access_token)]) {
        const res = await t.call(sample(route.path), { method: route.method, headers: { ...headers, 'content-type': 'application/json' }, ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: '{}' }) })
        expect(res.status, key(route)).toBe(401)
      }
    }
  })

  it('answers 404 to another user on every route that names a user’s object', async () => {
    const owned = t.api.routes.filter((r) => r.auth === 'user' && r.path.includes('{'))
    const withoutFixture = owned.map(key).filter((k) => !OWNED_OBJECTS[k])
    expect(withoutFixture, 'private routes with path parameters need an OWNED_OBJECTS fixture').toEqual([])
    for (const route of owned) {
      const owner = (await registerUser(t)).session.access_token
      const stranger = (await registerUser(t)).session.access_token
      const { params, body } = await OWNED_OBJECTS[key(route)]!(t, { token: owner })
      const init = (token: string): RequestInit => ({ method: route.method, headers: { ...bearer(token), 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
      expect((await t.call(fill(route.path, params), init(stranger))).status, `${key(route)} as another user`).toBe(404)
      expect((await t.call(fill(route.path, params), init(owner))).status, `${key(route)} as the owner`).not.toBe(404)
    }
  })
})
