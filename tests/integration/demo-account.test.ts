import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuthSession } from '~/contract/auth'
import { DEMO_ACCOUNT, seedReferenceData } from '~/server/site/reference-data'
import { users } from '~/server/db/schema'
import { openDatabase } from '~/server/db/client'
import { startTestApi, type TestApi } from '../support/api'
import { login } from '../support/accounts'

describe('the demonstration account', () => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi('pglite')
  })
  afterAll(async () => {
    await t?.close()
  })

  it('exists outside production with the README’s credentials, once however often the seed runs', async () => {
    const res = await login(t, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
    expect(res.status).toBe(200)
    expect(AuthSession.parse(await res.json()).user).toMatchObject({ email: DEMO_ACCOUNT.email, email_verified: true })
    await seedReferenceData(t.deps.database.db, { demo: true })
    expect(await t.deps.database.db.select().from(users).where(eq(users.email, DEMO_ACCOUNT.email))).toHaveLength(1)
  })

  it('is never created by the production seed', async () => {
    const handle = await openDatabase({ dataDir: ':memory:' })
    try {
      await seedReferenceData(handle.db, { demo: false })
      expect(await handle.db.select().from(users)).toEqual([])
    } finally {
      await handle.close()
    }
  })

  it('is the one the README gives', async () => {
    const { readFileSync } = await import('node:fs')
    const readme = readFileSync('README.md', 'utf8')
    expect(readme).toContain(DEMO_ACCOUNT.email)
    expect(readme).toContain(DEMO_ACCOUNT.password)
  })
})
