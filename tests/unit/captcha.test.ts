import { createHash, createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { solveAltcha } from '~/contract/altcha-solver'
import { CaptchaChallenge } from '~/contract/captcha'
import { captchaVerifyUrl, checkAltcha, createChallenge, saltExpiry, verifyCaptcha } from '~/server/captcha/captcha'
import type { Database } from '~/server/db/client'

const secret = 'unit-test-secret-0123456789abcdef'
const config = { CAPTCHA_SECRET: secret, CAPTCHA_ALTCHA_MAX_NUMBER: 1000 }
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64')
const decode = (token: string) => JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as Record<string, unknown>
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const hmac = (text: string, key = secret) => createHmac('sha256', key).update(text).digest('hex')

async function solvedToken(now = Date.now()) {
  const token = await solveAltcha(createChallenge(config, now))
  if (!token) throw new Error('unsolvable')
  return token
}

describe('ALTCHA challenges', () => {
  it('are signed, expire in ten minutes and hide a number up to maxnumber', async () => {
    const now = Date.UTC(2030, 0, 1)
    const challenge = CaptchaChallenge.parse(createChallenge(config, now))
    expect(challenge).toMatchObject({ algorithm: 'SHA-256', maxnumber: 1000 })
    expect(challenge.salt).toMatch(/^[0-9a-f]{24}\?expires=\d+$/)
    expect(saltExpiry(challenge.salt)).toBe(now / 1000 + 600)
    expect(challenge.signature).toBe(hmac(challenge.challenge))
    const token = await solveAltcha(challenge)
    const number = Number(decode(token ?? '').number)
    expect(number).toBeGreaterThanOrEqual(0)
    expect(number).toBeLessThanOrEqual(1000)
    expect(sha256(`${challenge.salt}${number}`)).toBe(challenge.challenge)
  })

  it('reads the expiry of a salt only when it is a plain number', () => {
    expect(saltExpiry('abc?expires=1700000000')).toBe(1_700_000_000)
    expect(saltExpiry('abc?x=1&expires=17')).toBe(17)
    for (const salt of ['abc', 'abc?expires=', 'abc?expires=soon', 'abc?expires=1e12', 'abc?expires=-5', 'abc?expires=1234567890123']) expect(saltExpiry(salt), salt).toBeUndefined()
  })

  it('are unsolvable by the solver when the number is beyond maxnumber', async () => {
    const challenge = createChallenge(config)
    const salt = challenge.salt
    const beyond = { ...challenge, challenge: sha256(`${salt}5000`) }
    expect(await solveAltcha({ ...beyond, maxnumber: 10 })).toBeNull()
  })
})

describe('checkAltcha', () => {
  it('accepts a genuine solution, with its signature and expiry', async () => {
    const now = Date.now()
    const token = await solvedToken(now)
    const verdict = checkAltcha(token, secret, now)
    expect(verdict).toEqual({ ok: true, signature: decode(token).signature, expiresAt: new Date((Math.floor(now / 1000) + 600) * 1000) })
  })

  it('refuses tokens that are not base64 JSON of a solution', () => {
    expect(checkAltcha('%%%', secret)).toEqual({ ok: false, reason: 'not base64 JSON' })
    expect(checkAltcha('', secret)).toEqual({ ok: false, reason: 'not base64 JSON' })
    expect(checkAltcha(encode({ hello: 'world' }), secret)).toEqual({ ok: false, reason: 'bad shape' })
    expect(checkAltcha(encode([1, 2]), secret)).toEqual({ ok: false, reason: 'bad shape' })
  })

  it('refuses another algorithm, a negative or fractional number, and signatures that are not hex', async () => {
    const solution = decode(await solvedToken())
    for (const change of [{ algorithm: 'SHA-1' }, { number: -1 }, { number: 1.5 }, { signature: 'zz'.repeat(32) }, { signature: 'ab' }, { challenge: 'A'.repeat(64) }]) {
      expect(checkAltcha(encode({ ...solution, ...change }), secret), JSON.stringify(change)).toEqual({ ok: false, reason: 'bad shape' })
    }
  })

  it('refuses an expired solution, one without an expiry, and accepts it up to the last second', async () => {
    const issued = Date.now()
    const token = await solvedToken(issued)
    const expires = (Math.floor(issued / 1000) + 600) * 1000
    expect(checkAltcha(token, secret, expires).ok).toBe(true)
    expect(checkAltcha(token, secret, expires + 1)).toEqual({ ok: false, reason: 'expired' })
    const solution = decode(token)
    const salt = 'abcdef0123456789'
    const noExpiry = { ...solution, salt, challenge: sha256(`${salt}7`), number: 7, signature: hmac(sha256(`${salt}7`)) }
    expect(checkAltcha(encode(noExpiry), secret)).toEqual({ ok: false, reason: 'expired' })
  })

  it('refuses a wrong number, an altered salt, a forged or foreign signature', async () => {
    const solution = decode(await solvedToken())
    expect(checkAltcha(encode({ ...solution, number: Number(solution.number) + 1 }), secret)).toEqual({ ok: false, reason: 'wrong number' })
    const later = String(solution.salt).replace(/expires=\d+/, `expires=${Math.floor(Date.now() / 1000) + 86_400}`)
    expect(checkAltcha(encode({ ...solution, salt: later }), secret)).toEqual({ ok: false, reason: 'wrong number' })
    expect(checkAltcha(encode({ ...solution, signature: '0'.repeat(64) }), secret)).toEqual({ ok: false, reason: 'bad signature' })
    expect(checkAltcha(encode(solution), 'another-secret-of-enough-length')).toEqual({ ok: false, reason: 'bad signature' })
    // Recomputing the hash for a chosen salt does not help without the key.
    const salt = `${'0'.repeat(24)}?expires=${Math.floor(Date.now() / 1000) + 86_400}`
    const forged = { ...solution, salt, number: 1, challenge: sha256(`${salt}1`) }
    expect(checkAltcha(encode(forged), secret)).toEqual({ ok: false, reason: 'bad signature' })
  })
})

describe('verifyCaptcha', () => {
  // `none` and the early refusals never touch the database.
  const db = {} as Database

  it('accepts anything with provider none', async () => {
    for (const token of ['', 'x']) expect(await verifyCaptcha(token, { config: { CAPTCHA_PROVIDER: 'none', CAPTCHA_SECRET: secret, CAPTCHA_VERIFY_URL: undefined }, db })).toEqual({ ok: true })
  })

  it('refuses a bad ALTCHA token before recording anything', async () => {
    expect(await verifyCaptcha('nope', { config: { CAPTCHA_PROVIDER: 'altcha', CAPTCHA_SECRET: secret, CAPTCHA_VERIFY_URL: undefined }, db })).toMatchObject({ ok: false })
  })

  it('refuses an empty reCAPTCHA or Turnstile token without asking the provider', async () => {
    for (const provider of ['recaptcha', 'turnstile'] as const) {
      expect(await verifyCaptcha('', { config: { CAPTCHA_PROVIDER: provider, CAPTCHA_SECRET: secret, CAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/never' }, db })).toEqual({ ok: false, reason: 'empty' })
    }
  })

  it('asks the provider’s public endpoint unless CAPTCHA_VERIFY_URL is set', () => {
    expect(captchaVerifyUrl({ CAPTCHA_VERIFY_URL: undefined }, 'recaptcha')).toBe('https://www.google.com/recaptcha/api/siteverify')
    expect(captchaVerifyUrl({ CAPTCHA_VERIFY_URL: undefined }, 'turnstile')).toBe('https://challenges.cloudflare.com/turnstile/v0/siteverify')
    expect(captchaVerifyUrl({ CAPTCHA_VERIFY_URL: 'http://127.0.0.1:4000/verify' }, 'turnstile')).toBe('http://127.0.0.1:4000/verify')
  })
})
