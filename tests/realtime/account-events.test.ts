/**
 * The account security events of the catalogue, end to end: the provider API's accounts and
 * two-factor services publish them through the configured realtime server, and the user's
 * devices (pusher-js, authorized by the API) receive them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { privateUserChannel } from '~/contract/realtime'
import { TwoFactorQrCode, VerifyCodeResult } from '~/contract/two-factor'
import { currentStep, totpCode } from '~/server/auth/totp'
import { serveOverHttp, startTestApi, type TestApi } from '../support/api'
import { bearer, json, login, registerUser, strongPassword } from '../support/accounts'
import { eventually, realtimeModes, record, startCluster, subscribe, type TestCluster } from './support'

describe.each(realtimeModes)('account events on the user’s channel (%s)', (mode) => {
  let cluster: TestCluster
  let t: TestApi
  let http: Awaited<ReturnType<typeof serveOverHttp>>
  let apiUrl: string

  beforeAll(async () => {
    cluster = await startCluster(mode)
    // The API publishes to node 0; devices listen on every node.
    t = await startTestApi('pglite', { PUSHER_APP_ID: cluster.appId, PUSHER_APP_KEY: cluster.key, PUSHER_APP_SECRET: cluster.secret, PUSHER_HOST: '127.0.0.1', PUSHER_PORT: String(cluster.node(0).port) })
    http = await serveOverHttp(t)
    apiUrl = http.apiUrl
  })
  afterAll(async () => {
    await cluster?.close()
    await http?.close()
    await t?.close()
  })

  const device = (token: string, node: number) =>
    cluster.client({ node, channelAuthorization: { endpoint: `${apiUrl}/pusher/auth`, transport: 'ajax', headers: { Authorization: `Bearer ${token}` } } })

  it('tells every open device of a new sign-in, then of two-step sign-in turned on and off', async () => {
    const { email, session } = await registerUser(t)
    const [laptop, tablet] = [device(session.access_token, 0), device(session.access_token, cluster.nodes.length - 1)]
    const seen = [record(await subscribe(laptop, privateUserChannel(session.user.id))), record(await subscribe(tablet, privateUserChannel(session.user.id)))]

    const phone = await login(t, email, strongPassword, '203.0.113.44')
    expect(phone.status).toBe(200)
    await eventually(() => seen.every((events) => events.length === 1))
    for (const events of seen) {
      expect(events[0]!.name).toBe('account.signed-in')
      expect(events[0]!.data).toMatchObject({ ip: '203.0.113.44', device: expect.any(String) as string })
    }

    const token = ((await phone.json()) as { access_token: string }).access_token
    const qr = TwoFactorQrCode.parse(await (await t.call('/auth/two-factor/generate-qr-code', { headers: bearer(token) })).json())
    const enrolled = VerifyCodeResult.parse(await (await t.call('/auth/two-factor/verify-code', json({ token: '', two_factor_code: totpCode(qr.secret, currentStep()), provider_code: 'authenticator', password: strongPassword }, bearer(token)))).json())
    expect((await t.call('/auth/two-factor/disable', json({ password: strongPassword }, bearer(enrolled.session.access_token)))).status).toBe(200)

    await eventually(() => seen.every((events) => events.length === 3))
    for (const events of seen) {
      expect(events.slice(1).map((e) => [e.name, (e.data as { enabled: boolean }).enabled])).toEqual([
        ['account.two-factor-changed', true],
        ['account.two-factor-changed', false],
      ])
    }
    laptop.disconnect()
    tablet.disconnect()
  })

  it('never lets a sign-in fail because the realtime server is away', async () => {
    const away = await startTestApi('pglite') // its events go to a port where nothing listens
    try {
      const { email } = await registerUser(away)
      expect((await login(away, email)).status).toBe(200)
    } finally {
      await away.close()
    }
  })
})
