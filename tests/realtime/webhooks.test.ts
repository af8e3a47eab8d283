/**
 * Webhooks, received by a local HTTP server and checked with the SDK's own
 * `pusher.webhook({headers, rawBody}).isValid()`. Checklist 30, 31.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RawClient, eventually, realtimeModes, startAuthEndpoint, startCluster, subscribe, wsUrl, type TestCluster } from './support'

interface Delivery {
  headers: Record<string, string>
  rawBody: string
  status: number
}

interface WebhookEvent {
  name: string
  channel: string
  user_id?: string
  event?: string
  data?: string
  socket_id?: string
}

describe.each(realtimeModes)('webhooks (%s)', (mode) => {
  let receiver: Server
  const deliveries: Delivery[] = []
  /** Statuses to answer, in turn, to deliveries whose body mentions a channel (then 200). */
  const failures = new Map<string, number[]>()
  let cluster: TestCluster
  let auth: Awaited<ReturnType<typeof startAuthEndpoint>>
  let webhookUrl: string

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let rawBody = ''
      req.on('data', (chunk: Buffer) => (rawBody += chunk.toString()))
      req.on('end', () => {
        const failing = [...failures].find(([channel]) => rawBody.includes(`"${channel}"`))?.[1]
        const status = failing?.shift() ?? 200
        deliveries.push({ headers: req.headers as Record<string, string>, rawBody, status })
        res.writeHead(status).end()
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()))
    webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/pusher/webhooks`
    cluster = await startCluster(mode, { webhookUrl, options: { clientEvents: true } })
    auth = await startAuthEndpoint(cluster.sdk(0))
  })
  afterAll(async () => {
    await auth?.close()
    await cluster?.close()
    await new Promise((resolve) => receiver?.close(resolve))
  })

  const as = (userId: string, node?: number) =>
    cluster.client({ ...(node === undefined ? {} : { node }), channelAuthorization: { endpoint: auth.url, transport: 'ajax', headers: { Authorization: 'Bearer test-token' }, params: { user_id: userId } } })

  /** Events of accepted (2xx), valid deliveries, for one channel. */
  const eventsOf = (channel: string): WebhookEvent[] =>
    deliveries
      .filter((d) => d.status === 200)
      .flatMap((d) => (JSON.parse(d.rawBody) as { events: WebhookEvent[] }).events)
      .filter((e) => e.channel === channel)

  it('signs every delivery as the SDK checks it: X-Pusher-Key, X-Pusher-Signature, Content-Type exactly application/json (31)', async () => {
    const client = cluster.client()
    await subscribe(client, 'signed-31')
    client.disconnect()
    await eventually(() => eventsOf('signed-31').length === 2)
    const sdk = cluster.sdk()
    for (const delivery of deliveries) {
      expect(delivery.headers['content-type']).toBe('application/json')
      expect(delivery.headers['x-pusher-key']).toBe(cluster.key)
      const hook = sdk.webhook({ headers: delivery.headers, rawBody: delivery.rawBody })
      expect(hook.isValid()).toBe(true)
      const body = hook.getData() as { time_ms: number; events: unknown[] }
      expect(Math.abs(body.time_ms - Date.now())).toBeLessThan(60_000)
      expect(body.events.length).toBeGreaterThan(0)
    }
    const forged = sdk.webhook({ headers: deliveries[0]!.headers, rawBody: deliveries[0]!.rawBody.replace('signed-31', 'signed-32') })
    expect(forged.isValid()).toBe(false)
  })

  it('fires channel_occupied and channel_vacated once per transition, with subscribers on every node (30)', async () => {
    const clients = [cluster.client({ node: 0 }), cluster.client({ node: 1 }), cluster.client({ node: 0 })]
    for (const client of clients) await subscribe(client, 'occupancy-30')
    await eventually(() => eventsOf('occupancy-30').length === 1)
    for (const client of clients) client.disconnect()
    await eventually(() => eventsOf('occupancy-30').length === 2)
    await new Promise((resolve) => setTimeout(resolve, 500)) // time for a duplicate, if there were one
    expect(eventsOf('occupancy-30').map((e) => e.name)).toEqual(['channel_occupied', 'channel_vacated'])
  })

  it('fires member_added and member_removed once per user, however many connections (30)', async () => {
    const tabs = [as('ana', 0), as('ana', 1), as('bob', 0)]
    for (const tab of tabs) await subscribe(tab, 'presence-30')
    await eventually(() => eventsOf('presence-30').filter((e) => e.name === 'member_added').length === 2)
    tabs[0]!.disconnect()
    tabs[2]!.disconnect()
    await eventually(() => eventsOf('presence-30').some((e) => e.name === 'member_removed' && e.user_id === 'bob'))
    tabs[1]!.disconnect()
    await eventually(() => eventsOf('presence-30').some((e) => e.name === 'channel_vacated'))
    await new Promise((resolve) => setTimeout(resolve, 500))
    const membership = eventsOf('presence-30').filter((e) => e.name.startsWith('member_')).map((e) => `${e.name}:${e.user_id}`)
    expect([...membership].sort()).toEqual(['member_added:ana', 'member_added:bob', 'member_removed:ana', 'member_removed:bob'])
    expect(membership.indexOf('member_removed:ana')).toBeGreaterThan(membership.indexOf('member_removed:bob'))
  })

  it('reports client events with socket_id, and user_id on presence channels; and cache misses (30)', async () => {
    const [a, b] = [as('sender'), as('other')]
    await subscribe(a, 'presence-client-30')
    await subscribe(b, 'presence-client-30')
    await subscribe(a, 'private-client-30')
    a.channel('presence-client-30').trigger('client-wave', { hand: 'left' })
    a.channel('private-client-30').trigger('client-nod', 'yes')
    await eventually(() => eventsOf('presence-client-30').some((e) => e.name === 'client_event') && eventsOf('private-client-30').some((e) => e.name === 'client_event'))
    expect(eventsOf('presence-client-30').find((e) => e.name === 'client_event')).toEqual({
      name: 'client_event',
      channel: 'presence-client-30',
      event: 'client-wave',
      data: JSON.stringify({ hand: 'left' }),
      socket_id: a.connection.socket_id,
      user_id: 'sender',
    })
    expect(eventsOf('private-client-30').find((e) => e.name === 'client_event')).toEqual({ name: 'client_event', channel: 'private-client-30', event: 'client-nod', data: 'yes', socket_id: a.connection.socket_id })
    await subscribe(b, 'cache-30')
    await eventually(() => eventsOf('cache-30').some((e) => e.name === 'cache_miss'))
    a.disconnect()
    b.disconnect()
  })

  it('retries a delivery the receiver refused, with the same body (31)', async () => {
    failures.set('retry-31', [500, 503])
    const client = cluster.client()
    await subscribe(client, 'retry-31')
    await eventually(() => eventsOf('retry-31').length === 1, 10_000)
    const attempts = deliveries.filter((d) => d.rawBody.includes('"retry-31"'))
    expect(attempts.map((d) => d.status)).toEqual([500, 503, 200])
    expect(new Set(attempts.map((d) => d.rawBody)).size).toBe(1)
    client.disconnect()
  })
  it('batches the events of a short while into one delivery, and no more than the batch size into any (31)', async () => {
    const batching = await startCluster(mode, { options: { webhook: { url: webhookUrl, batchMs: 1500, maxBatch: 5, retries: 0 } } })
    try {
      const raw = await RawClient.open(wsUrl(batching.node(0), batching.key))
      await raw.socketId()
      const channels = Array.from({ length: 12 }, (_, i) => `batch-31-${i}`)
      for (const channel of channels) raw.send({ event: 'pusher:subscribe', data: { channel } })
      const ours = () => deliveries.filter((d) => d.rawBody.includes('"batch-31-'))
      await eventually(() => ours().flatMap((d) => (JSON.parse(d.rawBody) as { events: unknown[] }).events).length === channels.length, 10_000, 'every channel_occupied')
      // Five and five as soon as there are five, the last two when the batch time is up.
      expect(ours().map((d) => (JSON.parse(d.rawBody) as { events: unknown[] }).events.length)).toEqual([5, 5, 2])
      const names = ours().flatMap((d) => (JSON.parse(d.rawBody) as { events: WebhookEvent[] }).events.map((e) => `${e.name}:${e.channel}`))
      expect(names).toEqual(channels.map((channel) => `channel_occupied:${channel}`))
      raw.close()
    } finally {
      await batching.close()
    }
  })
})
