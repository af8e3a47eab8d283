import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serve } from 'srvx/node'
import { parseConfig } from '../../app.config'
import { isBonusMalusClass } from '~/contract/bonus-malus'
import { ClaimsHistoryUnavailable, createClaimsHistoryClient } from '~/server/products/rca/claims-client'
import { sandboxBaseUrl } from '~/server/outside-services'
import { sandboxFetch } from '~/server/sandbox'
import { sandboxClassOf } from '~/server/sandbox/claims-history'
import { createVehicleRegistryClient, VehicleRegistryUnavailable } from '~/server/vehicles/registry-client'
import { cnpBornOn } from '../support/rca'

/** The sandboxes over real HTTP on loopback, as the web app or `npm run start:sandbox` serves them. */
describe('sandboxes: claims history and vehicle registry', () => {
  let server: ReturnType<typeof serve>
  let base: string

  beforeAll(async () => {
    server = serve({ fetch: async (request) => (await sandboxFetch(request)) ?? new Response('not a sandbox', { status: 404 }), port: 0, hostname: '127.0.0.1', silent: true })
    await server.ready()
    base = server.url!.replace(/\/$/, '')
  })
  afterAll(async () => {
    await server?.close(true)
  })

  describe('claims history', () => {
    it('answers a class fixed by the CNP, for persons', async () => {
      const cnp = '1630615123457'
      const first = await fetch(`${base}/sandbox/claims-history/persons/${cnp}`)
      expect(first.status).toBe(200)
      const body = (await first.json()) as { class: string }
      expect(isBonusMalusClass(body.class)).toBe(true)
      expect(body.class).toBe(sandboxClassOf(`person:${cnp}`))
      const again = (await (await fetch(`${base}/sandbox/claims-history/persons/${cnp}`)).json()) as { class: string }
      expect(again.class).toBe(body.class)
    })

    it('spreads classes over many people, most in bonus', () => {
      const classes = Array.from({ length: 400 }, (_, i) => sandboxClassOf(`person:${cnpBornOn('1980-01-01', String(100 + i))}`))
      expect(new Set(classes).size).toBeGreaterThan(8)
      expect(classes.filter((c) => c.startsWith('B') && c !== 'B0').length).toBeGreaterThan(240)
      expect(classes.filter((c) => c.startsWith('M')).length).toBeLessThan(40)
    })

    it('keys companies by CUI and VIN and refuses bad identifiers', async () => {
      const ok = await fetch(`${base}/sandbox/claims-history/companies/RO18547290/vehicles/UU1HSDAC5L5123456`)
      expect(((await ok.json()) as { class: string }).class).toBe(sandboxClassOf('company:18547290:UU1HSDAC5L5123456'))
      expect((await fetch(`${base}/sandbox/claims-history/persons/1630615123458`)).status).toBe(400)
      expect((await fetch(`${base}/sandbox/claims-history/companies/18547291/vehicles/UU1HSDAC5L5123456`)).status).toBe(400)
      expect((await fetch(`${base}/sandbox/claims-history/companies/18547290/vehicles/NOTAVIN`)).status).toBe(400)
      expect((await fetch(`${base}/sandbox/claims-history/nothing`)).status).toBe(404)
      expect((await fetch(`${base}/sandbox/claims-history/persons/1630615123457`, { method: 'POST' })).status).toBe(405)
    })

    it('has a client that maps owners and reports failures and timeouts', async () => {
      // The budget only ends a hang: the sandbox answers at once, however busy the machine.
      const client = createClaimsHistoryClient({ baseUrl: base, timeoutMs: RETRY_BUDGET_MS })
      expect(await client.classFor({ type: 'person', cnp: '1630615123457', driving_licence_since: '1990-01-01', county: 'CJ', locality: 'Cluj' }, 'UU1HSDAC5L5123456')).toBe(
        sandboxClassOf('person:1630615123457'),
      )
      expect(await client.classFor({ type: 'company', cui: '18547290', name: 'X SRL', county: 'B', locality: 'București' }, 'UU1HSDAC5L5123456')).toBe(
        sandboxClassOf('company:18547290:UU1HSDAC5L5123456'),
      )
      const failing = createClaimsHistoryClient({ baseUrl: base, headers: { 'x-sandbox-status': '503' } })
      await expect(failing.personClass('1630615123457')).rejects.toMatchObject({ reason: 'http' })
      const slow = createClaimsHistoryClient({ baseUrl: base, timeoutMs: 100, headers: { 'x-sandbox-delay-ms': '1000' } })
      await expect(slow.personClass('1630615123457')).rejects.toBeInstanceOf(ClaimsHistoryUnavailable)
      await expect(slow.personClass('1630615123457')).rejects.toMatchObject({ reason: 'timeout' })
      await expect(createClaimsHistoryClient({ baseUrl: 'http://127.0.0.1:1' }).personClass('1630615123457')).rejects.toMatchObject({ reason: 'network' })
    })

    it.each([
      ['a timeout', 'slow'],
      ['a 503', 'failing'],
    ] as const)('asks once more after %s, inside its budget, then answers', async (_, first) => {
      const front = await frontOf(base, first)
      try {
        // The second try is cut at what is left of the budget (`withOneRetry`): the answer is the proof both fit in it.
        const client = createClaimsHistoryClient({ baseUrl: front.url, timeoutMs: RETRY_BUDGET_MS })
        expect(await client.personClass('1630615123457')).toBe(sandboxClassOf('person:1630615123457'))
        expect(front.calls()).toBe(2)
      } finally {
        await front.close()
      }
    })

    it('does not ask again after a refusal (4xx)', async () => {
      const refusing = createClaimsHistoryClient({ baseUrl: base, headers: { 'x-sandbox-status': '404' } })
      await expect(refusing.personClass('1630615123457')).rejects.toMatchObject({ reason: 'http', transient: false })
    })
  })

  describe('vehicle registry', () => {
    it('returns the registration-certificate fields for a known plate and VIN', async () => {
      const response = await fetch(`${base}/sandbox/vehicle-registry/vehicles?registration_plate=B%20123%20ABC&vin=UU1HSDAC5L5123456`)
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({
        vehicle: { A: 'B123ABC', B: '2020-03-15', 'D.1': 'DACIA', 'D.3': 'DUSTER', E: 'UU1HSDAC5L5123456', 'F.1': 1870, J: 'M1', 'P.1': 1461, 'P.2': 85, 'P.3': 'MOTORINA', 'S.1': 5 },
      })
    })

    it('answers 404 for an unknown plate or another VIN, 400 without them', async () => {
      expect((await fetch(`${base}/sandbox/vehicle-registry/vehicles?registration_plate=B999ZZZ&vin=UU1HSDAC5L5123456`)).status).toBe(404)
      expect((await fetch(`${base}/sandbox/vehicle-registry/vehicles?registration_plate=B123ABC&vin=WVWZZZCDXNW204518`)).status).toBe(404)
      expect((await fetch(`${base}/sandbox/vehicle-registry/vehicles?registration_plate=B123ABC`)).status).toBe(400)
      expect((await fetch(`${base}/sandbox/vehicle-registry/other`)).status).toBe(404)
    })

    it('has a client that maps certificate fields onto the RCA vehicle', async () => {
      const client = createVehicleRegistryClient({ baseUrl: base, timeoutMs: RETRY_BUDGET_MS }) // a bound on a hang only, as above
      expect(await client.lookup('b-123-abc', 'uu1hsdac5l5123456')).toEqual({
        registration_plate: 'B123ABC',
        vin: 'UU1HSDAC5L5123456',
        category: 'car',
        registration_category: 'M1',
        make: 'DACIA',
        model: 'DUSTER',
        engine_capacity_cc: 1461,
        power_kw: 85,
        total_mass_kg: 1870,
        seats: 5,
        fuel: 'diesel',
        first_registration: '2020-03-15',
      })
      expect(await client.lookup('AR55TIR', 'WMA06XZZ3LM800123')).toMatchObject({ category: 'goods-vehicle', total_mass_kg: 40000 })
      expect(await client.lookup('DB60REM', 'WSMS7480804123456')).toMatchObject({ category: 'trailer', power_kw: 0, seats: 0, fuel: 'other' })
      expect(await client.lookup('B100TSL', 'XP7YGCEJ2PB118742')).toMatchObject({ fuel: 'electric', engine_capacity_cc: 0 })
      expect(await client.lookup('B999ZZZ', 'UU1HSDAC5L5123456')).toBeUndefined()
      const slow = createVehicleRegistryClient({ baseUrl: base, timeoutMs: 100, headers: { 'x-sandbox-delay-ms': '2000' } })
      await expect(slow.lookup('B123ABC', 'UU1HSDAC5L5123456')).rejects.toEqual(expect.objectContaining({ reason: 'timeout' }))
      await expect(slow.lookup('B123ABC', 'UU1HSDAC5L5123456')).rejects.toBeInstanceOf(VehicleRegistryUnavailable)
    })

    it.each([
      ['a timeout', 'slow'],
      ['a 503', 'failing'],
    ] as const)('asks once more after %s, inside its budget, then answers', async (_, first) => {
      const front = await frontOf(base, first)
      try {
        const client = createVehicleRegistryClient({ baseUrl: front.url, timeoutMs: RETRY_BUDGET_MS })
        expect(await client.lookup('B123ABC', 'UU1HSDAC5L5123456')).toMatchObject({ registration_plate: 'B123ABC', power_kw: 85 })
        expect(front.calls()).toBe(2)
      } finally {
        await front.close()
      }
    })
  })

  it('leaves other paths to the app and knows its base URL', async () => {
    expect(await sandboxFetch(new Request('http://x/api/v1/products'))).toBeUndefined()
    expect(await sandboxFetch(new Request('http://x/sandbox/unknown/x'))).toBeUndefined()
    expect(sandboxBaseUrl({ SANDBOX_URL: undefined, PORT: 3101, HOST: '0.0.0.0' })).toBe('http://127.0.0.1:3101')
    expect(sandboxBaseUrl({ SANDBOX_URL: 'http://sandbox.internal:6002/', PORT: 3000, HOST: '0.0.0.0' })).toBe('http://sandbox.internal:6002')
  })

  it('is on by default outside production, off in production unless asked', () => {
    const secrets = { SESSION_SECRET: 'x'.repeat(40), OPERATOR_TOKEN: 'x'.repeat(40), PUSHER_APP_SECRET: 'x'.repeat(40), CAPTCHA_SECRET: 'x'.repeat(40), PAYMENT_PROVIDER: 'netopia', NETOPIA_API_URL: 'https://netopia.test', NETOPIA_API_KEY: 'k', NETOPIA_POS_SIGNATURE: 'pos', NETOPIA_PUBLIC_KEY: 'pem' }
    expect(parseConfig({}, secrets).SANDBOX_ENABLED).toBe(true)
    expect(parseConfig({ SANDBOX_ENABLED: 'false' }, secrets).SANDBOX_ENABLED).toBe(false)
    expect(parseConfig({ APP_ENV: 'production', PUBLIC_URL: 'https://asiguro.example', ...secrets }).SANDBOX_ENABLED).toBe(false)
    expect(parseConfig({ APP_ENV: 'production', PUBLIC_URL: 'https://asiguro.example', SANDBOX_ENABLED: 'true', ...secrets }).SANDBOX_ENABLED).toBe(true)
  })
})

/**
 * A server in front of the sandbox whose first answer fails: it waits past the first try's share
 * of a 2 s budget (`slow`), or answers 503 (`failing`); later calls pass through.
 */
/**
 * The budget of a read asked once more. The first try may take 70 % of it (`retryPlan`), so the
 * second gets what is left: with 2 s that was half a second of real time for a round trip through
 * the front to the sandbox, which a loaded machine missed. With 10 s it has about 2.8 s.
 */
const RETRY_BUDGET_MS = 10_000

/**
 * A front to the sandbox whose first call fails: `failing` answers 503; `slow` never answers, so
 * the client's first try runs out on its own timeout, however fast or slow the machine is.
 */
async function frontOf(base: string, first: 'slow' | 'failing') {
  let calls = 0
  const front = http.createServer((request, response) => {
    calls += 1
    if (calls === 1 && first === 'failing') return void response.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"code":"unavailable","message":"down"}}')
    if (calls === 1) return // held until the client gives up on it
    void fetch(`${base}${request.url}`)
      .then(async (answer) => response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text()))
      .catch(() => response.destroy())
  })
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(front.address() as AddressInfo).port}`,
    calls: () => calls,
    close: () => {
      front.closeAllConnections()
      return new Promise<void>((resolve) => front.close(() => resolve()))
    },
  }
}
