/**
 * User authentication (`pusher.signin()`), server-to-user events and terminating a user's
 * connections, on every node. Checklist 19–21.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RawClient, connected, eventually, realtimeModes, startAuthEndpoint, startCluster, state, subscribe, wsUrl, type TestCluster } from './support'

describe.each(realtimeModes)('users (%s)', (mode) => {
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

  const as = (userId: string, node?: number) =>
    cluster.client({
      ...(node === undefined ? {} : { node }),
      userAuthentication: { endpoint: `${auth.url}/user-auth`, transport: 'ajax', headers: { Authorization: 'Bearer test-token' }, params: { user_id: userId } },
      channelAuthorization: { endpoint: auth.url, transport: 'ajax', headers: { Authorization: 'Bearer test-token' }, params: { user_id: userId } },
    })

  it('signs in: signin_success carries the same user_data, and sendToUser reaches every connection of that user only (19, 20)', async () => {
    const raw = await RawClient.open(wsUrl(cluster.node(0), cluster.key))
    const socketId = await raw.socketId()
    const signed = cluster.sdk().authenticateUser(socketId, { id: 'raw-user', user_info: { n: 1 } })
    raw.send({ event: 'pusher:signin', data: signed })
    const success = await raw.event('pusher:signin_success')
    expect(JSON.parse(success.data as string)).toEqual({ user_data: signed.user_data })
    raw.close()

    const [tab1, tab2, other] = [as('u-20', 0), as('u-20', 1), as('other-20')]
    const received: string[] = []
    for (const [name, client] of [['tab1', tab1], ['tab2', tab2], ['other', other]] as const) {
      await connected(client)
      client.signin()
      await client.user.signinDonePromise
      client.user.bind('policy-issued', (data: { n: number }) => received.push(`${name}:${data.n}`))
    }
    await eventually(async () => {
      const channels = (await (await cluster.sdk().get({ path: '/channels/%23server-to-user-u-20', params: { info: 'subscription_count' } })).json()) as { subscription_count?: number }
      return channels.subscription_count === 2
    }, 5000, 'both tabs on #server-to-user-u-20')
    await cluster.sdk().sendToUser('u-20', 'policy-issued', { n: 1 })
    await eventually(() => received.length === 2)
    expect(received.sort()).toEqual(['tab1:1', 'tab2:1'])
    for (const c of [tab1, tab2, other]) c.disconnect()
  })

  it('refuses a bad sign-in with 4009 and closes; a user id must be a non-empty string (19)', async () => {
    const bad = await RawClient.open(wsUrl(cluster.node(0), cluster.key))
    await bad.socketId()
    bad.send({ event: 'pusher:signin', data: { auth: `${cluster.key}:${'0'.repeat(64)}`, user_data: JSON.stringify({ id: 'x' }) } })
    expect((await bad.event('pusher:error')).data).toMatchObject({ code: 4009 })
    expect(await bad.closed).toBe(4009)

    const noId = await RawClient.open(wsUrl(cluster.node(0), cluster.key))
    const socketId = await noId.socketId()
    const userData = JSON.stringify({ id: 42 })
    const token = cluster.sdk().authenticateUser(socketId, { id: 'placeholder' }).auth // a real signature, but over other user_data
    const { createHmac } = await import('node:crypto')
    const rightSignature = `${cluster.key}:${createHmac('sha256', cluster.secret).update(`${socketId}::user::${userData}`).digest('hex')}`
    expect(token).not.toBe(rightSignature)
    noId.send({ event: 'pusher:signin', data: { auth: rightSignature, user_data: userData } })
    expect((await noId.event('pusher:error')).data).toMatchObject({ code: 4009, message: expect.stringMatching(/string id/) })
    expect(await noId.closed).toBe(4009)
  })

  it('may not subscribe to another user’s server-to-user channel (12, 20)', async () => {
    const raw = await RawClient.open(wsUrl(cluster.node(1), cluster.key))
    const socketId = await raw.socketId()
    raw.send({ event: 'pusher:signin', data: cluster.sdk().authenticateUser(socketId, { id: 'me' }) })
    await raw.event('pusher:signin_success')
    raw.send({ event: 'pusher:subscribe', data: { channel: '#server-to-user-me' } })
    raw.send({ event: 'pusher:subscribe', data: { channel: '#server-to-user-you' } })
    expect(await raw.next((m) => m.channel === '#server-to-user-me')).toMatchObject({ event: 'pusher_internal:subscription_succeeded' })
    expect(await raw.next((m) => m.channel === '#server-to-user-you')).toMatchObject({ event: 'pusher:subscription_error', data: { status: 403 } })
    raw.close()
  })

  it('terminates the signed-in connections of one user on every node with 4009; pusher-js stays disconnected (21)', async () => {
    const [tab1, tab2, bystander, anonymous] = [as('t-21', 0), as('t-21', 1), as('b-21'), as('t-21')]
    for (const client of [tab1, tab2, bystander]) {
      await connected(client)
      client.signin()
      await client.user.signinDonePromise
    }
    await subscribe(anonymous, 'presence-21') // the same user id on a presence channel, but never signed in
    const response = await cluster.sdk().terminateUserConnections('t-21')
    expect(await response.json()).toEqual({})
    await Promise.all([state(tab1, 'disconnected'), state(tab2, 'disconnected')])
    await new Promise((resolve) => setTimeout(resolve, 1500)) // pusher-js would reconnect within a second if it meant to
    expect([tab1.connection.state, tab2.connection.state]).toEqual(['disconnected', 'disconnected'])
    expect(bystander.connection.state).toBe('connected')
    expect(anonymous.connection.state).toBe('connected')
    for (const c of [bystander, anonymous]) c.disconnect()
  })
})
