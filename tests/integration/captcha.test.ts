import { createHmac } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { solveAltcha } from '~/contract/altcha-solver'
import { CaptchaChallenge } from '~/contract/captcha'
import { createChallenge } from '~/server/captcha/captcha'
import { captchaUses } from '~/server/db/schema'
import { databaseKinds, errorOf, json, startTestApi, statusesOf, type TestApi } from '../support/api'

const consent = { necessary: true, preferences: false, analytics: true, marketing: false }
const contact = { name: 'Ana Popescu', email: 'ana@example.ro', topic: 'other', message: 'Aș dori să fiu contactată.' }
const decode = (token: string) => JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as Record<string, unknown>
const encode = (solution: object) => Buffer.from(JSON.stringify(solution)).toString('base64')

describe.each(databaseKinds)('ALTCHA captcha on %s', (kind) => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi(kind, { CAPTCHA_PROVIDER: 'altcha', CAPTCHA_ALTCHA_MAX_NUMBER: '2000' })
  })
  afterAll(async () => {
    await t?.close()
  })

  const solve = async (challenge: CaptchaChallenge) => {
    const token = await solveAltcha(challenge)
    if (!token) throw new Error('unsolvable challenge')
    return token
  }
  const solved = async () => solve(CaptchaChallenge.parse(await (await t.call('/captcha/challenge')).json()))

  it('issues signed challenges that expire in ten minutes and are never cached', async () => {
    const asked = Math.floor(Date.now() / 1000)
    const res = await t.call('/captcha/challenge')
    const answered = Math.floor(Date.now() / 1000)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(statusesOf(res).id).toBeGreaterThan(0)
    const challenge = CaptchaChallenge.parse(await res.json())
    expect(challenge.maxnumber).toBe(2000)
    expect(challenge.signature).toBe(createHmac('sha256', t.config.CAPTCHA_SECRET).update(challenge.challenge).digest('hex'))
    const expires = Number(/\?expires=(\d+)$/.exec(challenge.salt)?.[1])
    // Ten minutes from when it was made, however long the call took.
    expect(expires).toBeGreaterThanOrEqual(asked + 600)
    expect(expires).toBeLessThanOrEqual(answered + 600)
    const other = CaptchaChallenge.parse(await (await t.call('/captcha/challenge')).json())
    expect(other.salt).not.toBe(challenge.salt)
  })

  it('accepts a solved challenge once and refuses its replay, on any protected form', async () => {
    const token = await solved()
    expect((await t.call('/cookie-consents', json({ consent, token }))).status).toBe(201)
    const replay = await t.call('/cookie-consents', json({ consent, token }, { 'accept-language': 'en' }))
    expect(replay.status).toBe(422)
    expect(statusesOf(replay).id).toBeGreaterThan(0)
    expect(await errorOf(replay)).toEqual({ code: 422, message: { token: ['The anti-robot check failed. Please try again.'] }, pretty_message: 'Some fields are not valid.' })
    const elsewhere = await t.call('/contact-messages', json({ ...contact, token }, { 'accept-language': 'fr' }))
    expect(elsewhere.status).toBe(422)
    expect((await errorOf(elsewhere)).message).toEqual({ token: ['La vérification anti-robot a échoué. Veuillez réessayer.'] })
  })

  it('accepts two different solutions concurrently, but one solution only once', async () => {
    const [a, b] = await Promise.all([solved(), solved()])
    const answers = await Promise.all([a, b, a].map((token) => t.call('/cookie-consents', json({ consent, token }))))
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 422])
  })

  it('refuses missing, malformed and forged solutions', async () => {
    const token = await solved()
    const solution = decode(token)
    const forged = [
      '',
      'not-base64!',
      Buffer.from('{"not":"a solution"}').toString('base64'),
      encode({ ...solution, number: Number(solution.number) + 1 }),
      encode({ ...solution, algorithm: 'SHA-1' }),
      encode({ ...solution, signature: 'a'.repeat(64) }),
      // A later expiry written into the salt breaks the hash the signature covers.
      encode({ ...solution, salt: String(solution.salt).replace(/expires=\d+/, `expires=${Math.floor(Date.now() / 1000) + 86_400}`) }),
    ]
    for (const bad of forged) {
      const res = await t.call('/contact-messages', json({ ...contact, token: bad }, { 'accept-language': 'ro' }))
      expect(res.status, bad).toBe(422)
      expect((await errorOf(res)).message, bad).toEqual({ token: ['Verificarea anti-robot nu a reușit. Vă rugăm să încercați din nou.'] })
    }
    // The genuine solution still works: the refused attempts did not use it up.
    expect((await t.call('/contact-messages', json({ ...contact, token }))).status).toBe(201)
  })

  it('refuses a solution signed with another secret', async () => {
    const foreign = createChallenge({ CAPTCHA_SECRET: 'another-secret-of-some-length', CAPTCHA_ALTCHA_MAX_NUMBER: 1000 })
    expect((await t.call('/cookie-consents', json({ consent, token: await solve(foreign) }))).status).toBe(422)
  })

  it('refuses a genuine solution of an expired challenge', async () => {
    const expired = createChallenge(t.config, Date.now() - 11 * 60 * 1000)
    const token = await solve({ ...expired, maxnumber: 2000 })
    const res = await t.call('/cookie-consents', json({ consent, token }, { 'accept-language': 'en' }))
    expect(res.status).toBe(422)
    expect((await errorOf(res)).message).toEqual({ token: ['The anti-robot check failed. Please try again.'] })
  })

  it('forgets used solutions once their challenge has expired', async () => {
    await t.deps.database.db.insert(captchaUses).values({ signature: 'f'.repeat(64), expiresAt: new Date(Date.now() - 1000) })
    expect((await t.call('/cookie-consents', json({ consent, token: await solved() }))).status).toBe(201)
    const left = await t.deps.database.db.select().from(captchaUses)
    expect(left.map((r) => r.signature)).not.toContain('f'.repeat(64))
    expect(left.every((r) => r.expiresAt.getTime() > Date.now())).toBe(true)
  })
})

describe.each(databaseKinds)('reCAPTCHA and Turnstile verification against a local verify endpoint on %s', (kind) => {
  let server: Server
  let verifyUrl: string
  const seen: URLSearchParams[] = []
  beforeAll(async () => {
    // Answers like Google's and Cloudflare's siteverify: form body in, `{success}` out.
    server = createServer((req, res) => {
      let body = ''
      req.on('data', (chunk: Buffer) => (body += chunk.toString()))
      req.on('end', () => {
        const form = new URLSearchParams(body)
        seen.push(form)
        if (form.get('response') === 'provider-down') {
          res.statusCode = 500
          res.end('oops')
          return
        }
        res.setHeader('content-type', 'application/json')
        res.end(JSON.stringify({ success: form.get('response') === 'good-token', 'error-codes': [] }))
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    verifyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`
  })
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve))
  })

  for (const provider of ['recaptcha', 'turnstile'] as const) {
    describe(provider, () => {
      let t: TestApi
      beforeAll(async () => {
        t = await startTestApi(kind, { CAPTCHA_PROVIDER: provider, CAPTCHA_VERIFY_URL: verifyUrl })
      })
      afterAll(async () => {
        await t?.close()
      })

      it('passes the token, the secret and the visitor address, and follows the answer', async () => {
        seen.length = 0
        expect((await t.call('/cookie-consents', json({ consent, token: 'good-token' }, { 'x-forwarded-for': '203.0.113.5' }))).status).toBe(201)
        expect(Object.fromEntries(seen[0] ?? [])).toEqual({ secret: t.config.CAPTCHA_SECRET, response: 'good-token', remoteip: '203.0.113.5' })
        const refused = await t.call('/contact-messages', json({ ...contact, token: 'bad-token' }, { 'accept-language': 'en' }))
        expect(refused.status).toBe(422)
        expect((await errorOf(refused)).message).toEqual({ token: ['The anti-robot check failed. Please try again.'] })
      })

      it('refuses without asking when the token is empty, and when the provider fails', async () => {
        seen.length = 0
        expect((await t.call('/cookie-consents', json({ consent, token: '' }))).status).toBe(422)
        expect(seen).toHaveLength(0)
        expect((await t.call('/cookie-consents', json({ consent, token: 'provider-down' }))).status).toBe(422)
      })
    })
  }

  it('refuses when the verify endpoint cannot be reached', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const t = await startTestApi(kind, { CAPTCHA_PROVIDER: 'recaptcha', CAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify` })
    try {
      expect((await t.call('/cookie-consents', json({ consent, token: 'good-token' }))).status).toBe(422)
    } finally {
      await t.close()
    }
  })
})

describe.each(databaseKinds)('captcha provider none on %s', (kind) => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi(kind)
  })
  afterAll(async () => {
    await t?.close()
  })

  it('accepts any token (automated tests only; production refuses the setting)', async () => {
    expect(t.config.CAPTCHA_PROVIDER).toBe('none')
    for (const token of ['', 'anything']) expect((await t.call('/cookie-consents', json({ consent, token }))).status).toBe(201)
  })
})
