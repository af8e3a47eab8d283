/**
 * Guessable passwords are refused by strength (zxcvbn score with the brand and the person's own
 * data, decision 66) at registration, reset and change alike, with a translated message on the
 * password field that says what to type instead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../support/api'
import { bearer, fieldsOf, json, latestMail, newEmail, registerUser, strongPassword } from '../support/accounts'

const GUESSABLE = ['qwertyuiopas', 'asiguro12345', 'letmeinletme', 'correcthorse', 'Bucuresti2024', 'a1b2c3d4e5f6']
const STRONG = 'copper kites over danube'

const SAYS_WHAT_TO_TYPE = {
  ro: 'Parola este prea ușor de ghicit. Scrieți trei sau patru cuvinte fără legătură între ele',
  en: 'This password is too easy to guess. Type three or four unrelated words',
  fr: 'Ce mot de passe est trop facile à deviner. Tapez trois ou quatre mots sans rapport entre eux',
}

let addresses = 0
const registration = (email: string, password: string) => ({
  email,
  first_name: 'Mirela',
  last_name: 'Dumitrescu',
  phone_number: '0744987654',
  password,
  password_confirmation: password,
  accept_terms: true,
  token: '',
})

describe('password strength through the API', () => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi('pglite')
  })
  afterAll(async () => {
    await t?.close()
  })

  // Each from its own address: registrations are limited per address.
  const register = (body: unknown, language: string) => t.call('/auth/register', json(body, { 'accept-language': language, 'x-forwarded-for': `198.51.100.${++addresses}` }))

  it('refuses each guessable example at registration, in the asked language, and accepts a strong one', async () => {
    for (const [index, password] of GUESSABLE.entries()) {
      const language = (['ro', 'en', 'fr'] as const)[index % 3]!
      const res = await register(registration(newEmail(), password), language)
      expect(res.status, password).toBe(422)
      const fields = await fieldsOf(res)
      expect(Object.keys(fields), password).toEqual(['password'])
      expect(fields.password?.join(' '), password).toContain(SAYS_WHAT_TO_TYPE[language])
    }
    expect((await register(registration(newEmail(), STRONG), 'ro')).status).toBe(201)
  })

  it('counts the person’s own data: the phone and the names are dictionary words', async () => {
    const email = newEmail()
    for (const password of ['Dumitrescu1984', 'mirela0744987654']) {
      const res = await register(registration(email, password), 'en')
      expect(res.status, password).toBe(422)
      expect((await fieldsOf(res)).password?.join(' '), password).toMatch(/too easy to guess|your name, e-mail address or phone/)
    }
  })

  it('refuses them when resetting the password, without spending the link', async () => {
    const { email } = await registerUser(t)
    expect((await t.call('/auth/generate-reset-token', json({ email, token: '' }))).status).toBe(200)
    const link = new URL((await latestMail(t, email, 'password-reset')).match(/https?:\/\/\S+/)?.[0] ?? '')
    const reset = (password: string) => t.call('/auth/reset-password', json({ email, reset_token: link.searchParams.get('reset_token'), password, password_confirmation: password, token: '' }, { 'accept-language': 'fr' }))
    for (const password of GUESSABLE) {
      const res = await reset(password)
      expect(res.status, password).toBe(422)
      expect((await fieldsOf(res)).password?.join(' '), password).toContain(SAYS_WHAT_TO_TYPE.fr)
    }
    expect((await reset(STRONG)).status).toBe(200)
  })

  it('refuses them when changing the password', async () => {
    // Five changes per account per 15 minutes: the examples are shared between two accounts.
    for (const passwords of [GUESSABLE.slice(0, 3), GUESSABLE.slice(3)]) {
      const { session } = await registerUser(t)
      for (const password of passwords) {
        const res = await t.call('/account/password', json({ current_password: strongPassword, password, password_confirmation: password }, { ...bearer(session.access_token), 'accept-language': 'ro' }))
        expect(res.status, password).toBe(422)
        expect((await fieldsOf(res)).password?.join(' '), password).toContain(SAYS_WHAT_TO_TYPE.ro)
      }
      const res = await t.call('/account/password', json({ current_password: strongPassword, password: STRONG, password_confirmation: STRONG }, bearer(session.access_token)))
      expect(res.status, await res.clone().text()).toBe(200)
    }
  })
})
