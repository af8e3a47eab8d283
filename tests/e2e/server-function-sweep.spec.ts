/**
 * Access control of every server function, generated from the build's own list of them, so a
 * new one cannot be forgotten: each is public on purpose (listed below) or answers 401 to a
 * visitor without a session, before reading its input.
 */
import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { BASE_URL } from './support'

/** Server functions anyone may call. Adding one here is a decision. */
const PUBLIC_FUNCTIONS = new Set([
  'getNavigationContext',
  'listProducts',
  'getPartner',
  'getCaptchaChallenge',
  'getMaintenanceStatus',
  'saveConsent',
  'recordPageView',
  'sendContactMessage',
  'signIn',
  'register',
  'finishGoogleSignIn', // the answer of Google's sign-in page, checked against the state cookie
  'signOut', // signing out must always work, with or without a session
  'requestPasswordReset',
  'resetPassword',
  'confirmEmail', // the token of the mailed link is the credential
])

/** The server functions of the build: Start's manifest in the server bundle maps each id to its export. */
function builtServerFunctions(): { id: string; name: string }[] {
  const bundle = readFileSync('dist/server/server.js', 'utf8')
  return [...bundle.matchAll(/"([0-9a-f]{64})":\s*\{\s*functionName:\s*"(\w+)_createServerFn_handler"/g)].map(([, id, name]) => ({ id: id!, name: name! }))
}

/** `{ data: {} }` in Seroval's JSON form, the payload format of Start's server-function calls. */
const EMPTY_PAYLOAD = '{"t":{"t":10,"i":0,"p":{"k":["data"],"v":[{"t":10,"i":1,"p":{"k":[],"v":[]},"o":0}]},"o":0},"f":127,"m":[]}'

test('every server function is public on purpose or answers 401 without a session', async ({ playwright }) => {
  const functions = builtServerFunctions()
  expect(functions.length).toBeGreaterThan(15)
  const names = new Set(functions.map((f) => f.name))
  expect([...PUBLIC_FUNCTIONS].filter((name) => !names.has(name)), 'listed public functions that no longer exist').toEqual([])

  // A fresh client: no cookies at all. Same-origin headers, as a browser sends them, so CSRF passes.
  const anonymous = await playwright.request.newContext({ baseURL: BASE_URL })
  const headers = { origin: BASE_URL, 'sec-fetch-site': 'same-origin', 'x-tsr-serverfn': 'true' }
  const privateOnes = functions.filter((f) => !PUBLIC_FUNCTIONS.has(f.name))
  expect(privateOnes.length).toBeGreaterThan(3)
  for (const fn of privateOnes) {
    let response = await anonymous.post(`/_serverFn/${fn.id}`, { headers: { ...headers, 'content-type': 'application/json' }, data: EMPTY_PAYLOAD })
    if (response.status() === 405) response = await anonymous.get(`/_serverFn/${fn.id}?payload=${encodeURIComponent(EMPTY_PAYLOAD)}`, { headers })
    expect(response.status(), `${fn.name}: ${(await response.text()).slice(0, 200)}`).toBe(401)
  }
  await anonymous.dispose()
})

test('a server function called from another site is refused (CSRF), whatever it is', async ({ playwright }) => {
  const signIn = builtServerFunctions().find((f) => f.name === 'signIn')
  expect(signIn).toBeDefined()
  const client = await playwright.request.newContext({ baseURL: BASE_URL })
  const call = (headers: Record<string, string>) =>
    client.post(`/_serverFn/${signIn!.id}`, { headers: { 'x-tsr-serverfn': 'true', 'content-type': 'application/json', ...headers }, data: EMPTY_PAYLOAD })
  expect((await call({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).status()).toBe(403)
  expect((await call({ origin: 'https://evil.example' })).status()).toBe(403)
  expect((await call({})).status()).toBe(403) // no Origin and no Sec-Fetch-Site: not a browser on this site
  expect((await call({ origin: BASE_URL, 'sec-fetch-site': 'same-origin' })).status()).not.toBe(403)
  await client.dispose()
})
