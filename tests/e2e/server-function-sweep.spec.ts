/**
 * Access control of every server function, generated from the build's own list of them, so a
 * new one cannot be forgotten: each is public on purpose (listed below) or answers 401 to a
 * visitor without a session, before reading its input; none serves a session the provider
 * ended; and one that names an object of the caller answers 404 to another user.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test'
import { solveAltcha, type AltchaChallenge } from '../../src/contract/altcha-solver'
import { email, password, registerThroughApi } from './support-accounts'
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

/**
 * Private functions whose input names an object of the caller: `of` answers the input that
 * reaches an object of an owner (whose bearer is given; another user gets 404, the owner does
 * not), `sample` a well-formed input naming no object.
 */
const OWNED_OBJECTS: Record<string, { of: (api: APIRequestContext, ownerBearer: string) => Promise<Record<string, string>>; sample: Record<string, string> }> = {
  revokeSession: {
    // One of the owner's sessions (here the API session the bearer belongs to).
    of: async (api, ownerBearer) => {
      const list = (await (await api.get('/api/v1/account/sessions', { headers: { authorization: `Bearer ${ownerBearer}` } })).json()) as { data: { id: string; current: boolean }[] }
      return { id: list.data.find((s) => s.current)!.id }
    },
    sample: { id: '00000000-0000-4000-8000-000000000000' },
  },
}

/** Private functions whose input holds an id that names no object of a user. Adding one here is a decision. */
const NOT_OBJECT_IDS = new Set([
  'authorizeChannel', // `socket_id` is the caller's own connection; channels are checked by the provider (tests/realtime/authorization.test.ts)
])

/** The server functions of the build: Start's manifest in the server bundle maps each id to its export. */
function builtServerFunctions(): { id: string; name: string }[] {
  const bundle = readFileSync('dist/server/server.js', 'utf8')
  return [...bundle.matchAll(/"([0-9a-f]{64})":\s*\{\s*functionName:\s*"(\w+)_createServerFn_handler"/g)].map(([, id, name]) => ({ id: id!, name: name! }))
}

/** Server functions whose input (the `validator`'s parameter type in the source) has a field named `id`, `…_id` or `…Id`. */
function functionsTakingIds(): string[] {
  const files = readdirSync('src', { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.functions.ts'))
  return files.flatMap((file) =>
    readFileSync(path.join('src', file), 'utf8')
      .split(/^export const /m)
      .slice(1)
      .filter((block) => /\.validator\(\(input: [^)]*\b(id|\w+_id|\w+Id)\b/.test(block))
      .map((block) => block.split(/\s/, 1)[0]!),
  )
}

/** `{ data }` with string fields, in Seroval's JSON form: the payload format of Start's server-function calls. */
const payloadOf = (fields: Record<string, string>) =>
  JSON.stringify({ t: { t: 10, i: 0, p: { k: ['data'], v: [{ t: 10, i: 1, p: { k: Object.keys(fields), v: Object.values(fields).map((s) => ({ t: 1, s })) }, o: 0 }] }, o: 0 }, f: 127, m: [] })
const EMPTY_PAYLOAD = payloadOf({})
/** Same-origin headers, as a browser on this site sends them, so the CSRF check passes. */
const SAME_ORIGIN = { origin: BASE_URL, 'sec-fetch-site': 'same-origin', 'x-tsr-serverfn': 'true' }

/** Calls a server function by POST, or by GET when it is a GET function. */
async function callFunction(client: APIRequestContext, fn: { id: string }, payload = EMPTY_PAYLOAD, headers: Record<string, string> = {}): Promise<APIResponse> {
  const response = await client.post(`/_serverFn/${fn.id}`, { headers: { ...SAME_ORIGIN, ...headers, 'content-type': 'application/json' }, data: payload })
  if (response.status() !== 405) return response
  return client.get(`/_serverFn/${fn.id}?payload=${encodeURIComponent(payload)}`, { headers: { ...SAME_ORIGIN, ...headers } })
}

/** A bearer of the account through the API (for the fixtures and to end sessions), captcha solved as a browser would. */
async function apiBearer(api: APIRequestContext, address: string): Promise<string> {
  const challenge = (await (await api.get('/api/v1/captcha/challenge')).json()) as AltchaChallenge
  const response = await api.post('/api/v1/auth/login', { data: { email: address, password, token: await solveAltcha(challenge) } })
  expect(response.status(), await response.text()).toBe(200)
  return ((await response.json()) as { access_token: string }).access_token
}

test('every server function is public on purpose or answers 401 without a session', async ({ playwright }) => {
  const functions = builtServerFunctions()
  expect(functions.length).toBeGreaterThan(15)
  const names = new Set(functions.map((f) => f.name))
  expect([...PUBLIC_FUNCTIONS].filter((name) => !names.has(name)), 'listed public functions that no longer exist').toEqual([])

  // A fresh client: no cookies at all.
  const anonymous = await playwright.request.newContext({ baseURL: BASE_URL })
  const privateOnes = functions.filter((f) => !PUBLIC_FUNCTIONS.has(f.name))
  expect(privateOnes.length).toBeGreaterThan(3)
  for (const fn of privateOnes) {
    const response = await callFunction(anonymous, fn)
    expect(response.status(), `${fn.name}: ${(await response.text()).slice(0, 200)}`).toBe(401)
  }
  await anonymous.dispose()
})

test('no private server function serves a session the provider ended: the cookie is refused and cleared', async ({ browser, request, playwright }) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  const address = email()
  await registerThroughApi(page, request, address)
  const cookie = (await context.cookies()).find((c) => c.name.endsWith('asiguro_session'))
  expect(cookie).toBeDefined()
  // Signed out elsewhere: the other device ends every session but its own.
  const bearer = await apiBearer(request, address)
  expect((await request.post('/api/v1/account/sessions/revoke-others', { headers: { authorization: `Bearer ${bearer}` } })).status()).toBe(200)
  await context.close()

  // Every call carries the ended session's sealed cookie (the client keeps no cookie of its own).
  const client = await playwright.request.newContext({ baseURL: BASE_URL })
  for (const fn of builtServerFunctions().filter((f) => !PUBLIC_FUNCTIONS.has(f.name))) {
    const input = OWNED_OBJECTS[fn.name]?.sample ?? {}
    const response = await callFunction(client, fn, payloadOf(input), { cookie: `${cookie!.name}=${cookie!.value}` })
    expect(response.status(), `${fn.name}: ${(await response.text()).slice(0, 200)}`).toBe(401)
    // The browser is signed out too (the redirect it follows names the sign-in page).
    const cleared = response.headersArray().filter((h) => h.name.toLowerCase() === 'set-cookie' && h.value.startsWith(`${cookie!.name}=`))
    expect(cleared.map((h) => h.value).join(), fn.name).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i)
  }
  await client.dispose()
})

test('a server function that names an object answers 404 to another user, and the owner gets through', async ({ browser, request }) => {
  const unlisted = functionsTakingIds().filter((name) => !OWNED_OBJECTS[name] && !NOT_OBJECT_IDS.has(name))
  expect(unlisted, 'server functions taking an id need an OWNED_OBJECTS fixture (or a reason in NOT_OBJECT_IDS)').toEqual([])
  const built = builtServerFunctions()
  const signedInBrowser = async (address: string) => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await registerThroughApi(page, request, address)
    return { context, client: page.request }
  }
  for (const [name, owned] of Object.entries(OWNED_OBJECTS)) {
    const fn = built.find((f) => f.name === name)
    expect(fn, name).toBeDefined()
    const ownerAddress = email()
    const owner = await signedInBrowser(ownerAddress)
    const stranger = await signedInBrowser(email())
    const ownerBearer = await apiBearer(request, ownerAddress)
    const payload = payloadOf(await owned.of(request, ownerBearer))

    const refused = await callFunction(stranger.client, fn!, payload)
    expect(refused.status(), `${name} as another user: ${(await refused.text()).slice(0, 200)}`).toBe(404)
    expect((await request.get('/api/v1/account/profile', { headers: { authorization: `Bearer ${ownerBearer}` } })).status(), 'the owner’s object is untouched').toBe(200)
    const allowed = await callFunction(owner.client, fn!, payload)
    expect(allowed.status(), `${name} as the owner: ${(await allowed.text()).slice(0, 200)}`).toBe(200)
    await owner.context.close()
    await stranger.context.close()
  }
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
