/**
 * Connection: handshake, protocol and key checks, ping/pong and idleness, shutdown and
 * reconnection, malformed input, WebSocket framing, and nothing left behind after clients go.
 * Checklist items 1–6, 34–36 (docs/realtime.md).
 */
import Pusher from 'pusher-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LocalAdapter } from '~/server/realtime/adapter'
import { RawClient, connected, eventually, once, realtimeModes, record, startAuthEndpoint, startCluster, state, subscribe, wsUrl, type TestCluster } from './support'

describe.each(realtimeModes)('connection (%s)', (mode) => {
  let cluster: TestCluster
  beforeAll(async () => {
    // A short activity timeout so idleness is tried in seconds; a long wait for the pong, so a busy
    // machine answering late is never taken for a silent client.
    cluster = await startCluster(mode, { options: { activityTimeoutS: 1, pongTimeoutMs: 5000, maxMessageBytes: 8 * 1024, maxEventDataBytes: 96 * 1024 } })
  })
  afterAll(async () => {
    await cluster?.close()
  })

  it('pusher-js connects with a self-hosted configuration and gets a socket id (1, 2)', async () => {
    const client = cluster.client()
    const socketId = await connected(client)
    expect(socketId).toMatch(/^\d+\.\d+$/)
    client.disconnect()
  })

  it('sends connection_established with data as a JSON string: socket_id and a positive activity_timeout (2)', async () => {
    const raw = await RawClient.open(wsUrl(cluster.node(0), cluster.key))
    const established = await raw.event('pusher:connection_established')
    expect(typeof established.data).toBe('string')
    const data = JSON.parse(established.data as string) as { socket_id: string; activity_timeout: number }
    expect(data.socket_id).toMatch(/^\d+\.\d+$/)
    expect(data.activity_timeout).toBe(1)
    raw.close()
  })

  it('refuses an unknown key with pusher:error and 4001, and pusher-js stops retrying (3)', async () => {
    const raw = await RawClient.open(wsUrl(cluster.node(0), 'not-the-key'))
    const error = await raw.event('pusher:error')
    expect(error.data).toMatchObject({ code: 4001 })
    expect(await raw.closed).toBe(4001)

    const wrong = new Pusher('not-the-key', { cluster: 'eu', wsHost: '127.0.0.1', wsPort: cluster.node(0).port, forceTLS: false, enabledTransports: ['ws'] })
    await state(wrong, 'disconnected')
    const later: string[] = []
    wrong.connection.bind('state_change', ({ current }: { current: string }) => later.push(current))
    await new Promise((resolve) => setTimeout(resolve, 1500)) // pusher-js would retry within a second if it meant to
    expect(later).toEqual([])
    wrong.disconnect()
  })

  it('checks the protocol version: missing 4008, unsupported 4007; a wrong path 4005 (1)', async () => {
    const missing = await RawClient.open(wsUrl(cluster.node(0), cluster.key, 'client=js'))
    expect(await missing.closed).toBe(4008)
    const old = await RawClient.open(wsUrl(cluster.node(0), cluster.key, 'protocol=3'))
    expect((await old.event('pusher:error')).data).toMatchObject({ code: 4007 })
    expect(await old.closed).toBe(4007)
    const path = await RawClient.open(`ws://127.0.0.1:${cluster.node(0).port}/app/${cluster.key}/extra?protocol=7`)
    expect(await path.closed).toBe(4005)
  })

  it('answers pusher:ping with pusher:pong, and protocol pings with pongs (4)', async () => {
    const raw = await RawClient.open(wsUrl(cluster.node(0), cluster.key))
    await raw.socketId()
    raw.send({ event: 'pusher:ping', data: {} })
    const pong = await raw.event('pusher:pong')
    expect(pong).toEqual({ event: 'pusher:pong', data: {} })
    const framePong = new Promise<Buffer>((resolve) => raw.ws.once('pong', resolve))
    raw.ws.ping('are you there')
    expect((await framePong).toString()).toBe('are you there')
    raw.close()
  })

  it('pings a silent client and closes it with 4201 when nothing comes back (4)', async () => {
    // autoPong off: this client does not even answer protocol pings.
    const raw = await RawClient.open(wsUrl(cluster.node(0), cluster.key), { autoPong: false })
    await raw.socketId()
    await raw.event('pusher:ping') // after the 1 s activity timeout; the bound (WAIT_MS) only ends a hang
    expect(await raw.closed).toBe(4201)
    expect(raw.messages.find((m) => m.event === 'pusher:error')?.data).toMatchObject({ code: 4201 })
  })

  it('keeps an idle pusher-js client that answers pings connected, on the same socket (4)', async () => {
    const client = cluster.client()
    const socketId = await connected(client)
    await new Promise((resolve) => setTimeout(resolve, 3500)) // several activity timeouts of 1 s
    expect(client.connection.state).toBe('connected')
    expect(client.connection.socket_id).toBe(socketId)
    client.disconnect()
  })

  it('answers malformed messages with pusher:error and keeps serving; subscribe data may be a JSON string (6)', async () => {
    const raw = await RawClient.open(wsUrl(cluster.node(0), cluster.key))
    await raw.socketId()
    raw.send('{not json')
    raw.send('[1,2,3]')
    raw.send({ event: 'pusher:nonsense', data: {} })
    raw.send({ data: {} })
    await eventually(() => raw.messages.filter((m) => m.event === 'pusher:error').length === 4, 3000, 'four errors')
    raw.send({ event: 'pusher:subscribe', data: JSON.stringify({ channel: 'string-data' }) })
    const ok = await raw.event('pusher_internal:subscription_succeeded')
    expect(ok).toMatchObject({ channel: 'string-data', data: '{}' })
    raw.close()
  })

  it('reads fragmented text frames, refuses binary frames, and closes with 1009 beyond the frame limit (36)', async () => {
    const raw = await RawClient.open(wsUrl(cluster.node(0), cluster.key))
    await raw.socketId()
    const text = JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'fragmented' } })
    raw.ws.send(text.slice(0, 10), { fin: false })
    raw.ws.send(text.slice(10), { fin: true })
    expect(await raw.event('pusher_internal:subscription_succeeded')).toMatchObject({ channel: 'fragmented' })
    raw.ws.send(Buffer.from(JSON.stringify({ event: 'pusher:ping', data: {} })), { binary: true })
    expect((await raw.event('pusher:error')).data).toMatchObject({ message: expect.stringContaining('Binary') })
    raw.send({ event: 'client-big', channel: 'x', data: 'x'.repeat(9 * 1024) })
    expect(await raw.closed).toBe(1009)
  })

  it('frames broadcasts of every length (7-, 16- and 64-bit) as text messages a strict client reads, between its other messages (36)', async () => {
    // `local` is on the node the SDK calls; `other` on the second node when there is one.
    const [local, other] = [await RawClient.open(wsUrl(cluster.node(0), cluster.key)), await RawClient.open(wsUrl(cluster.node(1), cluster.key))]
    for (const raw of [local, other]) {
      await raw.socketId()
      raw.send({ event: 'pusher:subscribe', data: { channel: 'frames-36' } })
      await raw.event('pusher_internal:subscription_succeeded')
    }
    const sizes = [1, 1000, 70_000]
    const text = (size: number) => 'é'.repeat(size / 2) + 'x'.repeat(size % 2)
    for (const size of sizes) {
      await cluster.sdk(0).trigger('frames-36', `size-${size}`, text(size))
      local.send({ event: 'pusher:ping', data: {} }) // answered through `ws`'s own framing, after the broadcast
    }
    await eventually(() => local.messages.filter((m) => m.event === 'pusher:pong').length === sizes.length, 5000, 'every pong')
    const order = local.messages.filter((m) => m.event === 'pusher:pong' || String(m.event).startsWith('size-')).map((m) => m.event)
    expect(order).toEqual(sizes.flatMap((size) => [`size-${size}`, 'pusher:pong']))
    for (const raw of [local, other]) {
      for (const size of sizes) expect((await raw.event(`size-${size}`)).data).toBe(text(size))
      expect(raw.closeCode).toBeUndefined()
      raw.close()
    }
  })

  it('closes every socket with 4200 on shutdown; pusher-js reconnects with a new socket id, re-authorizes, resubscribes and receives (5, 35)', async () => {
    const auth = await startAuthEndpoint(cluster.sdk(0))
    const client = cluster.client({ node: 0, channelAuthorization: { endpoint: auth.url, transport: 'ajax', headers: { Authorization: 'Bearer test-token' } } })
    try {
      const first = await connected(client)
      const open = await subscribe(client, 'restart-public')
      const secret = await subscribe(client, 'private-restart')
      const codes: number[] = []
      client.connection.bind('error', (error: { data?: { code?: number } }) => {
        if (error.data?.code) codes.push(error.data.code)
      })
      // pusher-js retries at once on 4200; while the node is down its next try waits for the
      // transport timeout (15 s), so the wait here is longer than that.
      const resubscribed = Promise.all([once(open, 'pusher:subscription_succeeded', 25_000), once(secret, 'pusher:subscription_succeeded', 25_000)])
      await cluster.restart(0)
      await resubscribed
      expect(codes).toContain(4200)
      expect(client.connection.socket_id).not.toBe(first)
      const authorized = auth.requests.filter((r) => r.channel_name === 'private-restart').map((r) => r.socket_id)
      expect(authorized).toEqual([first, client.connection.socket_id])
      const received = once<{ n: number }>(secret, 'after-restart')
      await cluster.sdk(0).trigger('private-restart', 'after-restart', { n: 1 })
      expect(await received).toEqual({ n: 1 })
    } finally {
      client.disconnect()
      await auth.close()
    }
  }, 40_000)

  it('leaves nothing behind once every client has gone, cleanly or abruptly (34)', async () => {
    const auth = await startAuthEndpoint(cluster.sdk())
    const clients = [0, 1, 2, 3].map((i) =>
      cluster.client({ channelAuthorization: { endpoint: auth.url, transport: 'ajax', headers: { Authorization: 'Bearer test-token' }, params: { user_id: `leak-${i % 2}` } } }),
    )
    for (const client of clients) {
      await subscribe(client, 'leak-public')
      await subscribe(client, 'private-leak')
      await subscribe(client, 'presence-leak')
    }
    // Abrupt: raw sockets on public, private and presence channels, cut without a closing handshake.
    const sdk = cluster.sdk()
    for (let i = 0; i < cluster.nodes.length * 2; i++) {
      const raw = await RawClient.open(wsUrl(cluster.node(i), cluster.key))
      const socketId = await raw.socketId()
      const presenceData = { user_id: `leak-${i % 3}` }
      raw.send({ event: 'pusher:subscribe', data: { channel: 'leak-public' } })
      raw.send({ event: 'pusher:subscribe', data: { channel: 'private-leak', ...sdk.authorizeChannel(socketId, 'private-leak') } })
      raw.send({ event: 'pusher:subscribe', data: { channel: 'presence-leak', ...sdk.authorizeChannel(socketId, 'presence-leak', presenceData) } })
      await eventually(() => raw.messages.filter((m) => m.event === 'pusher_internal:subscription_succeeded').length === 3, 5000, 'three subscriptions')
      raw.ws.terminate()
    }
    for (const client of clients) client.disconnect()
    await auth.close()
    await eventually(async () => {
      const counts = await Promise.all(cluster.nodes.map((n) => n.realtime.server.connectionCount))
      return counts.every((c) => c === 0) && cluster.nodes.every((n) => n.realtime.server.localChannelCount === 0)
    }, 5000, 'no connection and no channel on any node')
    for (const node of cluster.nodes) if (node.adapter instanceof LocalAdapter) expect(node.adapter.isEmpty()).toBe(true)
    const channels = await (await cluster.sdk().get({ path: '/channels' })).json()
    expect(channels).toEqual({ channels: {} })
    const left = (await cluster.redisKeys()).filter((k) => !k.endsWith(':nodes'))
    expect(left).toEqual([])
  })

  it('refuses connections over the quota with 4004 and pusher-js does not retry (3)', async () => {
    const small = await startCluster(mode, { options: { maxConnections: 1 } })
    try {
      const first = small.client({ node: 0 })
      await connected(first)
      const raw = await RawClient.open(wsUrl(small.node(0), small.key))
      expect((await raw.event('pusher:error')).data).toMatchObject({ code: 4004 })
      expect(await raw.closed).toBe(4004)
      const second = small.client({ node: 0 })
      await state(second, 'disconnected')
      expect(first.connection.state).toBe('connected')
    } finally {
      await small.close()
    }
  })

  it('refuses every connection with 4003 while the app is disabled, pusher-js does not retry, and the HTTP API answers 403 (3)', async () => {
    const disabled = await startCluster(mode, { options: { appEnabled: false } })
    try {
      const raw = await RawClient.open(wsUrl(disabled.node(0), disabled.key))
      expect((await raw.event('pusher:error')).data).toMatchObject({ code: 4003 })
      expect(await raw.closed).toBe(4003)
      const client = disabled.client({ node: 0 })
      await state(client, 'disconnected')
      const later: string[] = []
      client.connection.bind('state_change', ({ current }: { current: string }) => later.push(current))
      await new Promise((resolve) => setTimeout(resolve, 1500)) // pusher-js would retry within a second if it meant to
      expect(later).toEqual([])
      await expect(disabled.sdk(0).trigger('any', 'e', {})).rejects.toMatchObject({ status: 403 })
      // An unknown key is still told so first.
      const unknown = await RawClient.open(wsUrl(disabled.node(0), 'not-the-key'))
      expect(await unknown.closed).toBe(4001)
    } finally {
      await disabled.close()
    }
  })

  it('serves under a path prefix (pusher-js wsPath) (1)', async () => {
    const prefixed = await startCluster(mode, { options: { wsPath: '/realtime' } })
    try {
      const client = prefixed.client({ node: 0, wsPath: '/realtime' })
      const channel = await subscribe(client, 'prefixed')
      const seen = record(channel)
      await prefixed.sdk(0).trigger('prefixed', 'hello', 'world')
      await eventually(() => seen.some((e) => e.name === 'hello'))
      const unprefixed = await RawClient.open(wsUrl(prefixed.node(0), prefixed.key)).catch((error: Error) => error)
      expect(unprefixed).toBeInstanceOf(Error) // 404 on the upgrade
    } finally {
      await prefixed.close()
    }
  })
})
