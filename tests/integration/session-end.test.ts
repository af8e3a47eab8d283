/** A device whose session ended is told why: signed out from elsewhere, or expired. */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuthSession } from '~/contract/auth'
import { authSessions } from '~/server/db/schema'
import { hashToken } from '~/server/auth/secrets'
import { login, registerUser } from '../support/accounts'
import { startTestApi, type TestApi } from '../support/api'

describe('why a session ended', () => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi('pglite')
  })
  afterAll(() => t?.close())

  const sessions = (token: string) => t.call('/account/sessions', { headers: { authorization: `Bearer ${token}` } })

  it('says signed_out_elsewhere to a device signed out from another one', async () => {
    const { email, session: first } = await registerUser(t)
    const second = AuthSession.parse(await (await login(t, email)).json())
    expect((await t.call('/account/sessions/revoke-others', { method: 'POST', headers: { authorization: `Bearer ${second.access_token}` } })).status).toBe(200)

    const refused = await sessions(first.access_token)
    expect(refused.status).toBe(401)
    expect(refused.headers.get('x-session-end-reason')).toBe('signed_out_elsewhere')
    expect((await sessions(second.access_token)).status).toBe(200)
  })

  it('says expired to a device whose session fell idle, and nothing to a token that never was one', async () => {
    const { session } = await registerUser(t)
    const idleSince = new Date(Date.now() - (t.config.SESSION_IDLE_MINUTES + 5) * 60_000)
    await t.deps.database.db.update(authSessions).set({ lastUsedAt: idleSince }).where(eq(authSessions.tokenHash, hashToken(session.access_token)))

    const refused = await sessions(session.access_token)
    expect(refused.status).toBe(401)
    expect(refused.headers.get('x-session-end-reason')).toBe('expired')
    // Asked again later, the answer stays the same.
    expect((await sessions(session.access_token)).headers.get('x-session-end-reason')).toBe('expired')

    const unknown = await sessions('never-issued-token')
    expect(unknown.status).toBe(401)
    expect(unknown.headers.get('x-session-end-reason')).toBeNull()
  })
})
