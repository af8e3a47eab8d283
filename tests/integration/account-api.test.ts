import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { AccountSessionList, EmailConfirmResult, PasswordChangeResult, Profile } from '~/contract/account'
import { AuthSession } from '~/contract/auth'
import { accountRoutes } from '~/server/api/routes/account'
import { UNUSABLE_PASSWORD_HASH } from '~/server/auth/account-security'
import { emailRef } from '~/server/auth/accounts'
import { hashToken } from '~/server/auth/secrets'
import { setLogLevel } from '~/server/log'
import { authSessions, emailConfirmations, users } from '~/server/db/schema'
import { databaseKinds, errorOf, readMailbox, startTestApi, type TestApi } from '../support/api'
import { latestMail } from '../support/accounts'

const strong = 'blue cactus orbits 42 slowly'
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'
const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0'

let counter = 0
const newEmail = () => `acct${++counter}-${Date.now()}@example.ro`
const nextIp = () => `203.0.113.${(counter % 250) + 1}`
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
type Fields = Record<string, string[]>

describe.each(databaseKinds)('account API on %s', (kind) => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi(kind)
  })
  afterAll(async () => {
    await t?.close()
  })

  /** A JSON call, by default as `token` in English from a fixed address. */
  const call = (path: string, options: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {}) =>
    t.call(path, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers: {
        'content-type': 'application/json',
        'accept-language': 'en',
        'x-forwarded-for': '192.0.2.20',
        ...(options.token ? bearer(options.token) : {}),
        ...options.headers,
      },
      body: options.body === undefined ? null : JSON.stringify(options.body),
    })

  const register = async (email = newEmail()) => {
    const ip = nextIp()
    const res = await call('/auth/register', {
      body: { email, first_name: 'Ana', last_name: 'Popescu', phone_number: '0722123456', password: strong, password_confirmation: strong, accept_terms: true, token: '' },
      headers: { 'x-forwarded-for': ip, 'user-agent': CHROME_WINDOWS },
    })
    expect(res.status, await res.clone().text()).toBe(201)
    return { email, token: AuthSession.parse(await res.json()).access_token }
  }
  const login = (email: string, password: string, userAgent = FIREFOX_ANDROID) =>
    call('/auth/login', { body: { email, password, token: '' }, headers: { 'x-forwarded-for': nextIp(), 'user-agent': userAgent } })
  const signIn = async (email: string, password = strong, userAgent?: string) => {
    const res = await login(email, password, userAgent)
    expect(res.status, await res.clone().text()).toBe(200)
    return AuthSession.parse(await res.json()).access_token
  }
  const profileOf = async (token: string) => {
    const res = await call('/account/profile', { token })
    expect(res.status).toBe(200)
    return Profile.parse(await res.json())
  }
  const mails = async (to: string) => {
    const res = await readMailbox(t, to, 50)
    return ((await res.json()) as { data: { kind: string; subject: string; text: string }[] }).data
  }
  /** The token of the newest mail of `kind` to `to`, from its confirmation link. */
  const linkToken = async (to: string, kind: string) => {
    const mail = (await mails(to)).find((m) => m.kind === kind)
    const link = new URL(mail?.text.match(/https?:\/\/\S+/)?.[0] ?? 'http://missing.invalid/')
    expect(link.pathname).toBe('/confirm-email')
    return link.searchParams.get('token') ?? ''
  }
  const confirm = (token: string) => call('/auth/email/confirm', { body: { token } })
  const fieldsOf = async (res: Response) => (await errorOf(res)).message as Fields
  const works = async (token: string) => (await call('/account/profile', { token })).status === 200

  it('keeps every account route for signed-in users (401 otherwise)', async () => {
    const { token } = await register()
    for (const route of accountRoutes.filter((r) => r.auth === 'user')) {
      const path = route.path.replace('{id}', '00000000-0000-4000-8000-000000000000')
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {}
      for (const given of [undefined, 'x'.repeat(43)]) {
        const res = await call(path, { method: route.method, body, token: given })
        expect(res.status, `${route.method} ${route.path}`).toBe(401)
      }
    }
    // And the session that was there is unaffected.
    expect(await works(token)).toBe(true)
  })

  describe('profile', () => {
    it('reads the user and updates names and phone, ignoring every other field', async () => {
      const { email, token } = await register()
      expect(await profileOf(token)).toMatchObject({ email, first_name: 'Ana', last_name: 'Popescu', phone_number: '0722123456', email_verified: false })

      const res = await call('/account/profile', {
        method: 'PATCH',
        token,
        body: { first_name: ' Ioana ', last_name: 'Marinescu-Ștefănescu', phone_number: '+40312345678', email: 'other@example.ro', email_verified: true, is_deleted: true },
      })
      expect(res.status, await res.clone().text()).toBe(200)
      expect(Profile.parse(await res.json())).toMatchObject({ email, first_name: 'Ioana', last_name: 'Marinescu-Ștefănescu', phone_number: '+40312345678', email_verified: false })
      const [row] = await t.deps.database.db.select().from(users).where(eq(users.email, email))
      expect(row).toMatchObject({ firstName: 'Ioana', isDeleted: false, emailVerifiedAt: null })

      // An empty number removes it.
      const cleared = await call('/account/profile', { method: 'PATCH', token, body: { first_name: 'Ioana', last_name: 'Marinescu', phone_number: '' } })
      expect(Profile.parse(await cleared.json()).phone_number).toBeNull()
    })

    it('answers 422 per field for empty names and a phone number that is not Romanian', async () => {
      const { token } = await register()
      const res = await call('/account/profile', { method: 'PATCH', token, body: { first_name: '  ', last_name: 'x'.repeat(81), phone_number: '+33612345678' } })
      expect(res.status).toBe(422)
      expect(Object.keys(await fieldsOf(res)).sort()).toEqual(['first_name', 'last_name', 'phone_number'])
      expect((await profileOf(token)).first_name).toBe('Ana')
    })
  })

  describe('e-mail change', () => {
    it('changes the address only when the link mailed to the new one is opened, once', async () => {
      const { email, token } = await register()
      const next = newEmail()
      const res = await call('/account/email-change', { token, body: { email: ` ${next.toUpperCase()} `, password: strong } })
      expect(res.status, await res.clone().text()).toBe(200)

      const notice = (await mails(email)).find((m) => m.kind === 'email-change-notice')
      // Typed by whoever holds the session: never a link in the mail (decision 94).
      expect(notice?.text).toContain(`${next[0]}***[@]example[.]ro`)
      expect(notice?.text).not.toContain(next)
      const changeToken = await linkToken(next, 'email-change')
      const [stored] = await t.deps.database.db.select().from(emailConfirmations).where(eq(emailConfirmations.tokenHash, hashToken(changeToken)))
      expect(stored).toMatchObject({ email: next, purpose: 'change', usedAt: null })
      expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000)
      expect(stored!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600_000)

      // Before the link: the old address signs in, the new one does not.
      expect((await profileOf(token)).email).toBe(email)
      expect((await login(next, strong)).status).toBe(422)
      await signIn(email)

      const confirmed = await confirm(changeToken)
      expect(confirmed.status, await confirmed.clone().text()).toBe(200)
      expect(EmailConfirmResult.parse(await confirmed.json())).toEqual({ purpose: 'change', email: next })
      expect(await profileOf(token)).toMatchObject({ email: next, email_verified: true })
      await signIn(next)
      expect((await login(email, strong)).status).toBe(422)

      const again = await confirm(changeToken)
      expect(again.status).toBe(422)
      expect(Object.keys(await fieldsOf(again))).toEqual(['token'])
    })

    it('refuses expired links, links replaced by a newer request, and unknown tokens', async () => {
      const { email, token } = await register()
      const first = newEmail()
      expect((await call('/account/email-change', { token, body: { email: first, password: strong } })).status).toBe(200)
      const firstToken = await linkToken(first, 'email-change')
      const second = newEmail()
      expect((await call('/account/email-change', { token, body: { email: second, password: strong } })).status).toBe(200)
      const secondToken = await linkToken(second, 'email-change')
      expect((await confirm(firstToken)).status).toBe(422) // replaced

      await t.deps.database.db
        .update(emailConfirmations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(emailConfirmations.tokenHash, hashToken(secondToken)))
      expect((await confirm(secondToken)).status).toBe(422) // expired
      expect((await confirm('A'.repeat(43))).status).toBe(422) // unknown
      expect((await profileOf(token)).email).toBe(email)
    })

    it('needs the current password and a free, different address; a taken one is refused like at registration', async () => {
      const { email, token } = await register()
      const { email: other } = await register()

      const wrong = await call('/account/email-change', { token, body: { email: newEmail(), password: 'not my password at all' } })
      expect(wrong.status).toBe(422)
      expect(await fieldsOf(wrong)).toEqual({ password: ['The password is not correct.'] })

      const same = await call('/account/email-change', { token, body: { email, password: strong } })
      expect(Object.keys(await fieldsOf(same))).toEqual(['email'])

      const taken = await call('/account/email-change', { token, body: { email: other, password: strong } })
      const registering = await call('/auth/register', {
        body: { email: other, first_name: 'X', last_name: 'Y', password: strong, password_confirmation: strong, accept_terms: true, token: '' },
        headers: { 'x-forwarded-for': nextIp() },
      })
      expect([taken.status, registering.status]).toEqual([422, 422])
      expect(await fieldsOf(taken)).toEqual(await fieldsOf(registering))
      expect((await mails(other)).some((m) => m.kind === 'email-change')).toBe(false)
    })

    it('refuses a link whose address was taken meanwhile, keeping the account as it was', async () => {
      const { email, token } = await register()
      const next = newEmail()
      expect((await call('/account/email-change', { token, body: { email: next, password: strong } })).status).toBe(200)
      const changeToken = await linkToken(next, 'email-change')
      await register(next)
      const res = await confirm(changeToken)
      expect(res.status).toBe(422)
      expect(Object.keys(await fieldsOf(res))).toEqual(['email'])
      expect((await profileOf(token)).email).toBe(email)
    })
  })

  describe('e-mail confirmation after sign-up', () => {
    it('mails the link in the welcome message; opening it confirms the address, once', async () => {
      const { email, token } = await register()
      expect((await profileOf(token)).email_verified).toBe(false)
      const verifyToken = await linkToken(email, 'welcome')
      const res = await confirm(verifyToken)
      expect(res.status).toBe(200)
      expect(EmailConfirmResult.parse(await res.json())).toEqual({ purpose: 'verify', email })
      expect((await profileOf(token)).email_verified).toBe(true)
      expect((await confirm(verifyToken)).status).toBe(422)
    })

    it('accepts a link once even when it is opened twice at the same moment', async () => {
      const { email } = await register()
      const verifyToken = await linkToken(email, 'welcome')
      const statuses = (await Promise.all([confirm(verifyToken), confirm(verifyToken), confirm(verifyToken)])).map((r) => r.status).sort()
      expect(statuses).toEqual([200, 422, 422])
      if (kind !== 'postgres') return
      // On PostgreSQL, force the race: both requests read the unused link while a lock holds its row,
      // then both try to use it when the lock goes. Only the check made by the write itself stops the second.
      const { email: other } = await register()
      const raced = await linkToken(other, 'welcome')
      let answers: Promise<Response[]> | undefined
      await t.deps.database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from email_confirmations where token_hash = ${hashToken(raced)} for update`)
        answers = Promise.all([confirm(raced), confirm(raced)])
        // The lock goes once both have read the link and wait on it (this test file's own database).
        const waiting = async () => ((await tx.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)) as unknown as { n: number }[])[0]?.n // postgres.js answers the rows
        await expect.poll(waiting, { timeout: 60_000, interval: 20 }).toBe(2)
      })
      expect((await answers!).map((r) => r.status).sort()).toEqual([200, 422])
    })

    it('resends the link on request, and none once the address is confirmed', async () => {
      const { email, token } = await register()
      expect((await call('/account/email-verification', { token, body: {} })).status).toBe(200)
      const resent = await linkToken(email, 'email-verify')
      expect(resent).not.toBe(await linkToken(email, 'welcome'))
      expect((await confirm(resent)).status).toBe(200)
      const count = (await mails(email)).length
      expect((await call('/account/email-verification', { token, body: {} })).status).toBe(200)
      expect((await mails(email)).length).toBe(count)
    })

    it('does not confirm an address the account no longer uses', async () => {
      const { email, token } = await register()
      const verifyToken = await linkToken(email, 'welcome')
      const next = newEmail()
      await call('/account/email-change', { token, body: { email: next, password: strong } })
      expect((await confirm(await linkToken(next, 'email-change'))).status).toBe(200)
      expect((await confirm(verifyToken)).status).toBe(422)
    })
  })

  describe('password change', () => {
    it('sets a new password and ends every other session, keeping the current one', async () => {
      const { email, token } = await register()
      const other = await signIn(email)
      const res = await call('/account/password', { token, body: { current_password: strong, password: 'green ferry under amber skies', password_confirmation: 'green ferry under amber skies' } })
      expect(res.status, await res.clone().text()).toBe(200)
      expect(PasswordChangeResult.parse(await res.json())).toEqual({ ok: true, revoked_sessions: 1 })
      expect(await works(token)).toBe(true)
      expect(await works(other)).toBe(false)
      expect((await login(email, strong)).status).toBe(422)
      await signIn(email, 'green ferry under amber skies')
      const [row] = await t.deps.database.db.select().from(users).where(eq(users.email, email))
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/)
      expect((await mails(email)).some((m) => m.kind === 'password-changed')).toBe(true)
    })

    it('refuses a wrong current password on current_password, and weak or mismatched new ones, changing nothing', async () => {
      const { email, token } = await register()
      const other = await signIn(email)
      const cases: [Record<string, string>, string][] = [
        [{ current_password: 'not the password at all', password: 'green ferry under amber skies', password_confirmation: 'green ferry under amber skies' }, 'current_password'],
        [{ current_password: strong, password: 'password1234', password_confirmation: 'password1234' }, 'password'],
        [{ current_password: strong, password: 'short', password_confirmation: 'short' }, 'password'],
        [{ current_password: strong, password: 'green ferry under amber skies', password_confirmation: 'green ferry under amber sky' }, 'password_confirmation'],
      ]
      for (const [body, field] of cases) {
        const res = await call('/account/password', { token, body })
        expect(res.status).toBe(422)
        expect(Object.keys(await fieldsOf(res)), JSON.stringify(body)).toEqual([field])
      }
      const wrong = await call('/account/password', { token, body: cases[0]![0], headers: { 'accept-language': 'ro' } })
      expect(await fieldsOf(wrong)).toEqual({ current_password: ['Parola actuală nu este corectă.'] })
      expect(await works(other)).toBe(true)
      await signIn(email)
    })
  })

  describe('sessions', () => {
    it('lists only the caller’s active sessions, with device, address and the current one marked first', async () => {
      const { email, token } = await register()
      const phone = await signIn(email, strong, FIREFOX_ANDROID)
      const ended = await signIn(email)
      await call('/auth/logout', { method: 'POST', token: ended })
      const idle = await signIn(email)
      await t.deps.database.db
        .update(authSessions)
        .set({ lastUsedAt: new Date(Date.now() - 2 * 3600_000) })
        .where(eq(authSessions.tokenHash, hashToken(idle)))
      const { token: stranger } = await register()

      const res = await call('/account/sessions', { token })
      expect(res.status).toBe(200)
      const { data } = AccountSessionList.parse(await res.json())
      expect(data.map((s) => [s.device, s.current])).toEqual([
        ['Chrome on Windows', true],
        ['Firefox on Android', false],
      ])
      expect(data[0]?.ip).toMatch(/^203\.0\.113\./)
      const ids = await t.deps.database.db.select({ id: authSessions.id, tokenHash: authSessions.tokenHash }).from(authSessions)
      const idOf = (bearerToken: string) => ids.find((r) => r.tokenHash === hashToken(bearerToken))?.id
      expect(data.map((s) => s.id)).toEqual([idOf(token), idOf(phone)])
      expect(data.map((s) => s.id)).not.toContain(idOf(stranger))

      // In the language asked for.
      const ro = AccountSessionList.parse(await (await call('/account/sessions', { token, headers: { 'accept-language': 'ro' } })).json())
      expect(ro.data[0]?.device).toBe('Chrome pe Windows')
    })

    it('ends one of the caller’s sessions; another user’s id is not found and that session keeps working', async () => {
      const { email, token } = await register()
      const phone = await signIn(email)
      const { token: stranger } = await register()
      const sessions = async (bearerToken: string) => AccountSessionList.parse(await (await call('/account/sessions', { token: bearerToken })).json()).data
      const strangerId = (await sessions(stranger))[0]!.id
      const phoneId = (await sessions(token)).find((s) => !s.current)!.id

      const foreign = await call(`/account/sessions/${strangerId}`, { method: 'DELETE', token })
      expect(foreign.status).toBe(404)
      expect((await errorOf(foreign)).message).toBe('not_found')
      expect(await works(stranger)).toBe(true)

      expect((await call(`/account/sessions/${phoneId}`, { method: 'DELETE', token })).status).toBe(200)
      expect(await works(phone)).toBe(false)
      expect(await works(token)).toBe(true)
      expect((await call(`/account/sessions/${phoneId}`, { method: 'DELETE', token })).status).toBe(404)
      expect((await call('/account/sessions/not-a-uuid', { method: 'DELETE', token })).status).toBe(422)
    })

    it('ends every other session of the caller at once', async () => {
      const { email, token } = await register()
      const others = [await signIn(email), await signIn(email)]
      const { token: stranger } = await register()
      const res = await call('/account/sessions/revoke-others', { method: 'POST', token })
      expect(await res.json()).toEqual({ revoked: 2 })
      expect(await works(token)).toBe(true)
      for (const other of others) expect(await works(other)).toBe(false)
      expect(await works(stranger)).toBe(true)
      expect(AccountSessionList.parse(await (await call('/account/sessions', { token })).json()).data).toHaveLength(1)
    })
  })

  describe('account deletion', () => {
    it('needs the password', async () => {
      const { token } = await register()
      const res = await call('/account/delete', { token, body: { password: 'not my password at all' } })
      expect(res.status).toBe(422)
      expect(Object.keys(await fieldsOf(res))).toEqual(['password'])
      expect(await works(token)).toBe(true)
    })

    it('erases personal data, ends every session, and sign-in and the e-mail check then answer account_is_deleted', async () => {
      const { email, token } = await register()
      const other = await signIn(email)
      await call('/account/email-verification', { token, body: {} })
      const [before] = await t.deps.database.db.select().from(users).where(eq(users.email, email))
      await t.deps.database.db.update(users).set({ googleSubject: `google-${before!.id}` }).where(eq(users.id, before!.id))

      const res = await call('/account/delete', { token, body: { password: strong } })
      expect(res.status, await res.clone().text()).toBe(200)
      expect(await works(token)).toBe(false)
      expect(await works(other)).toBe(false)
      expect((await call('/auth/logout', { method: 'POST', token })).status).toBe(401)

      const [row] = await t.deps.database.db.select().from(users).where(eq(users.id, before!.id))
      expect(row).toMatchObject({ email, isDeleted: true, firstName: '', lastName: '', phoneNumber: null, googleSubject: null, passwordHash: UNUSABLE_PASSWORD_HASH })
      expect(row?.deletedAt).toBeInstanceOf(Date)
      const sessions = await t.deps.database.db.select().from(authSessions).where(eq(authSessions.userId, before!.id))
      expect(sessions.every((s) => s.revokedAt !== null && s.ip === null && s.userAgent === null)).toBe(true)
      const pending = await t.deps.database.db.select().from(emailConfirmations).where(and(eq(emailConfirmations.userId, before!.id)))
      expect(pending).toEqual([])
      // Only the notice of the deletion is left in the mailbox, and it names nobody.
      const left = await mails(email)
      expect(left.map((m) => m.kind)).toEqual(['account-deleted'])
      expect(left[0]?.text).not.toContain('Ana')

      const signInRes = await login(email, strong)
      expect(signInRes.status).toBe(403)
      expect(await errorOf(signInRes)).toMatchObject({ message: 'account_is_deleted', pretty_message: 'This account has been deleted.' })
      const check = await call('/users/email-existence-check', { body: { email, token: '' } })
      expect(check.status).toBe(403)
      expect((await errorOf(check)).message).toBe('account_is_deleted')
      // The address stays reserved and gets no reset link. Reset links are looked up and mailed
      // after the answer, in order: once a later request's link arrived, this one was handled.
      expect((await call('/auth/generate-reset-token', { body: { email, token: '' } })).status).toBe(200)
      const witness = await register()
      expect((await call('/auth/generate-reset-token', { body: { email: witness.email, token: '' } })).status).toBe(200)
      await latestMail(t, witness.email, 'password-reset')
      expect((await mails(email)).map((m) => m.kind)).toEqual(['account-deleted'])
    })
  })

  describe('rate limits', () => {
    const limited = async (label: string, attempts: number, send: () => Promise<Response>) => {
      for (let i = 0; i < attempts; i++) expect((await send()).status, `${label} #${i + 1}`).not.toBe(429)
      const res = await send()
      expect(res.status, label).toBe(429)
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
      expect((await errorOf(res)).message).toBe('too_many_requests')
    }

    it('answer 429 with Retry-After on password change, e-mail change, verification resend and deletion', async () => {
      const { token } = await register()
      await limited('password change', 5, () => call('/account/password', { token, body: { current_password: 'wrong guess number one', password: 'green ferry under amber skies', password_confirmation: 'green ferry under amber skies' } }))
      await limited('e-mail change', 5, () => call('/account/email-change', { token, body: { email: newEmail(), password: 'wrong guess number one' } }))
      await limited('verification resend', 3, () => call('/account/email-verification', { token, body: {} }))
      await limited('deletion', 5, () => call('/account/delete', { token, body: { password: 'wrong guess number one' } }))
      // Limits are per account: another user is not affected.
      const { token: other } = await register()
      expect((await call('/account/email-verification', { token: other, body: {} })).status).toBe(200)
    })
  })

  it('logs e-mail changes, password changes, revocations and deletions without addresses or secrets', async () => {
    const lines: string[] = []
    const capture = (chunk: string | Uint8Array) => {
      lines.push(String(chunk))
      return true
    }
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(capture)
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(capture)
    setLogLevel('info')
    try {
      const { email, token } = await register()
      const next = newEmail()
      await call('/account/email-change', { token, body: { email: next, password: strong } })
      const changeToken = await linkToken(next, 'email-change')
      await confirm(changeToken)
      await signIn(next)
      const newPassword = 'green ferry under amber skies'
      await call('/account/password', { token, body: { current_password: strong, password: newPassword, password_confirmation: newPassword } })
      await call('/account/sessions/revoke-others', { method: 'POST', token })
      await call('/account/delete', { token, body: { password: newPassword } })

      const events = lines.map((line) => JSON.parse(line) as { event: string } & Record<string, unknown>)
      const names = events.map((e) => e.event)
      for (const name of ['account.email_change_requested', 'account.email_changed', 'account.password_changed', 'account.sessions_revoked', 'account.deleted']) {
        expect(names).toContain(name)
      }
      expect(events.find((e) => e.event === 'account.email_changed')).toMatchObject({ from: emailRef(email), to: emailRef(next) })
      const text = lines.join('')
      for (const secret of [email, next, strong, newPassword, token, changeToken]) expect(text).not.toContain(secret)
    } finally {
      setLogLevel(undefined)
      out.mockRestore()
      err.mockRestore()
    }
  })
})
