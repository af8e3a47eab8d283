/**
 * A signed-in visitor for the account pages: an account made through the provider API (as the
 * browser tests do, with the ALTCHA proof of work solved here), then the web app's session
 * cookie from its sign-in form, posted the way a browser without JavaScript posts it.
 */
import { randomBytes } from 'node:crypto'
import { solveAltcha, type AltchaChallenge } from '../../src/contract/altcha-solver'

const PASSWORD = 'violet harbour lamps 1879'

async function captchaToken(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/v1/captcha/challenge`)
  const solution = await solveAltcha((await response.json()) as AltchaChallenge)
  if (!solution) throw new Error('the ALTCHA challenge could not be solved')
  return solution
}

/** Registers a new account and answers the `Cookie` header of its web session. */
export async function signedInCookie(origin: string): Promise<string> {
  const email = `budgets-${randomBytes(6).toString('hex')}@example.ro`
  const registered = await fetch(`${origin}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'ro' },
    body: JSON.stringify({ email, first_name: 'Ioana', last_name: 'Marinescu', password: PASSWORD, password_confirmation: PASSWORD, accept_terms: true, token: await captchaToken(origin) }),
  })
  if (registered.status !== 201) throw new Error(`registration answered ${registered.status}: ${await registered.text()}`)

  const page = await (await fetch(`${origin}/authenticate`)).text()
  const action = /<form id="sign-in"[^>]*\saction="([^"]+)"/.exec(page)?.[1]
  if (!action) throw new Error('no sign-in form on /authenticate')
  const form = new FormData()
  form.set('_form', 'sign-in')
  form.set('_return', '/authenticate')
  form.set('email', email)
  form.set('password', PASSWORD)
  form.set('token', await captchaToken(origin))
  const signedIn = await fetch(`${origin}${action}`, { method: 'POST', body: form, redirect: 'manual', headers: { origin } })
  const cookie = signedIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ')
  const orders = await fetch(`${origin}/account/orders`, { headers: { cookie }, redirect: 'manual' })
  await orders.arrayBuffer()
  if (orders.status !== 200) throw new Error(`signed in (${signedIn.status}), but /account/orders answered ${orders.status}`)
  return cookie
}
