/**
 * The app's own authorization endpoint (`POST /api/v1/pusher/auth`, `/pusher/user-auth`) on a
 * real provider API with real registered users, called by pusher-js; and the publisher that
 * pushes catalogue events to a user's devices through the `pusher` SDK.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { PresenceChannel } from 'pusher-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuthSession } from '~/contract/auth'
import { presenceUserChannel, privateUserChannel } from '~/contract/realtime'
import { RealtimePublisher } from '~/server/realtime/publisher'
import { errorOf, json, serveOverHttp, startTestApi, type TestApi } from '../support/api'
import { connected, eventually, once, realtimeModes, record, startCluster, state, subscribe, type TestCluster } from './support'

describe.each(realtimeModes)('authorization by the provider API (%s)', (mode) => {
  let cluster: TestCluster
  let t: TestApi
  let http: Awaited<ReturnType<typeof serveOverHttp>>
  let apiUrl: string
  let registered = 0

  beforeAll(async () => {
    cluster = await startCluster(mode)
    t = await startTestApi('pglite', { PUSHER_APP_ID: cluster.appId, PUSHER_APP_KEY: cluster.key, PUSHER_APP_SECRET: cluster.secret })
    http = await serveOverHttp(t)
    apiUrl = http.apiUrl
  })
  afterAll(async () => {
    await cluster?.close()
    await http?.close()
    await t?.close()
  })

  async function register(): Promise<{ id: string; token: string }> {
    registered++
    const password = 'violet harbour lamps 7 ways'
    const res = await t.call(
      '/auth/register',
      json({ email: `rt${registered}-${Date.now()}@example.ro`, first_name: 'Ana', last_name: 'Pop', password, password_confirmation: password, accept_terms: true, token: '' }, { 'x-forwarded-for': `198.51.100.${registered}` }),
    )
    expect(res.status).toBe(201)
    const session = AuthSession.parse(await res.json())
    return { id: session.user.id, token: session.access_token }
  }

  const client = (token: string | undefined, node?: number) =>
    cluster.client({
      ...(node === undefined ? {} : { node }),
      channelAuthorization: { endpoint: `${apiUrl}/pusher/auth`, transport: 'ajax', headers: token ? { Authorization: `Bearer ${token}` } : {} },
      userAuthentication: { endpoint: `${apiUrl}/pusher/user-auth`, transport: 'ajax', headers: token ? { Authorization: `Bearer ${token}` } : {} },
    })

  it('signs the user’s own private channel, and the publisher’s catalogue events arrive there', async () => {
    const user = await register()
    const phone = client(user.token)
    const channel = await subscribe(phone, privateUserChannel(user.id))
    const received = once(channel, 'account.two-factor-changed')
    const publisher = new RealtimePublisher({ ...t.config, PUSHER_HOST: '127.0.0.1', PUSHER_PORT: cluster.node(1).port })
    const at = new Date().toISOString()
    expect(await publisher.publishUserEvent(user.id, 'account.two-factor-changed', { enabled: true, provider_code: 'authenticator', at })).toBe(true)
    expect(await received).toEqual({ enabled: true, provider_code: 'authenticator', at })
    phone.disconnect()
  })

  it('publishes to the embedded server on 127.0.0.1:PORT when PUSHER_HOST is empty, and skips the device that caused the event', async () => {
    const user = await register()
    const [laptop, phone] = [client(user.token, 0), client(user.token, 1)]
    const seen = [record(await subscribe(laptop, privateUserChannel(user.id))), record(await subscribe(phone, privateUserChannel(user.id)))]
    const publisher = new RealtimePublisher({ ...t.config, PUSHER_HOST: undefined, PORT: cluster.node(0).port })
    const signedIn = { device: 'Firefox on Windows', ip: '203.0.113.7', at: new Date().toISOString() }
    expect(await publisher.publishUserEvent(user.id, 'account.signed-in', signedIn, { exceptSocketId: laptop.connection.socket_id })).toBe(true)
    expect(await publisher.publishUserEvent(user.id, 'account.two-factor-changed', { enabled: false, at: signedIn.at })).toBe(true)
    await eventually(() => seen.every((s) => s.some((e) => e.name === 'account.two-factor-changed')))
    expect(seen[0]!.map((e) => e.name)).toEqual(['account.two-factor-changed'])
    expect(seen[1]!.map((e) => e.name)).toEqual(['account.signed-in', 'account.two-factor-changed'])
    expect(seen[1]![0]!.data).toEqual(signedIn)
    laptop.disconnect()
    phone.disconnect()
  })

  it('never throws from the publisher: an invalid payload or an unreachable server answers false', async () => {
    const user = await register()
    const phone = client(user.token)
    const seen = record(await subscribe(phone, privateUserChannel(user.id)))
    const publisher = new RealtimePublisher({ ...t.config, PUSHER_HOST: '127.0.0.1', PUSHER_PORT: cluster.node(0).port })
    const bad = { device: '', ip: 'not an ip', at: 'yesterday' } as unknown as { device: string; ip: string; at: string }
    expect(await publisher.publishUserEvent(user.id, 'account.signed-in', bad)).toBe(false)
    expect(await publisher.publishUserEvent(user.id, 'no.such-event' as 'account.signed-in', { device: 'x', ip: null, at: new Date().toISOString() })).toBe(false)
    expect(await publisher.publishUserEvent('bad user id', 'account.two-factor-changed', { enabled: true, at: new Date().toISOString() })).toBe(false)
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const nowhere = new RealtimePublisher({ ...t.config, PUSHER_HOST: '127.0.0.1', PUSHER_PORT: port })
    expect(await nowhere.publishUserEvent(user.id, 'account.two-factor-changed', { enabled: true, at: new Date().toISOString() })).toBe(false)
    const wrongSecret = new RealtimePublisher({ ...t.config, PUSHER_APP_SECRET: 'x'.repeat(32), PUSHER_HOST: '127.0.0.1', PUSHER_PORT: cluster.node(0).port })
    expect(await wrongSecret.publishUserEvent(user.id, 'account.two-factor-changed', { enabled: true, at: new Date().toISOString() })).toBe(false)
    expect(await publisher.publishUserEvent(user.id, 'account.two-factor-changed', { enabled: true, at: new Date().toISOString() })).toBe(true)
    await eventually(() => seen.length === 1)
    expect(seen.map((e) => e.name)).toEqual(['account.two-factor-changed'])
    phone.disconnect()
  })

  it('joins the user’s presence channel: one member however many devices', async () => {
    const user = await register()
    const devices = [client(user.token, 0), client(user.token, 1)]
    const channels = []
    for (const device of devices) channels.push((await subscribe(device, presenceUserChannel(user.id))) as PresenceChannel)
    expect(channels[1]!.members.me).toEqual({ id: user.id, info: null })
    expect(channels[1]!.members.count).toBe(1)
    const info = await (await cluster.sdk().get({ path: `/channels/${presenceUserChannel(user.id)}`, params: { info: 'user_count,subscription_count' } })).json()
    expect(info).toEqual({ occupied: true, user_count: 1, subscription_count: 2 })
    for (const device of devices) device.disconnect()
  })

  it('refuses another user’s channels and any other channel with 403, and a missing bearer with 401', async () => {
    const [me, other] = [await register(), await register()]
    const mine = client(me.token)
    await connected(mine)
    for (const channel of [privateUserChannel(other.id), presenceUserChannel(other.id), 'private-orders', 'presence-lobby', `private-user-${me.id}-x`]) {
      const refused = await subscribe(mine, channel).catch((e: { data: unknown }) => e.data)
      expect(refused, channel).toMatchObject({ type: 'AuthError', status: 403 })
    }
    const anonymous = client(undefined)
    const refused = await subscribe(anonymous, privateUserChannel(me.id)).catch((e: { data: unknown }) => e.data)
    expect(refused).toMatchObject({ type: 'AuthError', status: 401 })

    // The answers are the API's error envelope.
    const socket_id = mine.connection.socket_id
    const form = (body: Record<string, string>, headers: Record<string, string> = {}) =>
      fetch(`${apiUrl}/pusher/auth`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(body) })
    const unauthenticated = await form({ socket_id, channel_name: privateUserChannel(me.id) })
    expect(unauthenticated.status).toBe(401)
    expect(await errorOf(unauthenticated)).toMatchObject({ code: 401, message: 'unauthenticated' })
    const forbidden = await form({ socket_id, channel_name: privateUserChannel(other.id) }, { authorization: `Bearer ${me.token}` })
    expect(forbidden.status).toBe(403)
    expect(await errorOf(forbidden)).toMatchObject({ code: 403, message: 'forbidden' })
    const malformed = await form({ socket_id: 'abc', channel_name: 'bad name' }, { authorization: `Bearer ${me.token}` })
    expect(malformed.status).toBe(422)
    expect(Object.keys((await errorOf(malformed)).message).sort()).toEqual(['channel_name', 'socket_id'])
    const ok = await form({ socket_id, channel_name: privateUserChannel(me.id) }, { authorization: `Bearer ${me.token}` })
    expect(await ok.json()).toEqual(cluster.sdk().authorizeChannel(socket_id, privateUserChannel(me.id)))
    mine.disconnect()
    anonymous.disconnect()
  })

  it('signs a realtime sign-in as the bearer’s user; the server can then end that user’s connections', async () => {
    const user = await register()
    const device = client(user.token)
    await connected(device)
    device.signin()
    await device.user.signinDonePromise
    expect(device.user.user_data).toEqual({ id: user.id })
    await cluster.sdk().terminateUserConnections(user.id)
    await state(device, 'disconnected')
  })
})
