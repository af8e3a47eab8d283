import { knownValues } from './schema-values'
import { serovalPayload } from './seroval'
import type { ServerFunction } from './targets'

/** The working credentials of the run; requests name which they carry (`Credentials`). */
export interface Identity {
  bearer: string
  /** `name=value` of the web session, for server functions. */
  sessionCookie: string
}

const PASSWORD = 'violet harbour lamps 1879 kettle'
let accounts = 0

/** A fresh address for each call, so per-address limits never refuse the fixtures. */
const someAddress = () => `198.19.${Math.floor(accounts / 250) % 256}.${(accounts % 250) + 1}`

/**
 * `fetch`, tried once more when the connection fails: a kept-alive socket the server closes
 * just as it is reused (its keep-alive timeout) is the client's race, not a finding.
 */
async function fetchAgain(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init)
  } catch {
    return fetch(url, init)
  }
}

async function api(baseUrl: string, path: string, init: { method?: string; bearer?: string; json?: unknown } = {}): Promise<Response> {
  return fetchAgain(`${baseUrl}/api/v1${path}`, {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json', 'x-forwarded-for': someAddress(), ...(init.bearer ? { authorization: `Bearer ${init.bearer}` } : {}) },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  })
}

async function expectOk(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`fixture: ${what} answered ${response.status}: ${(await response.text()).slice(0, 300)}`)
  return response
}

/**
 * A new account of the fuzzer's: registered through the API (its bearer), signed in through the
 * `signIn` server function as a browser would (its session cookie), with a vehicle, a diary entry
 * and a note whose ids the requests may then name, to get past "not found".
 */
export async function newIdentity(baseUrl: string, functions: ServerFunction[]): Promise<Identity> {
  accounts++
  const email = `tester-${process.pid}-${accounts}@example.com`
  const registered = await expectOk(
    await api(baseUrl, '/auth/register', { json: { email, first_name: 'Ioana', last_name: 'Marinescu', password: PASSWORD, password_confirmation: PASSWORD, accept_terms: true, token: '' } }),
    'registration',
  )
  const { access_token: bearer } = (await registered.json()) as { access_token: string }

  const signIn = functions.find((f) => f.name === 'signIn')
  if (!signIn) throw new Error('fixture: the build has no signIn server function')
  const signedIn = await expectOk(
    await fetchAgain(`${baseUrl}/_serverFn/${signIn.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl, 'sec-fetch-site': 'same-origin', 'x-tsr-serverfn': 'true', 'x-forwarded-for': someAddress() },
      body: serovalPayload({ email, password: PASSWORD, token: '' }),
    }),
    'signIn',
  )
  const sessionCookie = signedIn.headers.getSetCookie().map((c) => c.split(';', 1)[0]!).find((c) => /session=./.test(c))
  if (!sessionCookie) throw new Error('fixture: signIn set no session cookie')

  const vehicle = (await (await expectOk(await api(baseUrl, '/vehicles', { bearer, json: { registration_plate: `B${String(accounts).padStart(3, '0')}FUZ` } }), 'vehicle')).json()) as { data: { id: string } }
  const id = vehicle.data.id
  const diary = (await (await expectOk(await api(baseUrl, `/vehicles/${id}/diaries`, { bearer, json: { date: '2026-10-01', category: 'fuel', amount: 25_000 } }), 'diary entry')).json()) as { data: { id: string } }
  const note = (await (await expectOk(await api(baseUrl, `/vehicles/${id}/notes`, { bearer, json: { title: 'Fuzz' } }), 'note')).json()) as { data: { id: string } }
  knownValues.ids.push(id, diary.data.id, note.data.id)
  knownValues.ids.splice(0, Math.max(0, knownValues.ids.length - 30))
  return { bearer, sessionCookie }
}

/** Whether the bearer and the session cookie still work (a fuzzed call may have ended them: sign-out, revocation). */
export async function identityWorks(baseUrl: string, identity: Identity, functions: ServerFunction[]): Promise<boolean> {
  const profile = await api(baseUrl, '/account/profile', { bearer: identity.bearer })
  if (profile.status !== 200) return false
  const listVehicles = functions.find((f) => f.name === 'listVehicles')
  if (!listVehicles) return true
  const call = await fetchAgain(`${baseUrl}/_serverFn/${listVehicles.id}?payload=${encodeURIComponent(serovalPayload({}))}`, {
    headers: { origin: baseUrl, 'sec-fetch-site': 'same-origin', 'x-tsr-serverfn': 'true', cookie: identity.sessionCookie },
  })
  await call.body?.cancel()
  return call.status === 200
}

/** The product and partner codes the API lists, so code parameters sometimes name a real one. */
export async function learnCodes(baseUrl: string): Promise<void> {
  const products = (await (await api(baseUrl, '/products')).json()) as { data?: { code?: string }[] }
  const codes = (products.data ?? []).map((p) => p.code).filter((c): c is string => typeof c === 'string')
  knownValues.codes.push(...codes, 'sandbox', 'netopia', 'EUR', 'RON')
}
