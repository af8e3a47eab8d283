/**
 * The realtime protocol in a real browser: pusher-js's web build in Chromium, on a blank page
 * (the app's CSP would refuse an injected script on its own pages), against the embedded server
 * of the e2e server and, where client events or a restart are needed, against a standalone
 * node the spec starts itself. Events are published with the official `pusher` SDK through the
 * HTTP API. The channel-authorization endpoint is the app's part, not the server's: Playwright
 * answers pusher-js's form POST on the page's origin and signs with the SDK, as an app would.
 * Checklist items 1, 7, 9, 13–15, 17–18, 35 (docs/realtime.md).
 */
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import PusherServer from 'pusher'
import { BASE_URL, DATA_DIR, PORT } from './support'
import { startRealtimeNode, type RealtimeNode } from './support-server'

function appSecret(): string {
  const secrets = JSON.parse(readFileSync(path.join(DATA_DIR, 'secrets.json'), 'utf8')) as { PUSHER_APP_SECRET?: string }
  if (!secrets.PUSHER_APP_SECRET) throw new Error(`no PUSHER_APP_SECRET in ${DATA_DIR}/secrets.json`)
  return secrets.PUSHER_APP_SECRET
}

const APP = { appId: 'asiguro', key: 'asiguro-key' }
const sdkFor = (port: number, secret: string) => new PusherServer({ ...APP, secret, host: '127.0.0.1', port: String(port), useTLS: false })

/** What the page records: connection states and error codes per client, and every channel event. */
type Seen =
  | { client: string; kind: 'state'; value: string }
  | { client: string; kind: 'error'; code: number | null }
  | { client: string; kind: 'event'; channel: string; event: string; data: unknown; userId?: string }

interface PageChannel {
  bind(event: string, cb: (data: unknown, metadata?: { user_id?: string }) => void): void
  bind_global(cb: (event: string, data: unknown) => void): void
  trigger(event: string, data: unknown): boolean
  members?: { count: number; me: { id: string } | null; each(cb: (member: { id: string }) => void): void }
}

interface PageClient {
  connection: { state: string; socket_id: string; bind(event: string, cb: (data: unknown) => void): void }
  subscribe(channel: string): PageChannel
  channel(name: string): PageChannel
  unsubscribe(channel: string): void
  disconnect(): void
}

declare global {
  interface Window {
    Pusher: new (key: string, options: Record<string, unknown>) => PageClient
    realtime: { clients: Record<string, PageClient>; seen: Seen[] }
  }
}

// Chromium's Local Network Access checks: a page Playwright answers itself is not known to be
// on loopback, so it needs the permission to open a socket to 127.0.0.1 (an app page served by
// the server itself does not).
test.use({ permissions: ['local-network-access'] })

const AUTH_PATH = '/__realtime-auth'

interface AuthRequest {
  socketId: string
  channel: string
  authorization: string
  contentType: string
}

/**
 * A blank page at the server's origin with pusher-js loaded, answered by Playwright itself (no
 * app page, so no CSP to refuse the injected script), and the app's authorization endpoint:
 * `private-…-forged` channels get a signature made with a wrong secret, `…-refused` a 403,
 * presence channels the `user_id` the client passes as a parameter.
 */
async function openBlankPage(page: Page, secret: string): Promise<AuthRequest[]> {
  const requests: AuthRequest[] = []
  const signer = sdkFor(Number(PORT), secret)
  const forger = sdkFor(Number(PORT), randomBytes(24).toString('hex'))
  await page.route(`${BASE_URL}/__realtime-protocol-test`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>realtime</title>' }))
  await page.route(`${BASE_URL}${AUTH_PATH}`, async (route) => {
    const request = route.request()
    const form = new URLSearchParams(request.postData() ?? '')
    const socketId = form.get('socket_id') ?? ''
    const channel = form.get('channel_name') ?? ''
    const headers = await request.allHeaders()
    requests.push({ socketId, channel, authorization: headers.authorization ?? '', contentType: headers['content-type'] ?? '' })
    if (request.method() !== 'POST' || headers.authorization !== 'Bearer e2e' || channel.endsWith('-refused')) return route.fulfill({ status: 403, body: 'forbidden' })
    const signing = channel.endsWith('-forged') ? forger : signer
    const userId = form.get('user_id')
    const answer = channel.startsWith('presence-') && userId ? signing.authorizeChannel(socketId, channel, { user_id: userId, user_info: { name: `User ${userId}` } }) : signing.authorizeChannel(socketId, channel)
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(answer) })
  })
  await page.goto(`${BASE_URL}/__realtime-protocol-test`)
  await page.addScriptTag({ path: 'node_modules/pusher-js/dist/web/pusher.min.js' })
  await page.evaluate(() => (window.realtime = { clients: {}, seen: [] }))
  return requests
}

/** A pusher-js client in the page, named `name`, on the server at `port`; `userId` for presence channels. */
async function openClient(page: Page, name: string, port: number, userId?: string): Promise<string> {
  await page.evaluate(
    ({ name, port, userId, endpoint }) => {
      const client = new window.Pusher('asiguro-key', {
        cluster: 'eu',
        wsHost: '127.0.0.1',
        wsPort: port,
        forceTLS: false,
        enabledTransports: ['ws'],
        channelAuthorization: { endpoint, transport: 'ajax', headers: { Authorization: 'Bearer e2e' }, params: userId ? { user_id: userId } : {} },
      })
      window.realtime.clients[name] = client
      client.connection.bind('state_change', (change) => window.realtime.seen.push({ client: name, kind: 'state', value: (change as { current: string }).current }))
      client.connection.bind('error', (error) => {
        const e = error as { data?: { code?: number }; error?: { data?: { code?: number } } }
        window.realtime.seen.push({ client: name, kind: 'error', code: e.data?.code ?? e.error?.data?.code ?? null })
      })
    },
    { name, port, userId, endpoint: `${BASE_URL}${AUTH_PATH}` },
  )
  await expect.poll(() => page.evaluate((n) => window.realtime.clients[n]!.connection.state, name)).toBe('connected')
  return page.evaluate((n) => window.realtime.clients[n]!.connection.socket_id, name)
}

/**
 * Subscribes client `name` to `channel`, recording every event on it (presence members as the
 * ids pusher-js holds, client events with the sender's user id), and waits for the outcome.
 */
async function subscribe(page: Page, name: string, channel: string): Promise<Seen & { kind: 'event' }> {
  await page.evaluate(
    ({ name, channel }) => {
      const subscription = window.realtime.clients[name]!.subscribe(channel)
      const record = (event: string, data: unknown, userId?: string) => window.realtime.seen.push({ client: name, kind: 'event', channel, event, data, ...(userId ? { userId } : {}) })
      subscription.bind_global((event, data) => {
        if (event.startsWith('client-')) return // recorded below, with the sender
        if (event === 'pusher:subscription_succeeded' && subscription.members) {
          const ids: string[] = []
          subscription.members.each((member) => ids.push(member.id))
          record(event, { count: subscription.members.count, me: subscription.members.me?.id, ids: ids.sort() })
        } else if (event === 'pusher:member_added' || event === 'pusher:member_removed') record(event, { id: (data as { id: string }).id })
        else record(event, data)
      })
      for (const event of ['client-typing', 'client-wave']) subscription.bind(event, (data, metadata) => record(event, data, metadata?.user_id))
    },
    { name, channel },
  )
  const outcome = async () =>
    (await seen(page)).find((s): s is Seen & { kind: 'event' } => s.kind === 'event' && s.client === name && s.channel === channel && /^pusher:subscription_(succeeded|error)$/.test(s.event))
  await expect.poll(outcome).toBeDefined()
  return (await outcome())!
}

const seen = (page: Page) => page.evaluate(() => window.realtime.seen)

/** Events (not pusher's own) client `name` received on `channel`, in order. */
async function events(page: Page, name: string, channel: string): Promise<{ event: string; data: unknown; userId?: string }[]> {
  return (await seen(page)).flatMap((s) => (s.kind === 'event' && s.client === name && s.channel === channel && !s.event.startsWith('pusher:subscription_') ? [{ event: s.event, data: s.data, ...(s.userId ? { userId: s.userId } : {}) }] : []))
}

const errorCodes = async (page: Page, name: string) => (await seen(page)).flatMap((s) => (s.kind === 'error' && s.client === name ? [s.code] : []))

test.describe('against the embedded server', () => {
  let secret: string
  let sdk: PusherServer
  test.beforeAll(() => {
    secret = appSecret()
    sdk = sdkFor(Number(PORT), secret)
  })

  test('pusher-js connects, subscribes to a public channel and receives an event published with the SDK', async ({ page }) => {
    await openBlankPage(page, secret)
    const socketId = await openClient(page, 'reader', Number(PORT))
    expect(socketId).toMatch(/^\d+\.\d+$/)
    expect((await subscribe(page, 'reader', 'e2e-news')).event).toBe('pusher:subscription_succeeded')
    const payload = { number: 'RO-2026-000123', product: 'rca', note: 'Poliță emisă' }
    expect((await sdk.trigger('e2e-news', 'policy-issued', payload)).status).toBe(200)
    await expect.poll(() => events(page, 'reader', 'e2e-news')).toEqual([{ event: 'policy-issued', data: payload }])
  })

  test('authorizes a private channel through the app’s endpoint; a bad signature or a refusing endpoint is a subscription error and delivers nothing (9)', async ({ page }) => {
    const requests = await openBlankPage(page, secret)
    const socketId = await openClient(page, 'owner', Number(PORT))
    expect((await subscribe(page, 'owner', 'private-e2e-orders')).event).toBe('pusher:subscription_succeeded')
    expect(requests.find((r) => r.channel === 'private-e2e-orders')).toEqual({ socketId, channel: 'private-e2e-orders', authorization: 'Bearer e2e', contentType: 'application/x-www-form-urlencoded' })

    const forged = await subscribe(page, 'owner', 'private-e2e-forged')
    expect(forged).toMatchObject({ event: 'pusher:subscription_error', data: { type: 'AuthError', status: 401 } })
    const refused = await subscribe(page, 'owner', 'private-e2e-refused')
    expect(refused).toMatchObject({ event: 'pusher:subscription_error', data: { type: 'AuthError', status: 403 } })

    await sdk.trigger(['private-e2e-forged', 'private-e2e-refused'], 'order-paid', { order: 'never' })
    await sdk.trigger('private-e2e-orders', 'order-paid', { order: 'RO-1' })
    await expect.poll(() => events(page, 'owner', 'private-e2e-orders')).toEqual([{ event: 'order-paid', data: { order: 'RO-1' } }])
    expect(await events(page, 'owner', 'private-e2e-forged')).toEqual([])
    expect(await events(page, 'owner', 'private-e2e-refused')).toEqual([])
  })

  test('presence: members with me, member_added and member_removed for others, each user counted once however many tabs (13–15)', async ({ page }) => {
    await openBlankPage(page, secret)
    const channel = `presence-e2e-${randomBytes(3).toString('hex')}`
    await openClient(page, 'ana-1', Number(PORT), 'ana')
    await subscribe(page, 'ana-1', channel)
    await openClient(page, 'bob', Number(PORT), 'bob')
    expect((await subscribe(page, 'bob', channel)).data).toEqual({ count: 2, me: 'bob', ids: ['ana', 'bob'] })
    await expect.poll(() => events(page, 'ana-1', channel)).toEqual([{ event: 'pusher:member_added', data: { id: 'bob' } }])

    // Ana's second tab: no member_added for bob, who already has ana; the server lists her once.
    await openClient(page, 'ana-2', Number(PORT), 'ana')
    expect((await subscribe(page, 'ana-2', channel)).data).toEqual({ count: 2, me: 'ana', ids: ['ana', 'bob'] })
    const { users } = (await (await sdk.get({ path: `/channels/${channel}/users` })).json()) as { users: { id: string }[] }
    expect(users.map((u) => u.id).sort()).toEqual(['ana', 'bob'])
    expect(await (await sdk.get({ path: `/channels/${channel}`, params: { info: 'user_count,subscription_count' } })).json()).toEqual({ occupied: true, user_count: 2, subscription_count: 3 })

    // One of her tabs leaves: she is still there. The last one leaves: bob is told.
    await page.evaluate(() => window.realtime.clients['ana-1']!.disconnect())
    await expect.poll(async () => ((await (await sdk.get({ path: `/channels/${channel}`, params: { info: 'subscription_count' } })).json()) as { subscription_count: number }).subscription_count).toBe(2)
    await sdk.trigger(channel, 'sentinel', {})
    await expect.poll(() => events(page, 'bob', channel)).toEqual([{ event: 'sentinel', data: {} }])
    await page.evaluate(() => window.realtime.clients['ana-2']!.disconnect())
    await expect.poll(() => events(page, 'bob', channel)).toEqual([
      { event: 'sentinel', data: {} },
      { event: 'pusher:member_removed', data: { id: 'ana' } },
    ])
  })
})

test.describe('against a standalone node with client events on', () => {
  const secret = randomBytes(24).toString('hex')
  const settings = { PUSHER_APP_ID: APP.appId, PUSHER_APP_KEY: APP.key, PUSHER_APP_SECRET: secret, REALTIME_CLIENT_EVENTS: 'true' }
  let node: RealtimeNode
  test.beforeAll(async () => {
    node = await startRealtimeNode(settings)
  })
  test.afterAll(async () => {
    await node?.stop()
  })

  test('relays client events to the others on private and presence channels (with the sender’s user id), never to the sender, and refuses them on public ones (17, 18)', async ({ page }) => {
    const sdk = sdkFor(node.port, secret)
    await openBlankPage(page, secret)
    await openClient(page, 'ana', node.port, 'ana')
    await openClient(page, 'bob', node.port, 'bob')
    for (const channel of ['private-e2e-chat', 'presence-e2e-chat', 'e2e-public-chat']) {
      for (const name of ['ana', 'bob']) expect((await subscribe(page, name, channel)).event).toBe('pusher:subscription_succeeded')
    }
    await page.evaluate(() => {
      const ana = window.realtime.clients.ana!
      ana.channel('private-e2e-chat').trigger('client-typing', { field: 'note' })
      ana.channel('presence-e2e-chat').trigger('client-wave', 'salut')
      ana.channel('e2e-public-chat').trigger('client-typing', { field: 'never' })
    })
    await expect.poll(() => events(page, 'bob', 'private-e2e-chat')).toEqual([{ event: 'client-typing', data: { field: 'note' } }])
    await expect.poll(() => events(page, 'bob', 'presence-e2e-chat')).toEqual([{ event: 'client-wave', data: 'salut', userId: 'ana' }])
    await expect.poll(() => errorCodes(page, 'ana')).toEqual([4301])
    // What came after the refused event arrives, and the refused one never did.
    await sdk.trigger('e2e-public-chat', 'sentinel', {})
    await expect.poll(() => events(page, 'bob', 'e2e-public-chat')).toEqual([{ event: 'sentinel', data: {} }])
    for (const channel of ['private-e2e-chat', 'presence-e2e-chat']) expect((await events(page, 'ana', channel)).filter((e) => e.event.startsWith('client-'))).toEqual([])
    expect(await events(page, 'ana', 'e2e-public-chat')).toEqual([{ event: 'sentinel', data: {} }])
  })

  test('after the node restarts, pusher-js reconnects with a new socket id, authorizes again, resubscribes and receives (5, 35)', async ({ page }) => {
    test.setTimeout(180_000)
    const requests = await openBlankPage(page, secret)
    const first = await openClient(page, 'reader', node.port)
    await subscribe(page, 'reader', 'private-e2e-restart')
    await subscribe(page, 'reader', 'e2e-restart')

    await node.stop() // graceful: every socket closed with 4200
    node = await startRealtimeNode(settings, node.port)
    // pusher-js retries at once on 4200; while the node is away its next try waits for its transport
    // timeout (15 s), and a busy machine may take longer to start the node: a bound on a hang only.
    await expect
      .poll(async () => (await seen(page)).filter((s) => s.kind === 'event' && s.event === 'pusher:subscription_succeeded' && s.channel.endsWith('e2e-restart')).length, { timeout: 120_000 })
      .toBe(4)
    expect(await errorCodes(page, 'reader')).toContain(4200)
    const second = await page.evaluate(() => window.realtime.clients.reader!.connection.socket_id)
    expect(second).not.toBe(first)
    expect(requests.filter((r) => r.channel === 'private-e2e-restart').map((r) => r.socketId)).toEqual([first, second])

    const sdk = sdkFor(node.port, secret)
    await sdk.trigger(['private-e2e-restart', 'e2e-restart'], 'after-restart', { n: 1 })
    for (const channel of ['private-e2e-restart', 'e2e-restart']) await expect.poll(() => events(page, 'reader', channel)).toEqual([{ event: 'after-restart', data: { n: 1 } }])
  })
})
