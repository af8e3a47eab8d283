/**
 * The per-address limits count the client address of decision 40, over real HTTP (the peer is
 * the socket's): writing a new `X-Forwarded-For` on every request no longer starts a new count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serve } from 'srvx/node'
import { startTestApi } from '../support/api'
import { newEmail, strongPassword } from '../support/accounts'

/** Each per-address limit: how many calls it lets through, and the n-th call (each for another account). */
const LIMITS: { name: string; max: number; path: string; body: (n: number) => unknown }[] = [
  { name: 'sign-in', max: 30, path: '/auth/login', body: () => ({ email: newEmail(), password: 'a wrong password here', token: '' }) },
  {
    name: 'registration',
    max: 10,
    path: '/auth/register',
    body: () => ({ email: newEmail(), first_name: 'Ana', last_name: 'Popescu', password: strongPassword, password_confirmation: strongPassword, accept_terms: true, token: '' }),
  },
  { name: 'reset request', max: 10, path: '/auth/generate-reset-token', body: () => ({ email: newEmail(), token: '' }) },
  { name: 'e-mail check', max: 30, path: '/users/email-existence-check', body: () => ({ email: newEmail(), token: '' }) },
]

async function servedApi(trustedHops: string) {
  const t = await startTestApi('pglite', { TRUST_PROXY_HOPS: trustedHops })
  const server = serve({ fetch: t.api.fetch, port: 0, hostname: '127.0.0.1', silent: true })
  await server.ready()
  const base = `${server.url!.replace(/\/$/, '')}/api/v1`
  const post = (path: string, body: unknown, forwardedFor: string) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor }, body: JSON.stringify(body) })
  return {
    t,
    post,
    close: async () => {
      await server.close(true)
      await t.close()
    },
  }
}

/** Calls `limit.max` times, each with a new made-up address, and answers the next call. */
async function exhaust(post: (path: string, body: unknown, forwardedFor: string) => Promise<Response>, limit: (typeof LIMITS)[number], chain: (n: number) => string): Promise<Response> {
  for (let n = 0; n < limit.max; n++) {
    const res = await post(limit.path, limit.body(n), chain(n))
    expect(res.status, `${limit.name} #${n + 1}: ${await res.text()}`).not.toBe(429)
  }
  return post(limit.path, limit.body(limit.max), chain(limit.max))
}

const spoofed = (n: number) => `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}`

describe('a server with no proxy in front (TRUST_PROXY_HOPS=0)', () => {
  let api: Awaited<ReturnType<typeof servedApi>>
  beforeAll(async () => {
    api = await servedApi('0')
  })
  afterAll(async () => {
    await api?.close()
  })

  for (const limit of LIMITS) {
    it(`counts ${limit.name} per connection address, ignoring a new X-Forwarded-For on every call`, async () => {
      const limited = await exhaust(api.post, limit, spoofed)
      expect(limited.status).toBe(429)
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    })
  }
})

describe('a server behind one proxy (TRUST_PROXY_HOPS=1)', () => {
  let api: Awaited<ReturnType<typeof servedApi>>
  beforeAll(async () => {
    api = await servedApi('1')
  })
  afterAll(async () => {
    await api?.close()
  })

  it('counts the address the proxy appended, not what the client wrote before it', async () => {
    const limit = LIMITS.find((l) => l.name === 'e-mail check')!
    const limited = await exhaust(api.post, limit, (n) => `${spoofed(n)}, 203.0.113.50`)
    expect(limited.status).toBe(429)
    // Another client behind the same proxy has a count of its own.
    expect((await api.post(limit.path, limit.body(0), '203.0.113.51')).status).toBe(200)
  })
})
