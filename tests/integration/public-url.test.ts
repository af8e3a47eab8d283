/**
 * With `PUBLIC_URL` unset (outside production), the links in mail name the origin the server
 * listens on, not a fixed `localhost:3000`. The page policy is checked in
 * tests/unit/security-headers.test.ts, production's refusal in tests/unit/config.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../support/api'
import { latestMail, registerUser } from '../support/accounts'

describe('mail links without PUBLIC_URL', () => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi('pglite', { PORT: '3960' })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('point at the port the server runs on', async () => {
    expect(t.config.PUBLIC_URL).toBe('http://localhost:3960')
    const { email } = await registerUser(t)
    const welcome = await latestMail(t, email, 'welcome')
    expect(welcome).toContain('http://localhost:3960/confirm-email?')
    expect(welcome).not.toContain('localhost:3000')
  })
})
