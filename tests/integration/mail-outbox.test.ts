/** The outbox keeps the text of a message (reset links, codes, confirmation links) only while it is needed. */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox } from '~/server/db/schema'
import { startTestApi, type TestApi } from '../support/api'
import { latestMail, registerUser } from '../support/accounts'
import { startFakeSmtp, type FakeSmtp } from '../support/smtp'

/** The outbox rows to an address, once `done` holds for them (mail is delivered after the answer). */
async function outboxOnce(t: TestApi, to: string, done: (rows: (typeof mailOutbox.$inferSelect)[]) => boolean) {
  for (const deadline = Date.now() + 5000; ; await new Promise((resolve) => setTimeout(resolve, 20))) {
    const rows = await t.deps.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))
    if (done(rows)) return rows
    if (Date.now() > deadline) throw new Error(`outbox to ${to} never settled: ${JSON.stringify(rows)}`)
  }
}

const mailbox = async (t: TestApi, to: string) => ((await (await t.call(`/dev/mailbox?to=${encodeURIComponent(to)}`)).json()) as { data: unknown[] }).data

describe('outbox with an SMTP server', () => {
  let smtp: FakeSmtp
  let t: TestApi
  beforeAll(async () => {
    smtp = await startFakeSmtp()
    t = await startTestApi('pglite', { SMTP_URL: smtp.url })
  })
  afterAll(async () => {
    await t?.close()
    await smtp?.close()
  })

  it('hands every message to SMTP after the answer, then keeps who, which kind and when, but no text', async () => {
    const { email } = await registerUser(t)
    const [row] = await outboxOnce(t, email, (rows) => rows.every((r) => r.sentAt !== null))
    expect(row).toMatchObject({ kind: 'welcome', subject: '', text: '', html: '', error: null })
    expect(smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(1)
    expect(await mailbox(t, email)).toEqual([])
  })
})

describe('outbox without SMTP (the development mailbox)', () => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi('pglite', { MAIL_RETENTION_HOURS: '24' })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('keeps a message’s text for MAIL_RETENTION_HOURS, then shows nothing and blanks it', async () => {
    const { email } = await registerUser(t)
    expect(await latestMail(t, email, 'welcome')).toContain('/confirm-email?token=')

    await t.deps.database.db.update(mailOutbox).set({ createdAt: new Date(Date.now() - 25 * 3_600_000) }).where(eq(mailOutbox.to, email))
    expect(await mailbox(t, email)).toEqual([])
    // The next message sent clears whatever outlived the retention.
    await registerUser(t)
    const [row] = await outboxOnce(t, email, (rows) => rows.every((r) => r.text === ''))
    expect(row).toMatchObject({ kind: 'welcome', subject: '', text: '', html: '' })
  })
})
