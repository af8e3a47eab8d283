import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { Done, UserLookup } from '~/contract/auth'
import { TwoFactorSessionState } from '~/contract/two-factor'
import { inProcessTransport, ProviderClient } from '~/server/provider/client'
import { withRequestId } from '~/server/request-context'
import { bearer, registerUser } from '../support/accounts'
import { databaseKinds, startTestApi, type TestApi } from '../support/api'

/** The lookups behind `authenticate`, counted: the private step that reads the database. */
function countLookups(t: TestApi) {
  return vi.spyOn(t.deps.accounts as unknown as { lookUpSession: (token: string, now: number) => Promise<unknown> }, 'lookUpSession')
}

let requests = 0
/** Runs `work` as one web request does: its own context, which its in-process provider calls share. */
const asOneRequest = <T>(work: () => Promise<T>) => withRequestId(`test-request-${++requests}`, work)

describe.each(databaseKinds)('sessions looked up once per request on %s', (kind) => {
  let t: TestApi
  let client: ProviderClient

  beforeAll(async () => {
    t = await startTestApi(kind)
    client = new ProviderClient(inProcessTransport(async () => t.api))
  })
  afterAll(async () => {
    vi.restoreAllMocks()
    await t?.close()
  })

  it("shares one lookup among a request's provider calls, and looks again for the next request", async () => {
    const { session } = await registerUser(t)
    const as = { bearer: session.access_token }
    const lookups = countLookups(t)
    await asOneRequest(async () => {
      const [user, state] = await Promise.all([
        client.call('/auth/user', { ...as, schema: UserLookup }),
        client.call('/auth/two-factor/check-active-session', { ...as, method: 'POST', json: {}, schema: TwoFactorSessionState }),
      ])
      expect(user.data?.id).toBe(session.user.id)
      expect(state.is_two_factor_enabled_for_user).toBe(false)
      expect((await client.call('/auth/user', { ...as, schema: UserLookup })).data?.id).toBe(session.user.id)
    })
    expect(lookups).toHaveBeenCalledTimes(1)
    await asOneRequest(() => client.call('/auth/user', { ...as, schema: UserLookup }))
    expect(lookups).toHaveBeenCalledTimes(2)
    lookups.mockRestore()
  })

  it('looks the session up again after a call that may change it: signed out within the request, the next call is not signed in', async () => {
    const { session } = await registerUser(t)
    const as = { bearer: session.access_token }
    await asOneRequest(async () => {
      expect((await client.call('/auth/user', { ...as, schema: UserLookup })).data?.id).toBe(session.user.id)
      await client.call('/auth/logout', { ...as, method: 'POST', schema: Done })
      expect((await client.call('/auth/user', { ...as, schema: UserLookup })).data).toBeNull()
    })
  })

  it('a session ended by another request no longer works from the next request on', async () => {
    const { session } = await registerUser(t)
    const as = { bearer: session.access_token }
    expect((await asOneRequest(() => client.call('/auth/user', { ...as, schema: UserLookup }))).data?.id).toBe(session.user.id)
    expect((await t.call('/auth/logout', { method: 'POST', headers: bearer(session.access_token) })).status).toBe(200)
    expect((await asOneRequest(() => client.call('/auth/user', { ...as, schema: UserLookup }))).data).toBeNull()
  })
})
