/**
 * Google sign-in (`POST /auth/social/authentications/google`) against a LOCAL key set: an RS256
 * key pair made here, its JWKS served by a `node:http` server on a random port (the test's
 * `GOOGLE_JWKS_URL`), and ID tokens signed here as Google would sign them.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { AuthSession, UserLookup } from '~/contract/auth'
import { GoogleIdTokens, GoogleSignInRefused } from '~/server/auth/google'
import { orders, quotes, users } from '~/server/db/schema'
import { databaseKinds, errorOf, json, startTestApi, type TestApi } from '../support/api'

const CLIENT_ID = '1234567890-asiguro.apps.googleusercontent.com'

interface SigningKey {
  kid: string
  privateKey: CryptoKey
  jwk: JWK
}

async function signingKey(kid: string): Promise<SigningKey> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true })
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } }
}

/** Google's certs endpoint, played locally: serves the current keys and counts the fetches. */
class LocalJwks {
  keys: SigningKey[] = []
  fetches = 0
  private server: Server | undefined
  url = ''

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      if (req.url !== '/oauth2/v3/certs') {
        res.writeHead(404).end()
        return
      }
      this.fetches++
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=20000' })
      res.end(JSON.stringify({ keys: this.keys.map((k) => k.jwk) }))
    })
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/oauth2/v3/certs`
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()))
  }
}

interface TokenOptions {
  sub?: string
  email?: string
  emailVerified?: boolean | string
  nonce?: string
  givenName?: string
  familyName?: string
  name?: string
  issuer?: string
  audience?: string
  /** Seconds from now; negative for an expired token. */
  expiresIn?: number
  key?: SigningKey
  /** The `kid` header, when it should differ from the key's. */
  kid?: string
}

let counter = 0
const unique = () => `${Date.now().toString(36)}${++counter}`
const newEmail = () => `google-${unique()}@gmail.example`
const newSubject = () => `1${String(Date.now()).slice(-9)}${String(++counter).padStart(8, '0')}`
const nonce = () => randomBytes(24).toString('base64url')
// Each call from its own address: Google sign-in is limited per IP.
const nextIp = () => `198.51.100.${(++counter % 250) + 1}`

describe.each(databaseKinds)('Google sign-in on %s', (kind) => {
  const jwks = new LocalJwks()
  let keyA: SigningKey
  let t: TestApi

  beforeAll(async () => {
    await jwks.start()
    keyA = await signingKey('key-a')
    jwks.keys = [keyA]
    t = await startTestApi(kind, { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: jwks.url })
  })
  afterAll(async () => {
    await t?.close()
    await jwks.stop()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const idToken = async (o: TokenOptions = {}) => {
    const key = o.key ?? keyA
    const now = Math.floor(Date.now() / 1000)
    const claims: Record<string, unknown> = { email: o.email ?? newEmail(), email_verified: o.emailVerified ?? true, azp: CLIENT_ID }
    if (o.nonce !== undefined) claims.nonce = o.nonce
    if (o.givenName !== undefined) claims.given_name = o.givenName
    if (o.familyName !== undefined) claims.family_name = o.familyName
    if (o.name !== undefined) claims.name = o.name
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: o.kid ?? key.kid, typ: 'JWT' })
      .setIssuer(o.issuer ?? 'https://accounts.google.com')
      .setAudience(o.audience ?? CLIENT_ID)
      .setSubject(o.sub ?? newSubject())
      .setIssuedAt(now - 5)
      .setExpirationTime(now + (o.expiresIn ?? 3600))
      .sign(key.privateKey)
  }
  const google = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.call('/auth/social/authentications/google', json(body, { 'x-forwarded-for': nextIp(), ...headers }))
  const signIn = async (body: Record<string, unknown>) => {
    const res = await google(body)
    expect(res.status, await res.clone().text()).toBe(200)
    return AuthSession.parse(await res.json())
  }
  const userByEmail = async (email: string) => (await t.deps.database.db.select().from(users).where(eq(users.email, email)))[0]
  const me = async (token: string) => UserLookup.parse(await (await t.call('/auth/user', { headers: { authorization: `Bearer ${token}` } })).json()).data

  it('creates an account for a new Google user, with names, language and a welcome mail, and signs it in', async () => {
    const email = newEmail()
    const sub = newSubject()
    const res = await google({ token: await idToken({ email: email.toUpperCase(), sub, givenName: 'Ioana', familyName: 'Marinescu' }) }, { 'accept-language': 'fr' })
    expect(res.status).toBe(200)
    const session = AuthSession.parse(await res.json())
    expect(session).toMatchObject({ access_token_ttl: 720, is_deleted: false, is_two_factor_enabled: false, user: { email, first_name: 'Ioana', last_name: 'Marinescu', email_verified: true, locale: 'fr' } })
    expect((await me(session.access_token))?.email).toBe(email)

    const row = await userByEmail(email)
    expect(row?.googleSubject).toBe(sub)
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date)
    // A password nobody knows: an argon2id hash, never empty.
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/)
    const mail = await t.deps.mailer.latest(email, 10)
    expect(mail.map((m) => m.kind)).toEqual(['welcome-google'])
    expect(mail[0]?.subject).toBe('Bienvenue chez Asiguro')
    expect(mail[0]?.text).toContain('mode=forgot')
  })

  it('signs the same Google user in again, to the same account, with a new session and no second welcome', async () => {
    const email = newEmail()
    const sub = newSubject()
    const first = await signIn({ token: await idToken({ email, sub, name: 'Mihai Ionescu' }) })
    expect(first.user).toMatchObject({ first_name: 'Mihai Ionescu', last_name: '' })
    // Google may report another address later: the account is found by `sub`, not by e-mail.
    const second = await signIn({ token: await idToken({ email: newEmail(), sub }) })
    expect(second.user.id).toBe(first.user.id)
    expect(second.user.email).toBe(email)
    expect(second.access_token).not.toBe(first.access_token)
    expect(await me(first.access_token)).not.toBeNull()
    expect((await t.deps.mailer.latest(email, 10)).map((m) => m.kind)).toEqual(['welcome-google'])
  })

  it('links the account of a verified address; an address never confirmed loses its password and sessions', async () => {
    const email = newEmail()
    const password = 'blue cactus orbits 42 slowly'
    const registered = await t.call(
      '/auth/register',
      json({ email, first_name: 'Ana', last_name: 'Popescu', password, password_confirmation: password, accept_terms: true, token: '' }, { 'x-forwarded-for': nextIp() }),
    )
    expect(registered.status).toBe(201)
    const passwordSession = AuthSession.parse(await registered.json())

    const sub = newSubject()
    const linked = await signIn({ token: await idToken({ email, sub, givenName: 'Other', familyName: 'Name' }) })
    expect(linked.user.id).toBe(passwordSession.user.id)
    expect(linked.user).toMatchObject({ first_name: 'Ana', last_name: 'Popescu', email_verified: true })
    const row = await userByEmail(email)
    expect(row?.googleSubject).toBe(sub)
    // Whoever chose that password never proved the address was theirs: it no longer works.
    const login = await t.call('/auth/login', json({ email, password, token: '' }, { 'x-forwarded-for': nextIp() }))
    expect(login.status).toBe(422)
    expect(await me(passwordSession.access_token)).toBeNull()
    expect(await me(linked.access_token)).not.toBeNull()
    expect((await t.deps.mailer.latest(email, 10)).map((m) => m.kind)).toEqual(['welcome'])
  })

  it('a guest order waiting for an address joins the account Google proves the address for, linked or new, and the holder is told (decision 94)', async () => {
    const db = t.deps.database.db
    const quoteId = randomBytes(16).toString('base64url')
    await db.insert(quotes).values({ id: quoteId, product: 'rca', request: {}, insurersTotal: 1, status: 'complete', expiresAt: new Date(Date.now() + 3_600_000) })
    const guestOrder = async (email: string) => {
      const customer = { first_name: 'Ana', last_name: 'Popescu', email, phone: '0722123456', address: { county: 'Cluj', city: 'Cluj-Napoca', street: 'Str. Horea 1' } }
      const [row] = await db
        .insert(orders)
        .values({ product: 'rca', quoteId, totalAmount: 100, currency: 'RON', customer, locale: 'ro', idempotencyScope: `guest:${email}`, idempotencyKey: unique(), requestFingerprint: 'f' })
        .returning({ id: orders.id })
      return row!.id
    }
    const ownerOf = async (id: string) => (await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, id)))[0]!.userId

    // An account whose address was never confirmed: Google proves it, the order joins.
    const unconfirmed = newEmail()
    const password = 'blue cactus orbits 42 slowly'
    expect((await t.call('/auth/register', json({ email: unconfirmed, first_name: 'Ana', last_name: 'Popescu', password, password_confirmation: password, accept_terms: true, token: '' }, { 'x-forwarded-for': nextIp() }))).status).toBe(201)
    const waiting = await guestOrder(unconfirmed)
    const linked = await signIn({ token: await idToken({ email: unconfirmed }) })
    expect(await ownerOf(waiting)).toBe(linked.user.id)
    expect((await t.deps.mailer.latest(unconfirmed, 10)).map((m) => m.kind)).toContain('orders-joined')

    // No account yet: the one Google makes receives it.
    const fresh = newEmail()
    const before = await guestOrder(fresh)
    const created = await signIn({ token: await idToken({ email: fresh }) })
    expect(await ownerOf(before)).toBe(created.user.id)
    expect((await t.deps.mailer.latest(fresh, 10)).map((m) => m.kind)).toContain('orders-joined')
  })

  it('keeps the password of an account whose address was confirmed before linking', async () => {
    const email = newEmail()
    const password = 'green lantern sails 77 north'
    const registered = await t.call(
      '/auth/register',
      json({ email, first_name: 'Dan', last_name: 'Pop', password, password_confirmation: password, accept_terms: true, token: '' }, { 'x-forwarded-for': nextIp() }),
    )
    const passwordSession = AuthSession.parse(await registered.json())
    await t.deps.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, email))
    const linked = await signIn({ token: await idToken({ email }) })
    expect(linked.user.id).toBe(passwordSession.user.id)
    expect((await t.call('/auth/login', json({ email, password, token: '' }, { 'x-forwarded-for': nextIp() }))).status).toBe(200)
    expect(await me(passwordSession.access_token)).not.toBeNull()
  })

  it('refuses an address Google has not verified, and creates nothing', async () => {
    for (const emailVerified of [false, 'false']) {
      const email = newEmail()
      const res = await google({ token: await idToken({ email, emailVerified }) }, { 'accept-language': 'en' })
      expect(res.status).toBe(422)
      expect(await errorOf(res)).toEqual({ code: 422, message: { token: ['Google has not confirmed the e-mail address of this Google account.'] }, pretty_message: 'Some fields are not valid.' })
      expect(await userByEmail(email)).toBeUndefined()
    }
    // An account with that address is not linked either.
    const email = newEmail()
    await signIn({ token: await idToken({ email }) })
    const res = await google({ token: await idToken({ email, emailVerified: false }) })
    expect(res.status).toBe(422)
  })

  it('refuses tokens for another audience, from another issuer, expired, badly signed, malformed or with a wrong nonce', async () => {
    const stranger = await signingKey('key-a') // same key id, another key: the signature does not verify
    const expected = nonce()
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify({ sub: '1', iss: 'https://accounts.google.com', aud: CLIENT_ID })).toString('base64url')}.`
    const cases: [string, Record<string, unknown>][] = [
      ['audience', { token: await idToken({ audience: 'someone-else.apps.googleusercontent.com' }) }],
      ['issuer', { token: await idToken({ issuer: 'https://accounts.example.com' }) }],
      ['expired', { token: await idToken({ expiresIn: -120 }) }],
      ['signature', { token: await idToken({ key: stranger }) }],
      ['unknown key id', { token: await idToken({ kid: 'not-a-google-key' }) }],
      ['alg none', { token: none }],
      ['garbage', { token: 'not.a.jwt' }],
      ['wrong nonce', { token: await idToken({ nonce: nonce() }), nonce: expected }],
      ['missing nonce', { token: await idToken({}), nonce: expected }],
    ]
    for (const [label, body] of cases) {
      const res = await google(body, { 'accept-language': 'ro' })
      expect(res.status, label).toBe(422)
      expect((await errorOf(res)).message, label).toEqual({ token: ['Autentificarea cu Google nu a putut fi confirmată. Vă rugăm să încercați din nou.'] })
    }
    // Both issuer spellings are Google's; the right nonce passes.
    await signIn({ token: await idToken({ issuer: 'accounts.google.com', nonce: expected }), nonce: expected })
  })

  it('answers 422 on the fields for a missing token, in the asked language', async () => {
    const res = await google({}, { 'accept-language': 'en' })
    expect(res.status).toBe(422)
    expect(Object.keys((await errorOf(res)).message)).toEqual(['token'])
  })

  it('refuses a deleted account with 403 account_is_deleted, found by Google account or by address', async () => {
    const sub = newSubject()
    const email = newEmail()
    const session = await signIn({ token: await idToken({ sub, email }) })
    await t.deps.database.db.update(users).set({ isDeleted: true, deletedAt: new Date() }).where(eq(users.id, session.user.id))
    for (const token of [await idToken({ sub, email: newEmail() }), await idToken({ email })]) {
      const res = await google({ token }, { 'accept-language': 'en' })
      expect(res.status).toBe(403)
      expect(await errorOf(res)).toEqual({ code: 403, message: 'account_is_deleted', pretty_message: 'This account has been deleted.' })
    }
  })

  it('refuses to link an address already linked to another Google account', async () => {
    const email = newEmail()
    await signIn({ token: await idToken({ email }) })
    const res = await google({ token: await idToken({ email }) }, { 'accept-language': 'fr' })
    expect(res.status).toBe(422)
    expect((await errorOf(res)).message).toEqual({ token: ['Cette adresse e-mail est liée à un autre compte Google.'] })
  })

  it('keeps the key set between sign-ins and fetches it again for a new key id once the cooldown is over', async () => {
    await signIn({ token: await idToken() })
    const before = jwks.fetches
    await signIn({ token: await idToken() })
    expect(jwks.fetches, 'cached').toBe(before)

    // Google rotates: a new key is published and used at once.
    const keyB = await signingKey('key-b')
    jwks.keys = [keyA, keyB]
    // Within the cooldown an unknown key id does not hammer Google's endpoint: refused, no fetch.
    expect((await google({ token: await idToken({ key: keyB }) })).status).toBe(422)
    expect(jwks.fetches).toBe(before)

    // Past it, the unknown key id makes the verifier fetch the set again, and the token passes.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31_000 })
    const session = await signIn({ token: await idToken({ key: keyB }) })
    expect(session.user.email_verified).toBe(true)
    expect(jwks.fetches).toBe(before + 1)
    // Tokens of the old key still verify from the refreshed set.
    await signIn({ token: await idToken({ key: keyA }) })
    expect(jwks.fetches).toBe(before + 1)
  })

  it('limits attempts per address with 429', async () => {
    const ip = '203.0.113.250'
    const answers: number[] = []
    for (let i = 0; i < 31; i++) answers.push((await google({ token: 'not.a.jwt' }, { 'x-forwarded-for': ip })).status)
    expect(answers.slice(0, 30).every((s) => s === 422)).toBe(true)
    const limited = await google({ token: await idToken() }, { 'x-forwarded-for': ip })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})

describe('Google sign-in switched off', () => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi('pglite')
  })
  afterAll(async () => {
    await t?.close()
  })

  it('answers 404 google_sign_in_disabled without GOOGLE_CLIENT_ID', async () => {
    const res = await t.call('/auth/social/authentications/google', json({ token: 'a.b.c' }, { 'accept-language': 'en' }))
    expect(res.status).toBe(404)
    expect(await errorOf(res)).toEqual({ code: 404, message: 'google_sign_in_disabled', pretty_message: 'Google sign-in is not available.' })
  })
})

describe('Google ID token verifier', () => {
  it('reports Google’s keys as unavailable (not the token as bad) when the key set cannot be fetched', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const key = await signingKey('k')
    const token = await new SignJWT({ email: 'a@b.example', email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid: 'k' })
      .setIssuer('https://accounts.google.com')
      .setAudience(CLIENT_ID)
      .setSubject('42')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key.privateKey)
    const verifier = new GoogleIdTokens({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs` })
    const refusal = await verifier.verify(token, undefined).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(GoogleSignInRefused)
    expect((refusal as GoogleSignInRefused).reason).toBe('unavailable')
  })
})
