/** Properties of the accounts API that an attacker would probe: timing of sign-in, and what the logs keep. */
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { TwoFactorQrCode, VerifyCodeResult } from '~/contract/two-factor'
import { currentStep, totpCode } from '~/server/auth/totp'
import { backgroundSettled } from '~/server/background'
import { passwordResets } from '~/server/db/schema'
import { startTestApi, type TestApi } from '../support/api'
import { logCapture } from '../support/log-capture'
import { bearer, json, login, newEmail, registerUser, strongPassword } from '../support/accounts'
import { startFakeSmtp, type FakeSmtp } from '../support/smtp'

let t: TestApi
beforeAll(async () => {
  t = await startTestApi('pglite')
})
afterAll(async () => {
  await t?.close()
})

/** The least of the samples: other work of the process (jobs, the embedded database) only ever adds to a sample. */
const least = (values: number[]) => Math.min(...values)

/** Milliseconds of CPU this process spent (every thread: argon2 runs on the thread pool); unlike wall time, load on the machine does not inflate it. */
const cpuMs = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

describe('sign-in cost', () => {
  it('costs as much work for an unknown e-mail as for a wrong password (no account enumeration by time)', async () => {
    const { email } = await registerUser(t)
    await login(t, newEmail(), 'warm up the dummy hash', '198.51.100.200')
    const known: number[] = []
    const unknown: number[] = []
    for (let i = 0; i < 9; i++) {
      let start = cpuMs()
      expect((await login(t, email, `wrong password number ${i}`, `198.51.100.${i + 1}`)).status).toBe(422)
      known.push(cpuMs() - start)
      start = cpuMs()
      expect((await login(t, newEmail(), `wrong password number ${i}`, `198.51.100.${i + 101}`)).status).toBe(422)
      unknown.push(cpuMs() - start)
    }
    // Both pay for one argon2id verification (tens of ms of CPU); skipping it would make the unknown case several times cheaper.
    const ratio = least(unknown) / least(known)
    const figures = `unknown ${least(unknown).toFixed(1)} ms, known ${least(known).toFixed(1)} ms of CPU at least`
    expect(ratio, figures).toBeGreaterThan(0.5)
    expect(ratio, figures).toBeLessThan(2)
  })
})

describe('reset requests', () => {
  let smtp: FakeSmtp
  let slowMail: TestApi
  beforeAll(async () => {
    smtp = await startFakeSmtp({ greetingDelayMs: 300 })
    slowMail = await startTestApi('pglite', { SMTP_URL: smtp.url })
  })
  afterAll(async () => {
    await slowMail?.close()
    await smtp?.close()
  })

  // That the answer leaves before the account is looked up and mailed (so a mail server slow to
  // greet shows in no answer) is the next test's, by the state at the moment of the answer.
  it('answers an address with an account exactly as one without, and the links still go out (no enumeration by answer)', async () => {
    let address = 0
    const ask = async (email: string) => {
      await backgroundSettled() // the previous request's work after its answer is done
      const res = await slowMail.call('/auth/generate-reset-token', json({ email, token: '' }, { 'x-forwarded-for': `198.51.100.${++address}` }))
      expect(res.status).toBe(200)
      return await res.text()
    }
    const accounts: string[] = []
    for (let i = 0; i < 3; i++) {
      const { email } = await registerUser(slowMail)
      accounts.push(email)
      expect(await ask(email)).toBe(await ask(newEmail()))
    }
    // The links still go out.
    for (const email of accounts) await expect.poll(() => smtp.messages.filter((m) => m.to.includes(email)).length, { timeout: 60_000 }).toBe(2)
  })

  it('looks the account up and writes its link only after the answer has left', async () => {
    const { session } = await registerUser(slowMail)
    const links = () => slowMail.deps.database.db.select().from(passwordResets).where(eq(passwordResets.userId, session.user.id))
    const res = await slowMail.call('/auth/generate-reset-token', json({ email: session.user.email, token: '' }, { 'x-forwarded-for': '198.51.100.250' }))
    expect(res.status).toBe(200)
    expect(await links(), 'the answer waited for the account').toEqual([])
    await expect.poll(async () => (await links()).length, { timeout: 60_000 }).toBe(1)
  })
})

describe('auth events in the log', () => {
  const { lines, capture, restore } = logCapture('info')
  afterEach(() => restore())

  it('records sign-in success and failure and two-factor changes as JSON lines without secrets', async () => {
    capture()
    const { email, session } = await registerUser(t)
    expect((await login(t, email, 'a wrong password here', '192.0.2.60')).status).toBe(422)
    const res = await login(t, email, strongPassword, '192.0.2.60')
    const signedIn = (await res.json()) as { access_token: string }
    const qr = TwoFactorQrCode.parse(await (await t.call('/auth/two-factor/generate-qr-code', { headers: bearer(signedIn.access_token) })).json())
    const verified = VerifyCodeResult.parse(
      await (await t.call('/auth/two-factor/verify-code', json({ token: '', two_factor_code: totpCode(qr.secret, currentStep()), provider_code: 'authenticator', password: strongPassword }, bearer(signedIn.access_token)))).json(),
    )
    await t.call('/auth/two-factor/disable', json({ password: strongPassword }, bearer(verified.session.access_token)))
    restore()

    const events = lines.flatMap((chunk) => chunk.split('\n').filter(Boolean)).map((line) => JSON.parse(line) as { event: string; level: string; time: string; userId?: string })
    const names = events.map((e) => e.event)
    for (const expected of ['auth.registered', 'auth.login_failed', 'auth.login_succeeded', 'auth.two_factor_enabled', 'auth.two_factor_removed']) expect(names).toContain(expected)
    for (const event of events) expect(event.time).toMatch(/^\d{4}-\d\d-\d\dT/)

    const everything = lines.join('')
    for (const secret of [strongPassword, 'a wrong password here', email, session.access_token, signedIn.access_token, verified.session.access_token, qr.secret, verified.recovery_key!]) {
      expect(everything, 'a secret or an address reached the log').not.toContain(secret)
    }
  })
})
