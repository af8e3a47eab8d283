/**
 * The HTTP API through the official `pusher` SDK, and raw `fetch` for requests the SDK refuses
 * to make (signed with the SDK's own `createSignedQueryString`, then tampered). Checklist 23–29.
 */
import PusherServer from 'pusher'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connected, eventually, realtimeModes, record, startAuthEndpoint, startCluster, subscribe, type TestCluster } from './support'

/** The status and body of a request the SDK rejects. */
async function failure(promise: Promise<unknown>): Promise<{ status: number; body: string }> {
  try {
    await promise
  } catch (error) {
    const e = error as { status?: number; body?: string }
    if (e.status) return { status: e.status, body: e.body ?? '' }
    throw error
  }
  throw new Error('the request succeeded')
}

describe.each(realtimeModes)('HTTP API (%s)', (mode) => {
  let cluster: TestCluster
  let auth: Awaited<ReturnType<typeof startAuthEndpoint>>
  beforeAll(async () => {
    cluster = await startCluster(mode)
    auth = await startAuthEndpoint(cluster.sdk(0))
  })
  afterAll(async () => {
    await auth?.close()
    await cluster?.close()
  })

  const as = (userId: string) => cluster.client({ channelAuthorization: { endpoint: auth.url, transport: 'ajax', headers: { Authorization: 'Bearer test-token' }, params: { user_id: userId } } })

  /** A request signed by the SDK for (method, path, body, params), sent as given by `send`. */
  async function signed(
    sdk: PusherServer,
    sign: { method: string; path: string; body?: string; params?: Record<string, string> },
    send: Partial<{ method: string; path: string; body: string; query: (q: string) => string }> = {},
  ): Promise<Response> {
    const fullPath = `/apps/${cluster.appId}${sign.path}`
    const query = sdk.createSignedQueryString({ method: sign.method, path: fullPath, body: sign.body, params: sign.params })
    const url = `${cluster.node(0).url}${send.path ?? fullPath}?${send.query ? send.query(query) : query}`
    const body = send.body ?? sign.body
    return fetch(url, { method: send.method ?? sign.method, body, headers: body ? { 'content-type': 'application/json' } : {} })
  }

  it('checks signatures: wrong secret, tampered body, changed query or path, stale timestamp all answer 401 (23)', async () => {
    const sdk = cluster.sdk(0)
    const body = JSON.stringify({ name: 'e', channels: ['c'], data: '{}' })
    expect((await signed(sdk, { method: 'POST', path: '/events', body })).status).toBe(200)
    const wrong = new PusherServer({ appId: cluster.appId, key: cluster.key, secret: 'wrong-secret', host: '127.0.0.1', port: String(cluster.node(0).port) })
    expect(await failure(wrong.trigger('c', 'e', {}))).toMatchObject({ status: 401, body: expect.stringMatching(/signature/i) })
    const tampered = await signed(sdk, { method: 'POST', path: '/events', body }, { body: body.replace('"e"', '"f"') })
    expect(tampered.status).toBe(401)
    expect(await tampered.text()).toMatch(/body_md5/)
    const query = await signed(sdk, { method: 'GET', path: '/channels', params: { filter_by_prefix: 'presence-' } }, { query: (q) => q.replace('filter_by_prefix=presence-', 'filter_by_prefix=private-') })
    expect(query.status).toBe(401)
    const path = await signed(sdk, { method: 'POST', path: '/events', body }, { path: `/apps/${cluster.appId}/batch_events` })
    expect(path.status).toBe(401)
    const realNow = Date.now
    let stale: string
    try {
      Date.now = () => realNow() - 601_000
      stale = sdk.createSignedQueryString({ method: 'GET', path: `/apps/${cluster.appId}/channels` })
    } finally {
      Date.now = realNow
    }
    const old = await fetch(`${cluster.node(0).url}/apps/${cluster.appId}/channels?${stale}`)
    expect(old.status).toBe(401)
    expect(await old.text()).toMatch(/Timestamp/)
    const unsigned = await fetch(`${cluster.node(0).url}/apps/${cluster.appId}/channels`)
    expect(unsigned.status).toBe(401)
    // Parameter values with commas and dashes are signed unescaped and verify.
    const ok = await cluster.sdk().get({ path: '/channels', params: { filter_by_prefix: 'presence-', info: 'user_count,subscription_count' } })
    expect(ok.status).toBe(200)
  })

  it('answers {} to single- and multi-channel events and enforces the event limits (24)', async () => {
    const client = cluster.client()
    const a = record(await subscribe(client, 'multi-a'))
    const b = record(await subscribe(client, 'multi-b'))
    const sdk = cluster.sdk()
    expect(await (await sdk.trigger('multi-a', 'one', { n: 1 })).json()).toEqual({})
    expect(await (await sdk.trigger(['multi-a', 'multi-b'], 'both', { n: 2 })).json()).toEqual({})
    await eventually(() => a.length === 2 && b.length === 1)
    expect(b[0]).toEqual({ name: 'both', data: { n: 2 } })
    const big = await failure(sdk.trigger('multi-a', 'big', 'x'.repeat(10 * 1024 + 1)))
    expect(big.status).toBe(413)
    expect((await sdk.trigger('multi-a', 'fits', 'x'.repeat(10 * 1024))).status).toBe(200)
    const post = (body: unknown) => signed(sdk, { method: 'POST', path: '/events', body: JSON.stringify(body) })
    const many = Array.from({ length: 101 }, (_, i) => `c${i}`)
    expect((await post({ name: 'e', data: '{}', channels: many })).status).toBe(400)
    expect((await post({ name: 'e', data: '{}', channels: many.slice(0, 100) })).status).toBe(200)
    expect((await post({ name: 'e', data: '{}', channels: [`c${'x'.repeat(200)}`] })).status).toBe(400)
    expect((await post({ name: 'e', data: '{}', channels: ['bad name'] })).status).toBe(400)
    expect((await post({ name: 'x'.repeat(201), data: '{}', channel: 'c' })).status).toBe(400)
    expect((await post({ data: '{}', channel: 'c' })).status).toBe(400)
    expect((await post({ name: 'e', channel: 'c' })).status).toBe(400)
    expect((await post({ name: 'e', data: { not: 'a string' }, channel: 'c' })).status).toBe(400)
    expect((await post({ name: 'e', data: '{}', channel: 'c', socket_id: 'nope' })).status).toBe(400)
    const notJson = await signed(sdk, { method: 'POST', path: '/events', body: '{"name":' })
    expect(notJson.status).toBe(400)
    client.disconnect()
  })

  it('excludes exactly the socket_id given, whichever node it is on (25)', async () => {
    const clients = [cluster.client({ node: 0 }), cluster.client({ node: 1 }), cluster.client({ node: 0 }), cluster.client({ node: 1 })]
    const seen: ReturnType<typeof record>[] = []
    for (const client of clients) seen.push(record(await subscribe(client, 'exclusion')))
    for (const [i, excluded] of clients.entries()) {
      const sdk = cluster.sdk(i)
      await sdk.trigger('exclusion', 'not-for-me', { i }, { socket_id: excluded.connection.socket_id })
      await sdk.triggerBatch([{ channel: 'exclusion', name: 'batch-not-for-me', data: { i }, socket_id: excluded.connection.socket_id }])
      await sdk.trigger('exclusion', 'sentinel', { i })
      await eventually(() => seen.every((s) => s.some((e) => e.name === 'sentinel' && (e.data as { i: number }).i === i)))
    }
    for (const [i, events] of seen.entries()) {
      const got = (name: string) => events.filter((e) => e.name === name).map((e) => (e.data as { i: number }).i)
      const others = [0, 1, 2, 3].filter((n) => n !== i)
      expect(got('not-for-me')).toEqual(others)
      expect(got('batch-not-for-me')).toEqual(others)
    }
    for (const client of clients) client.disconnect()
  })

  it('answers channel attributes with info, on events and batches; batches are capped at 10 (26)', async () => {
    const [x, y, z] = [as('x'), as('y'), as('x')]
    for (const c of [x, y, z]) await subscribe(c, 'presence-26')
    await subscribe(x, 'public-26')
    const sdk = cluster.sdk()
    const response = await sdk.trigger(['presence-26', 'public-26'], 'e', {}, { info: 'user_count,subscription_count' })
    expect(await response.json()).toEqual({ channels: { 'presence-26': { user_count: 2, subscription_count: 3 }, 'public-26': { subscription_count: 1 } } })
    const batch = await sdk.triggerBatch([
      { channel: 'presence-26', name: 'a', data: {}, info: 'user_count' },
      { channel: 'public-26', name: 'b', data: {} },
      { channel: 'empty-26', name: 'c', data: {}, info: 'subscription_count' },
    ])
    expect(await batch.json()).toEqual({ batch: [{ user_count: 2 }, {}, { subscription_count: 0 }] })
    expect(await (await sdk.triggerBatch([{ channel: 'public-26', name: 'b', data: {} }])).json()).toEqual({})
    const eleven = Array.from({ length: 11 }, (_, i) => ({ channel: 'public-26', name: `e${i}`, data: {} }))
    expect((await failure(sdk.triggerBatch(eleven))).status).toBe(400)
    expect((await sdk.triggerBatch(eleven.slice(0, 10))).status).toBe(200)
    for (const c of [x, y, z]) c.disconnect()
  })

  it('lists occupied channels only, with filter_by_prefix and info; user_count needs a presence- filter (27)', async () => {
    const [p, q] = [as('p'), as('q')]
    await subscribe(p, 'presence-27')
    await subscribe(q, 'presence-27')
    await subscribe(p, 'private-27')
    await subscribe(q, 'list-27')
    await subscribe(p, 'list-27')
    const sdk = cluster.sdk()
    const all = (await (await sdk.get({ path: '/channels' })).json()) as { channels: Record<string, unknown> }
    expect(all.channels).toEqual({ 'presence-27': {}, 'private-27': {}, 'list-27': {} })
    const presence = await (await sdk.get({ path: '/channels', params: { filter_by_prefix: 'presence-', info: 'user_count' } })).json()
    expect(presence).toEqual({ channels: { 'presence-27': { user_count: 2 } } })
    const counted = await (await sdk.get({ path: '/channels', params: { filter_by_prefix: 'list-', info: 'subscription_count' } })).json()
    expect(counted).toEqual({ channels: { 'list-27': { subscription_count: 2 } } })
    expect((await failure(sdk.get({ path: '/channels', params: { info: 'user_count' } }))).status).toBe(400)
    expect((await failure(sdk.get({ path: '/channels', params: { info: 'bogus' } }))).status).toBe(400)
    p.disconnect()
    q.disconnect()
    await eventually(async () => JSON.stringify(await (await sdk.get({ path: '/channels' })).json()) === '{"channels":{}}', 5000, 'no channel listed')
  })

  it('describes one channel (occupied, counts) and lists presence users, unique; users only for presence (28)', async () => {
    const [u1, u2, u1again] = [as('u1'), as('u2'), as('u1')]
    for (const c of [u1, u2, u1again]) await subscribe(c, 'presence-28')
    const sdk = cluster.sdk()
    expect(await (await sdk.get({ path: '/channels/presence-28', params: { info: 'user_count,subscription_count' } })).json()).toEqual({ occupied: true, user_count: 2, subscription_count: 3 })
    const users = (await (await sdk.get({ path: '/channels/presence-28/users' })).json()) as { users: { id: string }[] }
    expect(users.users.map((u) => u.id).sort()).toEqual(['u1', 'u2'])
    expect(await (await sdk.get({ path: '/channels/nobody-here', params: { info: 'subscription_count' } })).json()).toEqual({ occupied: false, subscription_count: 0 })
    expect((await failure(sdk.get({ path: '/channels/public-28/users' }))).status).toBe(400)
    expect((await failure(sdk.get({ path: '/channels/public-28', params: { info: 'user_count' } }))).status).toBe(400)
    for (const c of [u1, u2, u1again]) c.disconnect()
    await eventually(async () => ((await (await sdk.get({ path: '/channels/presence-28' })).json()) as { occupied: boolean }).occupied === false, 5000, 'presence-28 empty')
  })

  it('answers 404 for an unknown app id or route, 405 for a wrong method, 413 for a large body (29)', async () => {
    const other = new PusherServer({ appId: 'other-app', key: cluster.key, secret: cluster.secret, host: '127.0.0.1', port: String(cluster.node(0).port) })
    expect((await failure(other.trigger('c', 'e', {}))).status).toBe(404)
    const sdk = cluster.sdk()
    expect((await failure(sdk.get({ path: '/nothing-here' }))).status).toBe(404)
    expect((await failure(sdk.get({ path: '/events' }))).status).toBe(405)
    const huge = JSON.stringify({ name: 'e', channel: 'c', data: 'x'.repeat(300 * 1024) })
    expect((await signed(sdk, { method: 'POST', path: '/events', body: huge })).status).toBe(413)
    const client = cluster.client()
    await connected(client)
    client.disconnect()
  })
})

describe.each(realtimeModes)('HTTP API rate limit (%s)', (mode) => {
  let cluster: TestCluster
  beforeAll(async () => {
    cluster = await startCluster(mode, { options: { apiRequestsPerSecond: 3 } })
  })
  afterAll(async () => {
    await cluster?.close()
  })

  /** A signed `POST /events` to node `node` (0), sent with fetch so the answer's headers can be read. */
  async function trigger(sdk: PusherServer, name: string, node = 0): Promise<Response> {
    const path = `/apps/${cluster.appId}/events`
    const body = JSON.stringify({ name, channel: 'limited-29', data: '{}' })
    const query = sdk.createSignedQueryString({ method: 'POST', path, body })
    return fetch(`${cluster.node(node).url}${path}?${query}`, { method: 'POST', body, headers: { 'content-type': 'application/json' } })
  }

  it('answers 429 with Retry-After over the request rate, delivers none of those, and counts only signed requests (29)', async () => {
    const client = cluster.client({ node: 0 })
    const seen = record(await subscribe(client, 'limited-29'))
    const sdk = cluster.sdk(0)
    const forged = new PusherServer({ appId: cluster.appId, key: cluster.key, secret: 'not-the-secret', host: '127.0.0.1', port: String(cluster.node(0).port) })
    // Unsigned and wrongly signed requests are refused before they count.
    for (let i = 0; i < 5; i++) expect((await trigger(forged, `forged-${i}`)).status).toBe(401)
    const firstSecond = Math.floor(Date.now() / 1000)
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => trigger(sdk, `burst-${i}`)))
    // The one-second windows the burst met: two on a quick machine, more on a slow one.
    const windows = Math.floor(Date.now() / 1000) - firstSecond + 1
    const statuses = answers.map((a) => a.status)
    // Ten at once fill each window they meet with at most three.
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(3)
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(3 * windows)
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true)
    const limited = answers.filter((a) => a.status === 429)
    for (const answer of limited) expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    const retryAfter = Number(limited[0]!.headers.get('retry-after'))
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000))
    expect((await trigger(sdk, 'after-waiting')).status).toBe(200)
    await eventually(() => seen.some((e) => e.name === 'after-waiting'))
    const delivered = seen.filter((e) => e.name.startsWith('burst-')).map((e) => e.name)
    const accepted = answers.flatMap((a, i) => (a.status === 200 ? [`burst-${i}`] : []))
    expect([...delivered].sort()).toEqual([...accepted].sort())
    client.disconnect()
  })

  it.runIf(mode === 'redis-two-nodes')('counts the requests of every node together: spread over the nodes, a burst gets one allowance', async () => {
    const sdk = cluster.sdk(0)
    // A burst that starts early in a second of the clock and ends within it meets one window;
    // one that ran over the second's end (a slow machine) is tried again.
    for (let attempt = 0; ; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 20))
      const second = Math.floor(Date.now() / 1000)
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => trigger(sdk, `spread-${attempt}-${i}`, i % cluster.nodes.length)))
      if (Math.floor(Date.now() / 1000) !== second && attempt < 3) continue
      expect(answers.filter((a) => a.status === 200)).toHaveLength(3)
      expect(answers.filter((a) => a.status === 429).length).toBe(5)
      break
    }
  })
})
