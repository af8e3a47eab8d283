/**
 * A registration with an address that already has an account: the answer still says the address
 * is taken, and the owner gets a mail in their own language saying someone tried.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuthSession } from '~/contract/auth'
import { backgroundSettled } from '~/server/background'
import { readMailbox, startTestApi, type TestApi } from '../support/api'
import { fieldsOf, json, latestMail, newEmail, strongPassword } from '../support/accounts'

let addresses = 0
const registration = (email: string, firstName: string) => ({
  email,
  first_name: firstName,
  last_name: 'Ionescu',
  password: strongPassword,
  password_confirmation: strongPassword,
  accept_terms: true,
  token: '',
})

describe('registration with a taken address', () => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi('pglite')
  })
  afterAll(async () => {
    await t?.close()
  })

  const register = (email: string, firstName: string, language: string) =>
    t.call('/auth/register', json(registration(email, firstName), { 'accept-language': language, 'x-forwarded-for': `198.51.100.${++addresses}` }))
  const attempts = async (email: string) => ((await (await readMailbox(t, email, 50)).json()) as { data: { kind: string }[] }).data.filter((m) => m.kind === 'registration-attempt')

  it('answers that the address is taken and mails its owner, in the owner’s language', async () => {
    const email = newEmail()
    const owner = await register(email, 'Camille', 'fr')
    expect(owner.status).toBe(201)
    expect(AuthSession.parse(await owner.json()).user.locale).toBe('fr')

    const taken = await register(email, 'Intruder', 'en')
    expect(taken.status).toBe(422)
    expect(await fieldsOf(taken)).toEqual({ email: ['An account with this e-mail address already exists.'] })

    const notice = await latestMail(t, email, 'registration-attempt')
    expect(notice).toContain('Bonjour Camille,')
    expect(notice).toContain('Quelqu’un a essayé de créer un nouveau compte Asiguro avec cette adresse e-mail')
    // A way back in if it was them, and nothing of the person who tried.
    expect(notice).toContain(`/authenticate?mode=forgot&email=${encodeURIComponent(email)}`)
    expect(notice).not.toContain('Intruder')
  })

  it('mails a Romanian owner in Romanian', async () => {
    const email = newEmail()
    expect((await register(email, 'Ioana', 'ro')).status).toBe(201)
    expect((await register(email, 'Ioana', 'fr')).status).toBe(422)
    const notice = await latestMail(t, email, 'registration-attempt')
    expect(notice).toContain('Bună ziua, Ioana,')
    expect(notice).toContain('Cineva a încercat să creeze un cont nou Asiguro cu această adresă de e-mail')
  })

  it('sends at most three notices an hour, however many tries', async () => {
    const email = newEmail()
    expect((await register(email, 'Radu', 'en')).status).toBe(201)
    for (let n = 0; n < 5; n++) expect((await register(email, 'Radu', 'en')).status).toBe(422)
    // The notices are written after each answer: once that work is done, three have landed.
    await backgroundSettled()
    expect(await attempts(email)).toHaveLength(3)
  })
})
