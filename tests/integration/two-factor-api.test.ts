import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuthSession, UserLookup } from '~/contract/auth'
import { GenerateCodeResult, RecoveryRemoveResult, RemoveResult, TwoFactorProviders, TwoFactorQrCode, TwoFactorSessionState, UserTwoFactorProvider, VerifyCodeResult } from '~/contract/two-factor'
import { emailCodes, twoFactors, users } from '~/server/db/schema'
import { currentStep, totpCode } from '~/server/auth/totp'
import { databaseKinds, startTestApi, type TestApi } from '../support/api'
import { bearer, errorOf, fieldsOf, json, latestMail, login, registerUser, strongPassword } from '../support/accounts'

describe.each(databaseKinds)('two-factor API on %s', (kind) => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi(kind)
  })
  afterAll(async () => {
    await t?.close()
  })

  const userOf = async (token: string) => UserLookup.parse(await (await t.call('/auth/user', { headers: bearer(token) })).json())
  const state = async (token: string) => TwoFactorSessionState.parse(await (await t.call('/auth/two-factor/check-active-session', json({}, bearer(token)))).json())
  const verify = (token: string, body: Record<string, unknown>) => t.call('/auth/two-factor/verify-code', json({ token: '', ...body }, bearer(token)))
  const signIn = async (email: string) => {
    const res = await login(t, email)
    expect(res.status).toBe(200)
    return AuthSession.parse(await res.json())
  }
  /** A private route that is not a two-factor call: refused while the second step is owed. */
  const privateCall = (token: string) => t.call('/auth/two-factor/disable', json({ password: 'not checked before the gate' }, bearer(token)))

  async function enrolAuthenticator(token: string) {
    const qr = TwoFactorQrCode.parse(await (await t.call('/auth/two-factor/generate-qr-code?token=', { headers: bearer(token) })).json())
    const step = currentStep()
    const res = await verify(token, { two_factor_code: totpCode(qr.secret, step), provider_code: 'authenticator', secret: qr.secret, password: strongPassword })
    expect(res.status, await res.clone().text()).toBe(200)
    return { secret: qr.secret, step, result: VerifyCodeResult.parse(await res.json()), qr }
  }

  it('lists the providers', async () => {
    const providers = TwoFactorProviders.parse(await (await t.call('/two-factor-auth-providers')).json())
    expect(providers.data.map((p) => p.code)).toEqual(['authenticator', 'email'])
  })

  it('enrols an authenticator app, shows the recovery key once and replaces the session token', async () => {
    const { session, email } = await registerUser(t)
    expect(await state(session.access_token)).toEqual({ is_two_factor_auth_enabled: true, is_two_factor_enabled_for_user: false, is_active: true, is_two_factor_auth_required: false })

    const { secret, result, qr } = await enrolAuthenticator(session.access_token)
    expect(qr.otpauth_url).toContain(`secret=${secret}`)
    expect(qr.qr_code_svg).toMatch(/^<svg/)
    expect(result.recovery_key).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/)
    expect(result.session.access_token).not.toBe(session.access_token)
    expect(result.session.is_two_factor_enabled).toBe(true)
    // The token from before the second step is worthless now.
    expect(UserLookup.parse(await (await t.call('/auth/user', { headers: bearer(session.access_token) })).json())).toEqual({ data: null })
    expect(await state(result.session.access_token)).toMatchObject({ is_two_factor_enabled_for_user: true, is_active: true })

    // At rest: the secret sealed, the recovery key hashed with argon2id.
    const [user] = await t.deps.database.db.select().from(users).where(eq(users.email, email))
    const [row] = await t.deps.database.db.select().from(twoFactors).where(eq(twoFactors.userId, user!.id))
    expect(row?.secretSealed).not.toContain(secret)
    expect(row?.recoveryKeyHash).toMatch(/^\$argon2id\$/)
    expect(JSON.stringify(row)).not.toContain(result.recovery_key!.replace(/-/g, ''))
    const provider = UserTwoFactorProvider.parse(await (await t.call('/two-factor-auth-providers/user?token=', { headers: bearer(result.session.access_token) })).json())
    expect(provider.data?.provider_code).toBe('authenticator')
  })

  it('asks the second step at the next sign-in, keeps private routes closed until then, and never accepts a code twice', async () => {
    const { session, email } = await registerUser(t)
    const { secret, step } = await enrolAuthenticator(session.access_token)

    const pending = await signIn(email)
    expect(pending.is_two_factor_enabled).toBe(true)
    expect(await state(pending.access_token)).toMatchObject({ is_two_factor_enabled_for_user: true, is_active: false })
    const gated = await privateCall(pending.access_token)
    expect(gated.status).toBe(403)
    expect((await errorOf(gated)).message).toBe('two_factor_required')
    // Not even the user's names, phone and address before the second step.
    expect(await userOf(pending.access_token)).toEqual({ data: null })

    // The enrolment's code is spent: replaying it fails.
    const replay = await verify(pending.access_token, { two_factor_code: totpCode(secret, step), provider_code: 'authenticator' })
    expect(replay.status).toBe(422)
    expect(Object.keys(await fieldsOf(replay))).toEqual(['two_factor_code'])

    const next = totpCode(secret, step + 1)
    const ok = await verify(pending.access_token, { two_factor_code: next, provider_code: 'authenticator' })
    expect(ok.status).toBe(200)
    const verified = VerifyCodeResult.parse(await ok.json())
    expect(verified.recovery_key).toBeNull()
    expect(verified.session.access_token).not.toBe(pending.access_token)
    expect(await state(verified.session.access_token)).toMatchObject({ is_active: true })
    expect((await userOf(verified.session.access_token)).data).toMatchObject({ email, phone_number: '0722123456' })
    expect((await privateCall(verified.session.access_token)).status).toBe(422) // through the gate; the password is wrong

    // Another sign-in cannot reuse that code either.
    const again = await signIn(email)
    expect((await verify(again.access_token, { two_factor_code: next, provider_code: 'authenticator' })).status).toBe(422)
  })

  it('refuses an enrolment code for another secret than the one being set up', async () => {
    const { session } = await registerUser(t)
    const first = TwoFactorQrCode.parse(await (await t.call('/auth/two-factor/generate-qr-code', { headers: bearer(session.access_token) })).json())
    const second = TwoFactorQrCode.parse(await (await t.call('/auth/two-factor/generate-qr-code', { headers: bearer(session.access_token) })).json())
    expect(second.secret).not.toBe(first.secret)
    const stale = await verify(session.access_token, { two_factor_code: totpCode(first.secret, currentStep()), provider_code: 'authenticator', secret: first.secret, password: strongPassword })
    expect(stale.status).toBe(422)
    expect(Object.keys(await fieldsOf(stale))).toEqual(['two_factor_code'])
    const withoutSecret = await verify(session.access_token, { two_factor_code: totpCode(first.secret, currentStep()), provider_code: 'authenticator', password: strongPassword })
    expect(withoutSecret.status).toBe(422)
  })

  it('needs the current password to turn two-factor on, so a stolen session cannot put its own factor in front of the owner', async () => {
    const { session } = await registerUser(t)
    const qr = TwoFactorQrCode.parse(await (await t.call('/auth/two-factor/generate-qr-code', { headers: bearer(session.access_token) })).json())
    const code = totpCode(qr.secret, currentStep())
    for (const password of [undefined, '', 'not my password at all']) {
      const refused = await verify(session.access_token, { two_factor_code: code, provider_code: 'authenticator', secret: qr.secret, password })
      expect(refused.status).toBe(422)
      expect(Object.keys(await fieldsOf(refused))).toEqual(['password'])
    }
    expect(await state(session.access_token)).toMatchObject({ is_two_factor_enabled_for_user: false })
    // The refusals did not spend the code; with the password it turns two-factor on.
    expect((await verify(session.access_token, { two_factor_code: code, provider_code: 'authenticator', secret: qr.secret, password: strongPassword })).status).toBe(200)

    // Codes by e-mail as well.
    const other = await registerUser(t)
    expect((await t.call('/auth/two-factor/generate-code', json({ token: '', provider_code: 'email' }, bearer(other.session.access_token)))).status).toBe(200)
    const mailed = (await latestMail(t, other.email, 'two-factor-code')).match(/\b(\d{6})\b/)?.[1] ?? ''
    const refused = await verify(other.session.access_token, { two_factor_code: mailed, provider_code: 'email' })
    expect(Object.keys(await fieldsOf(refused))).toEqual(['password'])
    expect(await state(other.session.access_token)).toMatchObject({ is_two_factor_enabled_for_user: false })
  })

  it('works with codes by e-mail: ten minutes, five guesses, once', async () => {
    const { session, email } = await registerUser(t)
    const send = (token: string) => t.call('/auth/two-factor/generate-code', json({ token: '', provider_code: 'email' }, bearer(token)))
    const mailedCode = async () => (await latestMail(t, email, 'two-factor-code')).match(/\b(\d{6})\b/)?.[1] ?? ''

    expect(GenerateCodeResult.parse(await (await send(session.access_token)).json())).toEqual({ sent: true, expires_in: 600 })
    const enrolled = await verify(session.access_token, { two_factor_code: await mailedCode(), provider_code: 'email', password: strongPassword })
    expect(enrolled.status).toBe(200)
    expect(VerifyCodeResult.parse(await enrolled.json()).recovery_key).not.toBeNull()

    await t.deps.limiter.reset(`2fa:user:${await userId(email)}`)
    const pending = await signIn(email)
    expect((await send(pending.access_token)).status).toBe(200)
    const code = await mailedCode()
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) expect((await verify(pending.access_token, { two_factor_code: wrong, provider_code: 'email' })).status).toBe(422)
    // Five wrong guesses void the code: the right value no longer works (the guess limit aside).
    await t.deps.limiter.reset(`2fa:user:${await userId(email)}`)
    expect((await verify(pending.access_token, { two_factor_code: code, provider_code: 'email' })).status).toBe(422)

    // An expired code is refused.
    expect((await send(pending.access_token)).status).toBe(200)
    const expired = await mailedCode()
    await t.deps.database.db.update(emailCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailCodes.userId, await userId(email)))
    expect((await verify(pending.access_token, { two_factor_code: expired, provider_code: 'email' })).status).toBe(422)

    expect((await send(pending.access_token)).status).toBe(429) // three codes per ten minutes
    await t.deps.limiter.reset(`2fa-mail:user:${await userId(email)}`)
    expect((await send(pending.access_token)).status).toBe(200)
    const fresh = await mailedCode()
    const ok = await verify(pending.access_token, { two_factor_code: fresh, provider_code: 'email' })
    expect(ok.status).toBe(200)
    const next = await signIn(email)
    expect((await verify(next.access_token, { two_factor_code: fresh, provider_code: 'email' })).status).toBe(422) // spent
  })

  it('removes two-factor with the recovery key, once, replacing the session; a wrong key is refused', async () => {
    const { session, email } = await registerUser(t)
    const { result } = await enrolAuthenticator(session.access_token)
    const pending = await signIn(email)
    const remove = (token: string, key: string) => t.call('/auth/two-factor/remove', json({ token: '', recovery_key: key, provider_code: 'authenticator' }, bearer(token)))

    const wrong = await remove(pending.access_token, 'AAAAA-BBBBB-CCCCC-DDDDD')
    expect(wrong.status).toBe(422)
    expect(Object.keys(await fieldsOf(wrong))).toEqual(['recovery_key'])
    // Typed loosely: lower case, without dashes.
    const ok = await remove(pending.access_token, result.recovery_key!.toLowerCase().replace(/-/g, ' '))
    expect(ok.status).toBe(200)
    const removed = RecoveryRemoveResult.parse(await ok.json())
    expect(removed.is_removed).toBe(true)
    expect(removed.session.access_token).not.toBe(pending.access_token)
    expect(removed.session.is_two_factor_enabled).toBe(false)
    // The token from before the key is worthless; the new one is a full session.
    expect((await t.call('/auth/two-factor/check-active-session', json({}, bearer(pending.access_token)))).status).toBe(401)
    expect(await state(removed.session.access_token)).toMatchObject({ is_two_factor_enabled_for_user: false, is_active: true })
    expect((await remove(removed.session.access_token, result.recovery_key!)).status).toBe(422)
  })

  it('turns two-factor off from the security page with the current password only', async () => {
    const { session } = await registerUser(t)
    const { result } = await enrolAuthenticator(session.access_token)
    const token = result.session.access_token
    const disable = (body: Record<string, unknown>) => t.call('/auth/two-factor/disable', json(body, bearer(token)))
    const missing = await disable({})
    expect(Object.keys(await fieldsOf(missing))).toEqual(['password'])
    const wrong = await disable({ password: 'not my password at all' })
    expect(wrong.status).toBe(422)
    expect((await fieldsOf(wrong)).password).toEqual(['Parola nu este corectă.'])
    expect(RemoveResult.parse(await (await disable({ password: 'blue cactus orbits 42 slowly' })).json())).toEqual({ is_removed: true })
    expect(await state(token)).toMatchObject({ is_two_factor_enabled_for_user: false })
  })

  it('turns two-factor off with a fresh code instead of the password: from the app, or mailed to confirm it', async () => {
    const disable = (token: string, body: Record<string, unknown>) => t.call('/auth/two-factor/disable', json(body, bearer(token)))

    const app = await registerUser(t)
    const { secret, step, result } = await enrolAuthenticator(app.session.access_token)
    const appToken = result.session.access_token
    const spent = await disable(appToken, { two_factor_code: totpCode(secret, step) })
    expect(Object.keys(await fieldsOf(spent))).toEqual(['two_factor_code']) // the enrolment's code works once
    expect(RemoveResult.parse(await (await disable(appToken, { two_factor_code: totpCode(secret, step + 1) })).json())).toEqual({ is_removed: true })
    expect(await state(appToken)).toMatchObject({ is_two_factor_enabled_for_user: false })

    const mail = await registerUser(t)
    const send = (token: string, purpose: 'sign_in' | 'confirm') => t.call('/auth/two-factor/generate-code', json({ token: '', provider_code: 'email', purpose }, bearer(token)))
    const mailedCode = async () => (await latestMail(t, mail.email, 'two-factor-code')).match(/\b(\d{6})\b/)?.[1] ?? ''
    expect((await send(mail.session.access_token, 'sign_in')).status).toBe(200)
    const enrolled = await verify(mail.session.access_token, { two_factor_code: await mailedCode(), provider_code: 'email', password: strongPassword })
    const mailToken = VerifyCodeResult.parse(await enrolled.json()).session.access_token
    expect((await send(mailToken, 'confirm')).status).toBe(200)
    const code = await mailedCode()
    const wrong = await disable(mailToken, { two_factor_code: code === '000000' ? '111111' : '000000' })
    expect(Object.keys(await fieldsOf(wrong))).toEqual(['two_factor_code'])
    expect(await state(mailToken)).toMatchObject({ is_two_factor_enabled_for_user: true })
    expect(RemoveResult.parse(await (await disable(mailToken, { two_factor_code: code })).json())).toEqual({ is_removed: true })
    expect(await state(mailToken)).toMatchObject({ is_two_factor_enabled_for_user: false })
  })

  it('still asks the second step after a password reset (a reset never bypasses two-factor)', async () => {
    const { session, email } = await registerUser(t)
    await enrolAuthenticator(session.access_token)
    expect((await t.call('/auth/generate-reset-token', json({ email, token: '' }))).status).toBe(200)
    const link = new URL((await latestMail(t, email, 'password-reset')).match(/https?:\/\/\S+/)?.[0] ?? '')
    const fresh = 'amber lanterns over sibiu'
    const reset = await t.call('/auth/reset-password', json({ email, reset_token: link.searchParams.get('reset_token'), password: fresh, password_confirmation: fresh, token: '' }))
    expect(reset.status).toBe(200)
    const res = await login(t, email, fresh, '192.0.2.77')
    const pending = AuthSession.parse(await res.json())
    expect(pending.is_two_factor_enabled).toBe(true)
    expect(await state(pending.access_token)).toMatchObject({ is_two_factor_enabled_for_user: true, is_active: false })
    expect((await privateCall(pending.access_token)).status).toBe(403)
  })

  it('limits code guesses per user with 429 and Retry-After', async () => {
    const { session } = await registerUser(t)
    await t.call('/auth/two-factor/generate-qr-code', { headers: bearer(session.access_token) })
    const guess = () => verify(session.access_token, { two_factor_code: '000000', provider_code: 'authenticator', password: strongPassword })
    for (let i = 0; i < 5; i++) expect(Object.keys(await fieldsOf(await guess()))).toEqual(['two_factor_code'])
    const limited = await guess()
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('limits authenticator enrolments (new QR codes) per user with 429 and Retry-After', async () => {
    const { session } = await registerUser(t)
    const qr = () => t.call('/auth/two-factor/generate-qr-code', { headers: bearer(session.access_token) })
    for (let i = 0; i < 10; i++) expect((await qr()).status).toBe(200)
    const limited = await qr()
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('needs a session for every two-factor call but the provider list', async () => {
    for (const [path, init] of [
      ['/auth/two-factor/generate-qr-code', {}],
      ['/two-factor-auth-providers/user', {}],
      ['/auth/two-factor/check-active-session', json({})],
      ['/auth/two-factor/verify-code', json({ token: '', two_factor_code: '123456', provider_code: 'email' })],
      ['/auth/two-factor/generate-code', json({ token: '', provider_code: 'email' })],
      ['/auth/two-factor/remove', json({ token: '', recovery_key: 'AAAAA-BBBBB-CCCCC-DDDDD' })],
      ['/auth/two-factor/disable', json({ password: 'x' })],
    ] as const) {
      expect((await t.call(path, init)).status, path).toBe(401)
    }
  })

  async function userId(email: string): Promise<string> {
    const [row] = await t.deps.database.db.select({ id: users.id }).from(users).where(eq(users.email, email))
    return row!.id
  }
})

describe('two-factor required site-wide', () => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi('pglite', { TWO_FACTOR_REQUIRED: 'true' })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('keeps an account without a second factor out of private routes until it sets one up', async () => {
    const { session } = await registerUser(t)
    expect(TwoFactorSessionState.parse(await (await t.call('/auth/two-factor/check-active-session', json({}, bearer(session.access_token)))).json())).toEqual({
      is_two_factor_auth_enabled: true,
      is_two_factor_enabled_for_user: false,
      is_active: true,
      is_two_factor_auth_required: true,
    })
    const gated = await t.call('/auth/two-factor/disable', json({ password: 'x' }, bearer(session.access_token)))
    expect(gated.status).toBe(403)
    const userOf = async (token: string) => UserLookup.parse(await (await t.call('/auth/user', { headers: bearer(token) })).json()).data
    expect(await userOf(session.access_token)).toBeNull()
    const qr = TwoFactorQrCode.parse(await (await t.call('/auth/two-factor/generate-qr-code', { headers: bearer(session.access_token) })).json())
    const res = await t.call('/auth/two-factor/verify-code', json({ token: '', two_factor_code: totpCode(qr.secret, currentStep()), provider_code: 'authenticator', password: strongPassword }, bearer(session.access_token)))
    const token = VerifyCodeResult.parse(await res.json()).session.access_token
    expect((await t.call('/auth/two-factor/disable', json({ password: 'wrong password here' }, bearer(token)))).status).toBe(422)
    expect((await userOf(token))?.email).toBe(session.user.email)
  })
})
