/**
 * Client events (`client-*`): relayed to the other subscribers of a private or presence
 * channel, never to the sender, and refused with 4301 otherwise. Checklist 17, 18.
 */
import type Pusher from 'pusher-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RawClient, connected, eventually, realtimeModes, record, startAuthEndpoint, startCluster, subscribe, wsUrl, type TestCluster } from './support'

/** The `pusher:error` data a client gets. */
function errors(client: Pusher): { code: number | null; message: string }[] {
  const seen: { code: number | null; message: string }[] = []
  client.connection.bind('error', (error: { type: string; data?: { code: number | null; message: string } }) => {
    if (error.type === 'PusherError' && error.data) seen.push(error.data)
  })
  return seen
}

describe.each(realtimeModes)('client events (%s)', (mode) => {
  let cluster: TestCluster
  let auth: Awaited<ReturnType<typeof startAuthEndpoint>>
  beforeAll(async () => {
    cluster = await startCluster(mode, { options: { clientEvents: true, clientEventsPerSecond: 10, maxEventDataBytes: 1024 } })
    auth = await startAuthEndpoint(cluster.sdk(0))
  })
  afterAll(async () => {
    await auth?.close()
    await cluster?.close()
  })

  const as = (userId: string) => cluster.client({ channelAuthorization: { endpoint: auth.url, transport: 'ajax', headers: { Authorization: 'Bearer test-token' }, params: { user_id: userId } } })

  it('relays a client event on a private channel to the others, not to the sender (17)', async () => {
    const [a, b, c] = [as('a'), as('b'), as('c')]
    const [ca, cb, cc] = [record(await subscribe(a, 'private-chat')), record(await subscribe(b, 'private-chat')), record(await subscribe(c, 'private-chat'))]
    expect(a.channel('private-chat').trigger('client-typing', { who: 'a' })).toBe(true)
    await eventually(() => cb.some((e) => e.name === 'client-typing') && cc.some((e) => e.name === 'client-typing'))
    expect(cb.find((e) => e.name === 'client-typing')?.data).toEqual({ who: 'a' })
    // b answers; when a gets it, a's own event would have arrived before it.
    b.channel('private-chat').trigger('client-reply', { who: 'b' })
    await eventually(() => ca.some((e) => e.name === 'client-reply'))
    expect(ca.filter((e) => e.name === 'client-typing')).toEqual([])
    for (const x of [a, b, c]) x.disconnect()
  })

  it('carries the sender’s user_id on presence channels (pusher-js metadata.user_id) (17)', async () => {
    const [a, b] = [as('ana'), as('bob')]
    await subscribe(a, 'presence-chat')
    const channel = await subscribe(b, 'presence-chat')
    const hello = new Promise((resolve) => channel.bind('client-hello', (data: unknown, metadata: unknown) => resolve({ data, metadata })))
    a.channel('presence-chat').trigger('client-hello', 'hi')
    expect(await hello).toEqual({ data: 'hi', metadata: { user_id: 'ana' } })
    for (const x of [a, b]) x.disconnect()
  })

  it('refuses with 4301 on a public channel, when not subscribed, over the size limit, and delivers none of them (18)', async () => {
    const sender = await RawClient.open(wsUrl(cluster.node(0), cluster.key))
    const socketId = await sender.socketId()
    const sdk = cluster.sdk()
    sender.send({ event: 'pusher:subscribe', data: { channel: 'public-room' } })
    sender.send({ event: 'pusher:subscribe', data: { channel: 'private-room', auth: sdk.authorizeChannel(socketId, 'private-room').auth } })
    await eventually(() => sender.messages.filter((m) => m.event === 'pusher_internal:subscription_succeeded').length === 2)
    const receiver = as('receiver')
    const pub = record(await subscribe(receiver, 'public-room'))
    const priv = record(await subscribe(receiver, 'private-room'))
    const other = record(await subscribe(receiver, 'private-other'))

    sender.send({ event: 'client-x', channel: 'public-room', data: {} })
    sender.send({ event: 'client-x', channel: 'private-other', data: {} })
    sender.send({ event: 'client-x', channel: 'private-room', data: { big: 'x'.repeat(2000) } })
    sender.send({ event: `client-${'x'.repeat(200)}`, channel: 'private-room', data: {} })
    await eventually(() => sender.messages.filter((m) => m.event === 'pusher:error').length === 4)
    const refusals = sender.messages.filter((m) => m.event === 'pusher:error').map((m) => m.data as { code: number; message: string })
    expect(refusals.map((r) => r.code)).toEqual([4301, 4301, 4301, 4301])
    expect(refusals[0]?.message).toMatch(/private and presence/)
    expect(refusals[1]?.message).toMatch(/not subscribed/)

    sender.send({ event: 'client-ok', channel: 'private-room', data: { fine: true } })
    await eventually(() => priv.some((e) => e.name === 'client-ok'))
    expect([...pub, ...priv, ...other].map((e) => e.name)).toEqual(['client-ok'])
    sender.close()
    receiver.disconnect()
  })

  it('refuses more than 10 client events a second per connection (18)', async () => {
    const [a, b] = [as('fast'), as('listener')]
    const refused = errors(a)
    await subscribe(a, 'private-burst')
    const seen = record(await subscribe(b, 'private-burst'))
    for (let i = 0; i < 15; i++) a.channel('private-burst').trigger('client-n', { i })
    await eventually(() => refused.length === 5)
    expect(refused.every((r) => r.code === 4301 && /rate limit/.test(r.message))).toBe(true)
    await eventually(() => seen.length === 10)
    expect(seen.map((e) => (e.data as { i: number }).i)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    for (const x of [a, b]) x.disconnect()
  })

  it('refuses every client event when the app has them disabled (18)', async () => {
    const off = await startCluster(mode)
    const offAuth = await startAuthEndpoint(off.sdk(0))
    try {
      const client = off.client({ channelAuthorization: { endpoint: offAuth.url, transport: 'ajax', headers: { Authorization: 'Bearer test-token' } } })
      const refused = errors(client)
      await connected(client)
      await subscribe(client, 'private-quiet')
      client.channel('private-quiet').trigger('client-x', {})
      await eventually(() => refused.length === 1)
      expect(refused[0]).toMatchObject({ code: 4301, message: expect.stringMatching(/not enabled/) })
      client.disconnect()
    } finally {
      await offAuth.close()
      await off.close()
    }
  })
})
