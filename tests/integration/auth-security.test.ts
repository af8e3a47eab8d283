/** Properties of the accounts API that an attacker would probe: timing of sign-in, and what the logs keep. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { TwoFactorQrCode, VerifyCodeResult } from '~/contract/two-factor'
import { currentStep, totpCode } from '~/server/auth/totp'
import { startTestApi, type TestApi } from '../support/api'
import { bearer, json, login, newEmail, registerUser, strongPassword } from '../support/accounts'

let t: TestApi
beforeAll(async () => {
  t = await startTestApi('pglite')
})
afterAll(async () => {
  await t?.close()
})

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

describe('sign-in timing', () => {
  it('takes about as long for an unknown e-mail as for a wrong password (no account enumeration by time)', async () => {
    const { email } = await registerUser(t)
    await login(t, newEmail(), 'warm up the dummy hash', '198.51.100.200')
    const known: number[] = []
    const unknown: number[] = []
    for (let i = 0; i < 7; i++) {
      let start = performance.now()
      expect((await login(t, email, `wrong password number ${i}`, `198.51.100.${i + 1}`)).status).toBe(422)
      known.push(performance.now() - start)
      start = performance.now()
      expect((await login(t, newEmail(), `wrong password number ${i}`, `198.51.100.${i + 101}`)).status).toBe(422)
      unknown.push(performance.now() - start)
    }
    // Both pay for one argon2id verification (tens of ms); skipping it would make the unknown case ~10× faster.
    const ratio = median(unknown) / median(known)
    expect(ratio, `unknown ${median(unknown).toFixed(1)} ms, known ${median(known).toFixed(1)} ms`).toBeGreaterThan(0.5)
    expect(ratio).toBeLessThan(2)
  })
})

describe('auth events in the log', () => {
  const lines: string[] = []
  let restore: (() => void) | undefined
  const capture = () => {
    const previousLevel = process.env.LOG_LEVEL
    process.env.LOG_LEVEL = 'info'
    const out = process.stdout.write.bind(process.stdout)
    const err = process.stderr.write.bind(process.stderr)
    const grab = (chunk: unknown) => {
      lines.push(String(chunk))
      return true
    }
    process.stdout.write = grab as typeof process.stdout.write
    process.stderr.write = grab as typeof process.stderr.write
    restore = () => {
      process.stdout.write = out
      process.stderr.write = err
      process.env.LOG_LEVEL = previousLevel
    }
  }
  afterEach(() => restore?.())

  it('records sign-in success and failure and two-factor changes as JSON lines without secrets', async () => {
    capture()
    const { email, session } = await registerUser(t)
    expect((await login(t, email, 'a wrong password here', '192.0.2.60')).status).toBe(422)
    const res = await login(t, email, strongPassword, '192.0.2.60')
    const signedIn = (await res.json()) as { access_token: string }
    const qr = TwoFactorQrCode.parse(await (await t.call('/auth/two-factor/generate-qr-code', { headers: bearer(signedIn.access_token) })).json())
    const verified = VerifyCodeResult.parse(
      await (await t.call('/auth/two-factor/verify-code', json({ token: '', two_factor_code: totpCode(qr.secret, currentStep()), provider_code: 'authenticator' }, bearer(signedIn.access_token)))).json(),
    )
    await t.call('/auth/two-factor/disable', json({ password: strongPassword }, bearer(verified.session.access_token)))
    restore?.()

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
