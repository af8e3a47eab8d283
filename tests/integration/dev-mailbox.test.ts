/**
 * The development mailbox hands out every user's reset links and codes, and `npm start` runs
 * outside production: it answers only this machine (a loopback client address, decision 40) or
 * the operator token, and is not found for anyone else, nor at all in production.
 * The tests play the one trusted proxy (TRUST_PROXY_HOPS=1), so `X-Forwarded-For` names the client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorOf, readMailbox, serveOverHttp, startTestApi, type TestApi } from '../support/api'
import { bearer, registerUser } from '../support/accounts'

describe('development mailbox', () => {
  let t: TestApi
  let email: string
  beforeAll(async () => {
    t = await startTestApi('pglite')
    email = (await registerUser(t)).email
  })
  afterAll(async () => {
    await t?.close()
  })

  const read = (headers: Record<string, string>, query = `to=${encodeURIComponent(email)}`) => t.call(`/dev/mailbox?${query}`, { headers })
  const kinds = async (res: Response) => ((await res.json()) as { data: { kind: string }[] }).data.map((m) => m.kind)

  it('is not found for a client elsewhere, in the envelope, whatever it sends', async () => {
    const user = (await registerUser(t)).session.access_token
    const callers: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.9' },
      { 'x-forwarded-for': '10.0.0.7' },
      // The client wrote a loopback entry itself; the trusted proxy appended the real address.
      { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' },
      { 'x-forwarded-for': '203.0.113.9', ...bearer(user) },
      { 'x-forwarded-for': '203.0.113.9', ...bearer(`${t.config.OPERATOR_TOKEN}x`) },
      // No address at all (no socket, no proxy entry) is not this machine either.
      {},
    ]
    for (const headers of callers) {
      const res = await read(headers)
      expect(res.status, JSON.stringify(headers)).toBe(404)
      expect(await errorOf(res)).toMatchObject({ code: 404, message: 'not_found' })
    }
    // Not even its validation shows: a malformed query is as unknown as a good one.
    expect((await read({ 'x-forwarded-for': '203.0.113.9' }, 'limit=999')).status).toBe(404)
  })

  it('answers the loopback address, IPv4, IPv6 and IPv4-mapped', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await read({ 'x-forwarded-for': address })
      expect(res.status, address).toBe(200)
      expect(await kinds(res)).toContain('welcome')
    }
    expect(await kinds(await readMailbox(t, email))).toContain('welcome')
  })

  it('answers the operator token from anywhere', async () => {
    const res = await read({ 'x-forwarded-for': '203.0.113.9', ...bearer(t.config.OPERATOR_TOKEN) })
    expect(res.status).toBe(200)
    expect(await kinds(res)).toContain('welcome')
  })

  it('answers a connection from this machine over real HTTP', async () => {
    const server = await serveOverHttp(t)
    try {
      // The peer is 127.0.0.1; with no proxy entry the peer is the client.
      expect((await fetch(`${server.apiUrl}/dev/mailbox?to=${encodeURIComponent(email)}`)).status).toBe(200)
    } finally {
      await server.close()
    }
  })
})

describe('development mailbox in production', () => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi('pglite', {
      APP_ENV: 'production',
      PUBLIC_URL: 'https://asiguro.example',
      CAPTCHA_PROVIDER: 'altcha',
      PAYMENT_PROVIDER: 'netopia',
      NETOPIA_API_URL: 'https://netopia.invalid',
      NETOPIA_API_KEY: 'key',
      NETOPIA_POS_SIGNATURE: 'POS1-SIGN-ATUR-E234',
      NETOPIA_PUBLIC_KEY: 'public-key',
    })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('is not found, even for this machine with the operator token', async () => {
    const res = await t.call('/dev/mailbox?to=a%40example.ro', { headers: { 'x-forwarded-for': '127.0.0.1', ...bearer(t.config.OPERATOR_TOKEN) } })
    expect(res.status).toBe(404)
    expect(await errorOf(res)).toMatchObject({ code: 404, message: 'not_found' })
  })
})
