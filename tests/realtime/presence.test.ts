/**
 * Presence channels: member lists, joins and leaves counted per user (not per connection),
 * limits, members from the sign-in, and (two nodes) a node that dies. Checklist 13–16, 33.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { PresenceChannel } from 'pusher-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RawClient, connected, eventually, once, realtimeModes, record, startAuthEndpoint, startCluster, subscribe, wsUrl, type TestCluster } from './support'

interface Member {
  id: string
  info: unknown
}

describe.each(realtimeModes)('presence (%s)', (mode) => {
  let cluster: TestCluster
  let auth: Awaited<ReturnType<typeof startAuthEndpoint>>
  beforeAll(async () => {
    cluster = await startCluster(mode, { options: { maxPresenceMembers: 4, maxUserInfoBytes: 200 } })
    auth = await startAuthEndpoint(cluster.sdk(0))
  })
  afterAll(async () => {
    await auth?.close()
    await cluster?.close()
  })

  const as = (userId: string, extra: Record<string, string> = {}, node?: number) =>
    cluster.client({
      ...(node === undefined ? {} : { node }),
      channelAuthorization: { endpoint: auth.url, transport: 'ajax', headers: { Authorization: 'Bearer test-token' }, params: { user_id: userId, ...extra } },
      userAuthentication: { endpoint: `${auth.url}/user-auth`, transport: 'ajax', headers: { Authorization: 'Bearer test-token' }, params: { user_id: userId, ...extra } },
    })
  const users = async (channel: string) => ((await (await cluster.sdk().get({ path: `/channels/${channel}/users` })).json()) as { users: { id: string }[] }).users.map((u) => u.id).sort()

  it('answers subscription_succeeded with {presence: {ids, hash, count}}; members.me is set; numeric ids work (13)', async () => {
    const ana = as('ana', { user_info: JSON.stringify({ name: 'Ana' }) })
    const channel = (await subscribe(ana, 'presence-13')) as PresenceChannel
    expect(channel.members.me).toEqual({ id: 'ana', info: { name: 'Ana' } })
    expect(channel.members.count).toBe(1)

    const raw = await RawClient.open(wsUrl(cluster.node(1), cluster.key))
    const socketId = await raw.socketId()
    const sdk = cluster.sdk()
    raw.send({ event: 'pusher:subscribe', data: { channel: 'presence-13', ...sdk.authorizeChannel(socketId, 'presence-13', { user_id: 10 as unknown as string, user_info: { n: 1 } }) } })
    const ok = await raw.event('pusher_internal:subscription_succeeded')
    expect(typeof ok.data).toBe('string')
    const presence = (JSON.parse(ok.data as string) as { presence: { ids: string[]; hash: Record<string, unknown>; count: number } }).presence
    expect(presence.count).toBe(2)
    expect(presence.ids.sort()).toEqual(['10', 'ana'])
    expect(presence.hash).toEqual({ ana: { name: 'Ana' }, 10: { n: 1 } })

    const numeric = as('11', { numeric: '1' })
    const seen = (await subscribe(numeric, 'presence-13')) as PresenceChannel
    expect(seen.members.me).toMatchObject({ id: 11 })
    expect(seen.members.count).toBe(3)
    raw.close()
    for (const c of [ana, numeric]) c.disconnect()
  })

  it('tells other members about joins and leaves, on unsubscribe and on an abrupt close, but not the joiner itself (14)', async () => {
    const watcher = as('watcher')
    const channel = (await subscribe(watcher, 'presence-14')) as PresenceChannel
    const events = record(channel)
    const bob = as('bob')
    const bobs = record(await subscribe(bob, 'presence-14'))
    await eventually(() => events.some((e) => e.name === 'pusher:member_added'))
    expect(events.find((e) => e.name === 'pusher:member_added')?.data).toEqual({ id: 'bob', info: null })
    bob.unsubscribe('presence-14')
    await eventually(() => events.some((e) => e.name === 'pusher:member_removed'))
    expect(events.find((e) => e.name === 'pusher:member_removed')?.data).toMatchObject({ id: 'bob' })
    expect(bobs.filter((e) => e.name === 'pusher:member_added')).toEqual([])

    const raw = await RawClient.open(wsUrl(cluster.node(1), cluster.key))
    const socketId = await raw.socketId()
    raw.send({ event: 'pusher:subscribe', data: { channel: 'presence-14', ...cluster.sdk().authorizeChannel(socketId, 'presence-14', { user_id: 'carol' }) } })
    await eventually(() => channel.members.get('carol') !== null)
    raw.ws.terminate()
    await eventually(() => channel.members.get('carol') === null)
    expect(events.filter((e) => e.name === 'pusher:member_removed').map((e) => (e.data as Member).id)).toEqual(['bob', 'carol'])
    expect(await users('presence-14')).toEqual(['watcher'])
    for (const c of [watcher, bob]) c.disconnect()
  })

  it('counts a user once across connections: one member_added, member_removed after the last leaves (15)', async () => {
    const watcher = as('watcher-15')
    const channel = (await subscribe(watcher, 'presence-15')) as PresenceChannel
    const events = record(channel)
    const tabs = [as('dana', {}, 0), as('dana', {}, 1), as('dana', {}, 0)]
    for (const tab of tabs) await subscribe(tab, 'presence-15')
    expect(((tabs[2]!.channel('presence-15') as PresenceChannel).members.count)).toBe(2)
    expect(await users('presence-15')).toEqual(['dana', 'watcher-15'])
    const info = (await (await cluster.sdk().get({ path: '/channels/presence-15', params: { info: 'user_count,subscription_count' } })).json()) as Record<string, unknown>
    expect(info).toEqual({ occupied: true, user_count: 2, subscription_count: 4 })
    tabs[0]!.disconnect()
    tabs[1]!.unsubscribe('presence-15')
    await eventually(async () => ((await (await cluster.sdk().get({ path: '/channels/presence-15', params: { info: 'subscription_count' } })).json()) as { subscription_count: number }).subscription_count === 2)
    expect(channel.members.get('dana')).not.toBeNull()
    tabs[2]!.disconnect()
    await eventually(() => channel.members.get('dana') === null)
    expect(events.filter((e) => e.name.startsWith('pusher:member')).map((e) => e.name)).toEqual(['pusher:member_added', 'pusher:member_removed'])
    for (const c of [watcher, ...tabs]) c.disconnect()
  })

  it('refuses a member over the channel limit and a user_info over its size limit (16)', async () => {
    const members = ['m1', 'm2', 'm3', 'm4'].map((id) => as(id))
    for (const m of members) await subscribe(m, 'presence-16')
    const again = as('m1')
    await subscribe(again, 'presence-16') // an existing member's second connection still fits
    const extra = as('m5')
    const refused = await subscribe(extra, 'presence-16').catch((e: { data: unknown }) => e.data)
    expect(refused).toMatchObject({ type: 'LimitReached' })
    const big = as('big', { user_info: JSON.stringify({ bio: 'x'.repeat(300) }) })
    const tooBig = await subscribe(big, 'presence-16b').catch((e: { data: unknown }) => e.data)
    expect(tooBig).toMatchObject({ type: 'LimitReached' })
    expect(await users('presence-16')).toEqual(['m1', 'm2', 'm3', 'm4'])
    for (const c of [...members, again, extra, big]) c.disconnect()
  })

  it('takes a signed-in user as the member when the endpoint gives no channel_data (16)', async () => {
    const client = as('eve', { user_info: JSON.stringify({ name: 'Eve' }), no_channel_data: '1' })
    await connected(client)
    client.signin()
    await client.user.signinDonePromise
    const channel = (await subscribe(client, 'presence-signed-in')) as PresenceChannel
    expect(channel.members.me).toEqual({ id: 'eve', info: { name: 'Eve' } })
    expect(await users('presence-signed-in')).toEqual(['eve'])
    client.disconnect()
  })

  if (mode === 'redis-two-nodes') {
    it('removes the members of a node that died without saying goodbye (33)', async () => {
      const port = await freePort()
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'asiguro-rt-node-'))
      const child = spawn(path.resolve('node_modules/.bin/tsx'), ['src/server/realtime/standalone.ts'], {
        env: {
          ...process.env,
          PATH: [path.dirname(process.execPath), process.env.PATH].join(path.delimiter),
          APP_ENV: 'test',
          DATA_DIR: dataDir,
          HOST: '127.0.0.1',
          REALTIME_PORT: String(port),
          REDIS_URL: process.env.TEST_REDIS_URL,
          REALTIME_REDIS_PREFIX: cluster.prefix,
          REALTIME_NODE_TIMEOUT: '2',
          PUSHER_APP_ID: cluster.appId,
          PUSHER_APP_KEY: cluster.key,
          PUSHER_APP_SECRET: cluster.secret,
          LOG_LEVEL: 'warn',
        },
        stdio: 'ignore',
        detached: true, // its own process group: tsx and its node child die together
      })
      try {
        await eventually(async () => (await fetch(`http://127.0.0.1:${port}/ready`).then((r) => r.ok).catch(() => false)), 20_000, 'the third node to start')
        const watcher = as('watcher-33', {}, 0)
        const channel = (await subscribe(watcher, 'presence-33')) as PresenceChannel
        const ghost = await RawClient.open(`ws://127.0.0.1:${port}/app/${cluster.key}?protocol=7`)
        const socketId = await ghost.socketId()
        ghost.send({ event: 'pusher:subscribe', data: { channel: 'presence-33', ...cluster.sdk().authorizeChannel(socketId, 'presence-33', { user_id: 'ghost' }) } })
        await eventually(() => channel.members.get('ghost') !== null, 5000, 'the ghost to join')
        const removed = once<Member>(channel, 'pusher:member_removed', 10_000)
        process.kill(-child.pid!, 'SIGKILL')
        expect((await removed).id).toBe('ghost')
        expect(await users('presence-33')).toEqual(['watcher-33'])
        ghost.ws.terminate()
        watcher.disconnect()
      } finally {
        try {
          process.kill(-child.pid!, 'SIGKILL')
        } catch {
          // already gone
        }
        rmSync(dataDir, { recursive: true, force: true })
      }
    }, 40_000)
  }
})

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}
