/** Helpers of the integration tests that need accounts: requests, a registered user, the mailbox. */
import { expect, vi } from 'vitest'
import { AuthSession } from '~/contract/auth'
import { errorOf, json, readMailbox, type TestApi } from './api'

export const strongPassword = 'blue cactus orbits 42 slowly'

export { errorOf, json } from './api'
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
export const fieldsOf = async (res: Response) => (await errorOf(res)).message as Record<string, string[]>

let counter = 0
export const newEmail = () => `user${++counter}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.ro`

/** Registers a new account, each from its own address (registrations are limited per IP). */
export async function registerUser(t: TestApi, email = newEmail()): Promise<{ email: string; session: AuthSession }> {
  const res = await t.call(
    '/auth/register',
    json(
      { email, first_name: 'Ana', last_name: 'Popescu', phone_number: '0722123456', password: strongPassword, password_confirmation: strongPassword, accept_terms: true, token: '' },
      { 'x-forwarded-for': `203.0.113.${(counter % 250) + 1}` },
    ),
  )
  expect(res.status, await res.clone().text()).toBe(201)
  return { email, session: AuthSession.parse(await res.json()) }
}

/** Signs in with the form data of spec §7. */
export function login(t: TestApi, email: string, password = strongPassword, ip = '192.0.2.10'): Promise<Response> {
  return t.call('/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
    body: new URLSearchParams({ email, password, token: '' }),
  })
}

/** The newest message of a kind in the development mailbox, once it is there: some mail is written after the answer. */
export async function latestMail(t: TestApi, to: string, kind: string): Promise<string> {
  // A bound on a hang, not a duration the mail must meet: generous, so a busy machine is slower, not red.
  return vi.waitFor(
    async () => {
      const mail = (await (await readMailbox(t, to)).json()) as { data: { kind: string; text: string }[] }
      const message = mail.data.find((m) => m.kind === kind)
      if (!message) throw new Error(`no ${kind} mail to ${to}`)
      return message.text
    },
    { timeout: 60_000, interval: 20 },
  )
}
