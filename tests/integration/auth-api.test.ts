import { hash, type Algorithm } from '@node-rs/argon2'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuthSession, EmailCheckResult, UserLookup } from '~/contract/auth'
import { ErrorBody } from '~/contract/errors'
import { authSessions, passwordResets, users } from '~/server/db/schema'
import { hashToken } from '~/server/auth/secrets'
import { databaseKinds, startTestApi, type TestApi } from '../support/api'
import { latestMail } from '../support/accounts'

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.10', ...headers },
  body: JSON.stringify(body),
})
const errorOf = async (res: Response) => ErrorBody.parse(await res.json()).error
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
const strong = 'blue cactus orbits 42 slowly'

let counter = 0
const newEmail = () => `user${++counter}-${Date.now()}@example.ro`
const registration = (email: string, password = strong) => ({
  email,
  first_name: 'Ana',
  last_name: 'Popescu',
  phone_number: '0722123456',
  password,
  password_confirmation: password,
  accept_terms: true,
  token: '',
})

describe.each(databaseKinds)('accounts API on %s', (kind) => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi(kind)
  })
  afterAll(async () => {
    await t?.close()
  })

  // Each registration from its own address: registrations are limited per IP.
  const register = async (email = newEmail()) => {
    const res = await t.call('/auth/register', json(registration(email), { 'x-forwarded-for': `203.0.113.${counter}` }))
    expect(res.status, await res.clone().text()).toBe(201)
    return { email, session: AuthSession.parse(await res.json()) }
  }
  const login = (email: string, password: string, ip = '192.0.2.10') =>
    t.call('/auth/login', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip }, body: new URLSearchParams({ email, password, token: '' }) })

  it('registers, answers the session entity and knows the user by the bearer', async () => {
    const { email, session } = await register()
    expect(session).toMatchObject({ access_token_ttl: 720, is_two_factor_enabled: false, is_deleted: false, user: { email, first_name: 'Ana', email_verified: false } })
    expect(session.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const me = UserLookup.parse(await (await t.call('/auth/user', { headers: bearer(session.access_token) })).json())
    expect(me.data?.email).toBe(email)
    expect(UserLookup.parse(await (await t.call('/auth/user')).json())).toEqual({ data: null })
  })

  it('stores only an argon2id hash of the password and a SHA-256 of the token', async () => {
    const { email, session } = await register()
    const [row] = await t.deps.database.db.select().from(users).where(eq(users.email, email))
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    const sessions = await t.deps.database.db.select().from(authSessions).where(eq(authSessions.userId, row!.id))
    expect(sessions.map((s) => s.tokenHash)).toEqual([hashToken(session.access_token)])
    expect(JSON.stringify(sessions)).not.toContain(session.access_token)
  })

  it('registers with the spec’s payload as written (no terms field) and records the terms only when they were accepted', async () => {
    const specEmail = newEmail()
    const { accept_terms: _notInTheSpec, ...specPayload } = { ...registration(specEmail), is_default_password: false }
    const spec = await t.call('/auth/register', json(specPayload, { 'x-forwarded-for': '192.0.2.31' }))
    expect(spec.status).toBe(201)
    const ticked = newEmail()
    expect((await t.call('/auth/register', json(registration(ticked), { 'x-forwarded-for': '192.0.2.32' }))).status).toBe(201)
    const rows = await t.deps.database.db.select().from(users).where(inArray(users.email, [specEmail, ticked]))
    expect(rows.find((r) => r.email === specEmail)?.termsAcceptedAt).toBeNull()
    expect(rows.find((r) => r.email === ticked)?.termsAcceptedAt).toBeInstanceOf(Date)
  })

  it('asks an account made without the terms once: it accepts the version in force, the moment and version are stored, an old version is refused', async () => {
    const version = t.config.TERMS_VERSION
    const specEmail = newEmail()
    const { accept_terms: _notInTheSpec, ...specPayload } = registration(specEmail)
    const made = await t.call('/auth/register', json(specPayload, { 'x-forwarded-for': '192.0.2.33' }))
    expect(made.status).toBe(201)
    const { access_token, user } = AuthSession.parse(await made.json())
    expect(user).toMatchObject({ terms_version: null, terms_accepted_at: null })
    const accept = (body: unknown, language = 'en') => t.call('/auth/user/terms', json(body, { ...bearer(access_token), 'accept-language': language }))

    expect((await t.call('/auth/user/terms', json({ accept_terms: true, version }))).status).toBe(401)
    const unticked = await accept({ accept_terms: false, version })
    expect(unticked.status).toBe(422)
    expect(((await errorOf(unticked)).message as Record<string, string[]>).accept_terms?.join(' ')).toContain('accept the terms and conditions')
    const old = await accept({ accept_terms: true, version: '2020-01-01' }, 'ro')
    expect(old.status).toBe(422)
    expect(((await errorOf(old)).message as Record<string, string[]>).version?.join(' ')).toContain('Termenii s-au schimbat')

    const before = Date.now()
    const accepted = await accept({ accept_terms: true, version })
    expect(accepted.status).toBe(200)
    const first = UserLookup.parse(await accepted.json()).data
    expect(first?.terms_version).toBe(version)
    expect(Date.parse(first!.terms_accepted_at!)).toBeGreaterThanOrEqual(before - 1000)
    // Accepting again (another tab) keeps the first moment.
    const again = UserLookup.parse(await (await accept({ accept_terms: 'on' })).json()).data
    expect(again?.terms_accepted_at).toBe(first?.terms_accepted_at)
    const [row] = await t.deps.database.db.select().from(users).where(eq(users.email, specEmail))
    expect(row).toMatchObject({ termsVersion: version })
    expect(row?.termsAcceptedAt?.toISOString()).toBe(first?.terms_accepted_at)
  })

  it('records the version in force with the sign-up box', async () => {
    const { session } = await register()
    expect(session.user).toMatchObject({ terms_version: t.config.TERMS_VERSION })
  })

  it('upgrades a hash made with older argon2 parameters at the next sign-in', async () => {
    const { email } = await register()
    const weak = await hash(strong, { algorithm: 2 as Algorithm.Argon2id, memoryCost: 8192, timeCost: 1, parallelism: 1 })
    await t.deps.database.db.update(users).set({ passwordHash: weak }).where(eq(users.email, email))
    expect((await login(email, strong, '192.0.2.14')).status).toBe(200)
    const [row] = await t.deps.database.db.select().from(users).where(eq(users.email, email))
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect((await login(email, strong, '192.0.2.14')).status).toBe(200)
  })

  it('refuses short, common and personal passwords, mismatches and taken addresses, in the asked language', async () => {
    const email = newEmail()
    const cases: [Record<string, unknown>, string, string][] = [
      [registration(email, 'short'), 'password', 'at least 12'],
      [registration(email, 'password1234'), 'password', 'too easy to guess'],
      [registration(email, 'popescu-house-1987'), 'password', 'your name, e-mail address or phone'],
      [{ ...registration(email), password_confirmation: 'something else entirely' }, 'password_confirmation', 'do not match'],
      [{ ...registration(email), accept_terms: false }, 'accept_terms', 'accept the terms and conditions'],
      [{ ...registration(email), phone_number: '12345' }, 'phone_number', 'Enter a Romanian phone number'],
    ]
    for (const [body, field, text] of cases) {
      const res = await t.call('/auth/register', json(body, { 'accept-language': 'en' }))
      expect(res.status).toBe(422)
      const fields = (await errorOf(res)).message as Record<string, string[]>
      expect(fields[field]?.join(' '), JSON.stringify(fields)).toContain(text)
    }
    await register(email)
    const taken = await t.call('/auth/register', json(registration(email), { 'accept-language': 'ro' }))
    expect(((await errorOf(taken)).message as Record<string, string[]>).email).toEqual(['Există deja un cont cu această adresă de e-mail.'])
  })

  it('signs in with form data, rotating the token at every sign-in, and signs out', async () => {
    const { email, session: first } = await register()
    const res = await login(email, strong)
    expect(res.status).toBe(200)
    const second = AuthSession.parse(await res.json())
    expect(second.access_token).not.toBe(first.access_token)
    expect((await t.call('/auth/logout', { method: 'POST', headers: bearer(second.access_token) })).status).toBe(200)
    expect(UserLookup.parse(await (await t.call('/auth/user', { headers: bearer(second.access_token) })).json())).toEqual({ data: null })
    expect((await t.call('/auth/logout', { method: 'POST', headers: bearer(second.access_token) })).status).toBe(401)
    // The other session is untouched.
    expect(UserLookup.parse(await (await t.call('/auth/user', { headers: bearer(first.access_token) })).json()).data?.email).toBe(email)
  })

  it('answers a wrong password and an unknown e-mail the same way', async () => {
    const { email } = await register()
    const wrong = await login(email, 'not the right password', '192.0.2.11')
    const unknown = await login(newEmail(), 'not the right password', '192.0.2.11')
    expect(wrong.status).toBe(422)
    expect(unknown.status).toBe(422)
    expect(await errorOf(wrong)).toEqual(await errorOf(unknown))
  })

  it('rate limits sign-in per account with 429 and Retry-After', async () => {
    const { email } = await register()
    for (let i = 0; i < 10; i++) expect((await login(email, 'wrong password number x', `198.51.100.${i}`)).status).toBe(422)
    const limited = await login(email, strong, '198.51.100.99')
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await errorOf(limited)).message).toBe('too_many_requests')
  })

  it('refuses deleted accounts with account_is_deleted at sign-in and at the e-mail check', async () => {
    const { email } = await register()
    const exists = EmailCheckResult.parse(await (await t.call('/users/email-existence-check', json({ email, token: '' }))).json())
    expect(exists).toEqual({ alreadyExists: true, isDeleted: false })
    expect(EmailCheckResult.parse(await (await t.call('/users/email-existence-check', json({ email: newEmail(), token: '' }))).json()).alreadyExists).toBe(false)
    await t.deps.database.db.update(users).set({ isDeleted: true, deletedAt: new Date() }).where(eq(users.email, email))
    const refused = await login(email, strong, '192.0.2.12')
    expect(refused.status).toBe(403)
    expect((await errorOf(refused)).message).toBe('account_is_deleted')
    const checked = await t.call('/users/email-existence-check', json({ email, token: '' }))
    expect(checked.status).toBe(403)
    expect((await errorOf(checked)).message).toBe('account_is_deleted')
  })

  it('ends sessions left idle for an hour', async () => {
    const { session } = await register()
    await t.deps.database.db
      .update(authSessions)
      .set({ lastUsedAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(authSessions.tokenHash, hashToken(session.access_token)))
    expect(UserLookup.parse(await (await t.call('/auth/user', { headers: bearer(session.access_token) })).json())).toEqual({ data: null })
    const [row] = await t.deps.database.db.select().from(authSessions).where(eq(authSessions.tokenHash, hashToken(session.access_token)))
    expect(row?.revokedAt).not.toBeNull()
  })

  it('ends sessions past their absolute lifetime, however recently used', async () => {
    const { session } = await register()
    const me = async () => UserLookup.parse(await (await t.call('/auth/user', { headers: bearer(session.access_token) })).json())
    expect((await me()).data).not.toBeNull()
    await t.deps.database.db.update(authSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(authSessions.tokenHash, hashToken(session.access_token)))
    expect(await me()).toEqual({ data: null })
  })

  it('refuses a reset link past its 60 minutes', async () => {
    const { email } = await register()
    expect((await t.call('/auth/generate-reset-token', json({ email, token: '' }, { 'x-forwarded-for': '192.0.2.15' }))).status).toBe(200)
    const resetToken = new URL((await latestMail(t, email, 'password-reset')).match(/https?:\/\/\S+/)?.[0] ?? '').searchParams.get('reset_token') ?? ''
    const [stored] = await t.deps.database.db.select().from(passwordResets).where(eq(passwordResets.tokenHash, hashToken(resetToken)))
    expect((stored!.expiresAt.getTime() - stored!.createdAt.getTime()) / 60_000).toBeCloseTo(60, 0)
    await t.deps.database.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResets.tokenHash, hashToken(resetToken)))
    const fresh = 'green ferry under amber skies'
    const res = await t.call('/auth/reset-password', json({ email, reset_token: resetToken, password: fresh, password_confirmation: fresh, token: '' }))
    expect(res.status).toBe(422)
    expect(Object.keys((await errorOf(res)).message)).toEqual(['reset_token'])
  })

  it('resets a password by the mailed link once, never revealing whether an account exists, and ends every session', async () => {
    const { email, session } = await register()
    const known = await t.call('/auth/generate-reset-token', json({ email, token: '' }))
    const unknown = await t.call('/auth/generate-reset-token', json({ email: newEmail(), token: '' }))
    expect([known.status, unknown.status]).toEqual([200, 200])
    expect(await known.json()).toEqual(await unknown.json())

    const link = new URL((await latestMail(t, email, 'password-reset')).match(/https?:\/\/\S+/)?.[0] ?? '')
    expect(link.pathname).toBe('/authenticate')
    const resetToken = link.searchParams.get('reset_token') ?? ''
    const [stored] = await t.deps.database.db.select().from(passwordResets).where(eq(passwordResets.tokenHash, hashToken(resetToken)))
    expect(stored).toBeDefined()

    const newPassword = 'green ferry under amber skies'
    const body = { email, reset_token: resetToken, password: newPassword, password_confirmation: newPassword, token: '' }
    expect((await t.call('/auth/reset-password', json(body))).status).toBe(200)
    expect((await t.call('/auth/reset-password', json(body))).status).toBe(422) // single use
    expect(UserLookup.parse(await (await t.call('/auth/user', { headers: bearer(session.access_token) })).json())).toEqual({ data: null })
    expect((await login(email, strong, '192.0.2.13')).status).toBe(422)
    expect((await login(email, newPassword, '192.0.2.13')).status).toBe(200)
  })

  /** Makes `allowed` calls that must pass, then answers the next one. */
  const afterAllowed = async (allowed: number, call: (n: number) => Promise<Response>) => {
    for (let n = 0; n < allowed; n++) {
      const res = await call(n)
      expect(res.status, `call ${n + 1}: ${await res.text()}`).not.toBe(429)
    }
    return call(allowed)
  }
  const expectLimited = async (res: Response) => {
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await errorOf(res)).message).toBe('too_many_requests')
  }

  it('limits registrations per address', async () => {
    await expectLimited(await afterAllowed(10, () => t.call('/auth/register', json(registration(newEmail()), { 'x-forwarded-for': '198.18.0.1' }))))
  })

  it('rate limits sign-in per address (30 in 15 minutes), whichever accounts are tried', async () => {
    await expectLimited(await afterAllowed(30, () => login(newEmail(), 'a wrong password here', '198.18.1.1')))
    expect((await login(newEmail(), 'a wrong password here', '198.18.1.2')).status).toBe(422) // another address still counts from zero
  })

  it('counts only failed sign-ins: an office signing in all day behind one address is not refused', async () => {
    const { email } = await register()
    for (let n = 0; n < 30; n++) expect((await login(email, strong, '198.18.1.3')).status).toBe(200)
    // The successful sign-ins gave their attempts back: the whole allowance is left for failures.
    await expectLimited(await afterAllowed(30, () => login(newEmail(), 'a wrong password here', '198.18.1.3')))
  })

  it('rate limits reset requests per account (3 an hour), from any address', async () => {
    const email = newEmail()
    await expectLimited(await afterAllowed(3, (n) => t.call('/auth/generate-reset-token', json({ email, token: '' }, { 'x-forwarded-for': `198.18.2.${n + 1}` }))))
  })

  it('rate limits reset requests per address (10 an hour), whichever accounts are asked for', async () => {
    await expectLimited(await afterAllowed(10, () => t.call('/auth/generate-reset-token', json({ email: newEmail(), token: '' }, { 'x-forwarded-for': '198.18.3.1' }))))
  })

  it('rate limits the e-mail existence check per address (30 an hour)', async () => {
    await expectLimited(await afterAllowed(30, () => t.call('/users/email-existence-check', json({ email: newEmail(), token: '' }, { 'x-forwarded-for': '198.18.4.1' }))))
  })

  it('keeps private routes for signed-in users', async () => {
    expect((await t.call('/auth/logout', { method: 'POST' })).status).toBe(401)
    expect((await t.call('/auth/logout', { method: 'POST', headers: bearer('x'.repeat(43)) })).status).toBe(401)
  })
})
