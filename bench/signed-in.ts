/** What the benches that measure a signed-in visitor share: an account and its session cookie. */
import { readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * The session cookie of a new account, as a browser gets it: registered through the API, signed
 * in by posting the sign-in form to its server function (its id read from the build).
 */
export async function signedInCookie(url: string, checkout: string): Promise<string> {
  const email = `bench-${Date.now()}@example.ro`
  const password = 'blue cactus orbits 42 slowly'
  const registered = await fetch(`${url}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, first_name: 'Ana', last_name: 'Popescu', phone_number: '0722123456', password, password_confirmation: password, accept_terms: true, token: '' }),
  })
  if (registered.status !== 201) throw new Error(`registering the bench account answered ${registered.status}: ${await registered.text()}`)
  const bundle = readFileSync(path.join(checkout, 'dist/server/server.js'), 'utf8')
  const signIn = /"([0-9a-f]{64})":\s*\{\s*functionName:\s*"signIn_createServerFn_handler"/.exec(bundle)?.[1]
  if (!signIn) throw new Error('no sign-in server function in the build')
  const form = new FormData()
  for (const [name, value] of Object.entries({ email, password, token: '' })) form.set(name, value)
  const posted = await fetch(`${url}/_serverFn/${signIn}`, { method: 'POST', body: form, redirect: 'manual', headers: { origin: url, 'sec-fetch-site': 'same-origin' } })
  const cookie = posted.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')
  if (posted.status >= 400 || !cookie) throw new Error(`signing in answered ${posted.status} without a session cookie`)
  return cookie
}
