/**
 * Public, private, encrypted and cache channels; channel names. Checklist items 7–9, 11, 12, 32.
 */
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RawClient, connected, eventually, once, realtimeModes, record, startAuthEndpoint, startCluster, subscribe, wsUrl, type TestCluster } from './support'

const bearer = { Authorization: 'Bearer test-token' }

describe.each(realtimeModes)('channels (%s)', (mode) => {
  let cluster: TestCluster
  let auth: Awaited<ReturnType<typeof startAuthEndpoint>>
  const masterKey = randomBytes(32).toString('base64')
  beforeAll(async () => {
    cluster = await startCluster(mode)
    auth = await startAuthEndpoint(cluster.sdk(0, { encryptionMasterKeyBase64: masterKey }))
  })
  afterAll(async () => {
    await auth?.close()
    await cluster?.close()
  })

  const authorized = (node?: number) => cluster.client({ ...(node === undefined ? {} : { node }), channelAuthorization: { endpoint: auth.url, transport: 'ajax', headers: bearer } })

  it('delivers an event on a public channel, its data byte for byte as the SDK sent it (7)', async () => {
    const client = cluster.client()
    const channel = await subscribe(client, 'public-news')
    const raw = await RawClient.open(wsUrl(cluster.node(1), cluster.key))
    raw.send({ event: 'pusher:subscribe', data: { channel: 'public-news' } })
    await raw.event('pusher_internal:subscription_succeeded')
    const received = once<{ title: string; n: number }>(channel, 'headline')
    const payload = { title: 'Poliță emisă ✓', n: 3, nested: { a: [1, 2] } }
    await cluster.sdk().trigger('public-news', 'headline', payload)
    expect(await received).toEqual(payload)
    const frame = await raw.event('headline')
    expect(frame).toEqual({ event: 'headline', channel: 'public-news', data: JSON.stringify(payload) })
    await cluster.sdk().trigger('public-news', 'plain', 'not json at all')
    expect((await raw.event('plain')).data).toBe('not json at all')
    raw.close()
    client.disconnect()
  })

  it('stops delivery after unsubscribe; unsubscribing twice is harmless; sub-unsub-sub works (8)', async () => {
    const client = cluster.client()
    await connected(client)
    const sdk = cluster.sdk()
    const control = record(await subscribe(client, 'control-8'))
    const gone = record(await subscribe(client, 'unsub-8'))
    client.unsubscribe('unsub-8')
    client.unsubscribe('unsub-8')
    await eventually(async () => ((await (await sdk.get({ path: '/channels/unsub-8' })).json()) as { occupied: boolean }).occupied === false, 5000, 'unsub-8 vacated')
    await sdk.trigger('unsub-8', 'should-not-arrive', {})
    await sdk.trigger('control-8', 'sentinel', {})
    await eventually(() => control.some((e) => e.name === 'sentinel'))
    expect(gone).toEqual([])

    const again = await subscribe(client, 'unsub-8')
    const back = once(again, 'back')
    await sdk.trigger('unsub-8', 'back', { ok: true })
    expect(await back).toEqual({ ok: true })
    client.disconnect()
  })

  it('answers a duplicate subscribe with pusher:error, keeps the one subscription and delivers once (8)', async () => {
    const raw = await RawClient.open(wsUrl(cluster.node(0), cluster.key))
    await raw.socketId()
    raw.send({ event: 'pusher:subscribe', data: { channel: 'twice-8' } })
    await raw.event('pusher_internal:subscription_succeeded')
    raw.send({ event: 'pusher:subscribe', data: { channel: 'twice-8' } })
    expect(await raw.event('pusher:error')).toEqual({ event: 'pusher:error', data: { code: null, message: 'Existing subscription to channel twice-8' } })
    const sdk = cluster.sdk()
    expect(await (await sdk.get({ path: '/channels/twice-8', params: { info: 'subscription_count' } })).json()).toEqual({ occupied: true, subscription_count: 1 })
    await sdk.trigger('twice-8', 'once', {})
    await raw.event('once')
    raw.send({ event: 'pusher:ping', data: {} })
    await raw.event('pusher:pong')
    expect(raw.messages.filter((m) => m.event === 'once')).toHaveLength(1)
    expect(raw.messages.filter((m) => m.event === 'pusher_internal:subscription_succeeded')).toHaveLength(1)
    raw.close()
  })

  it('authorizes a private channel through the app endpoint: form POST with socket_id, channel_name and the bearer (9)', async () => {
    const client = authorized()
    const socketId = await connected(client)
    const channel = await subscribe(client, 'private-orders-9')
    const request = auth.requests.find((r) => r.channel_name === 'private-orders-9')
    expect(request).toMatchObject({ socket_id: socketId, authorization: 'Bearer test-token', contentType: 'application/x-www-form-urlencoded' })
    const received = once(channel, 'order-paid')
    await cluster.sdk().trigger('private-orders-9', 'order-paid', { id: 9 })
    expect(await received).toEqual({ id: 9 })
    client.disconnect()
  })

  it('refuses a bad signature with pusher:subscription_error on the channel, and delivers nothing (9)', async () => {
    const liar = await startAuthEndpoint(new (await import('pusher')).default({ appId: cluster.appId, key: cluster.key, secret: 'not-the-secret', host: '127.0.0.1' }))
    try {
      const client = cluster.client({ channelAuthorization: { endpoint: liar.url, transport: 'ajax', headers: bearer } })
      await connected(client)
      const control = record(await subscribe(client, 'control-9'))
      const refused = await subscribe(client, 'private-bad-9').catch((error: { data: unknown }) => error.data)
      expect(refused).toMatchObject({ type: 'AuthError', status: 401 })
      const channel = client.channel('private-bad-9')
      const seen = record(channel)
      const sdk = cluster.sdk()
      await sdk.trigger('private-bad-9', 'secret', {})
      await sdk.trigger('control-9', 'sentinel', {})
      await eventually(() => control.some((e) => e.name === 'sentinel'))
      expect(seen).toEqual([])
      client.disconnect()
    } finally {
      await liar.close()
    }
  })

  it('refuses a private subscription without auth, and an endpoint refusal reaches the app as AuthError (9)', async () => {
    const raw = await RawClient.open(wsUrl(cluster.node(0), cluster.key))
    await raw.socketId()
    raw.send({ event: 'pusher:subscribe', data: { channel: 'private-x', auth: '' } })
    const error = await raw.event('pusher:subscription_error')
    expect(error).toMatchObject({ channel: 'private-x', data: { type: 'AuthError', status: 401 } })
    raw.close()

    const client = cluster.client({ channelAuthorization: { endpoint: auth.url, transport: 'ajax', headers: { Authorization: 'Bearer wrong' } } })
    const refused = await subscribe(client, 'private-y').catch((e: { data: unknown }) => e.data)
    expect(refused).toMatchObject({ type: 'AuthError', status: 403 })
    client.disconnect()
  })

  it('relays end-to-end encrypted events untouched; pusher-js decrypts them (11)', async () => {
    const client = authorized()
    const channel = await subscribe(client, 'private-encrypted-policy')
    const raw = await RawClient.open(wsUrl(cluster.node(1), cluster.key))
    const socketId = await raw.socketId()
    const sdk = cluster.sdk(undefined, { encryptionMasterKeyBase64: masterKey })
    raw.send({ event: 'pusher:subscribe', data: { channel: 'private-encrypted-policy', auth: sdk.authorizeChannel(socketId, 'private-encrypted-policy').auth } })
    await raw.event('pusher_internal:subscription_succeeded')
    const received = once(channel, 'issued')
    await sdk.trigger('private-encrypted-policy', 'issued', { number: 'RO-123' })
    expect(await received).toEqual({ number: 'RO-123' })
    const frame = await raw.event('issued')
    const data = JSON.parse(frame.data as string) as Record<string, string>
    expect(Object.keys(data).sort()).toEqual(['ciphertext', 'nonce'])
    expect(frame.data).not.toContain('RO-123')
    raw.close()
    client.disconnect()
  })

  it('validates channel names: characters, length 200, and # names (12)', async () => {
    const raw = await RawClient.open(wsUrl(cluster.node(0), cluster.key))
    await raw.socketId()
    const error = async (channel: string) => {
      raw.send({ event: 'pusher:subscribe', data: { channel } })
      return raw.next((m) => m.event === 'pusher:subscription_error' && m.channel === channel)
    }
    expect((await error('bad channel')).data).toMatchObject({ type: 'InvalidChannel' })
    expect((await error('ünicode')).data).toMatchObject({ type: 'InvalidChannel' })
    expect((await error(`a${'b'.repeat(200)}`)).data).toMatchObject({ type: 'LimitReached' })
    expect((await error('#private')).data).toMatchObject({ type: 'InvalidChannel' })
    expect((await error('#server-to-user-42')).data).toMatchObject({ type: 'AuthError', status: 403 })
    const longest = `c${'-'.repeat(199)}`
    raw.send({ event: 'pusher:subscribe', data: { channel: longest } })
    await raw.next((m) => m.event === 'pusher_internal:subscription_succeeded' && m.channel === longest)
    raw.send({ event: 'pusher:subscribe', data: { channel: 'A-Za-z0-9_-=@,.;' } })
    await raw.next((m) => m.event === 'pusher_internal:subscription_succeeded' && m.channel === 'A-Za-z0-9_-=@,.;')
    raw.close()
  })

  it('replays the last event of a cache channel to a new subscriber, or says cache_miss (32)', async () => {
    const first = cluster.client({ node: 0 })
    const cold = first.subscribe('cache-rates')
    const missed = once(cold, 'pusher:cache_miss')
    await once(cold, 'pusher:subscription_succeeded')
    await missed
    // A witness on the other node too: once both have the second event live, every node has
    // delivered both, so the late subscriber can only get the replay, not a live event in flight.
    const other = cluster.client({ node: 1 })
    const witnessed = record(other.subscribe('cache-rates'))
    const onFirst = record(cold)
    await eventually(() => witnessed.some((e) => e.name === 'pusher:subscription_succeeded'))
    await cluster.sdk().trigger('cache-rates', 'rate', { eur: 4.97 })
    await cluster.sdk().trigger('cache-rates', 'rate', { eur: 4.98 })
    const hasSecond = (events: { name: string; data: unknown }[]) => events.some((e) => e.name === 'rate' && (e.data as { eur?: number }).eur === 4.98)
    await eventually(() => hasSecond(onFirst) && hasSecond(witnessed))
    const late = cluster.client()
    const channel = late.subscribe('cache-rates')
    const seen = record(channel)
    await eventually(() => seen.some((e) => e.name === 'rate'))
    expect(seen.map((e) => e.name)).toEqual(['pusher:subscription_succeeded', 'rate'])
    expect(seen[1]?.data).toEqual({ eur: 4.98 })
    first.disconnect()
    other.disconnect()
    late.disconnect()
  })
})
