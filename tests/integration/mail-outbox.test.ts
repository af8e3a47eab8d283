/**
 * The outbox keeps the text of a message (reset links, codes, confirmation links) only while it
 * is needed; delivery is a `mail.deliver` job of the durable queue, one per message.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createApiDeps } from '~/server/api'
import { jobs, mailOutbox } from '~/server/db/schema'
import { MAIL_ATTEMPTS, MAIL_DELIVER_JOB } from '~/server/mail/mailer'
import { readMailbox, startTestApi, testConfig, type TestApi } from '../support/api'
import { latestMail, registerUser } from '../support/accounts'
import { startFakeSmtp, type FakeSmtp } from '../support/smtp'

/** The outbox rows to an address, once `done` holds for them (mail is delivered after the answer). */
async function outboxOnce(t: TestApi, to: string, done: (rows: (typeof mailOutbox.$inferSelect)[]) => boolean) {
  return vi.waitFor(
    async () => {
      const rows = await t.deps.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))
      if (!done(rows)) throw new Error(`outbox to ${to} never settled: ${JSON.stringify(rows)}`)
      return rows
    },
    { timeout: 60_000, interval: 20 },
  )
}

const mailbox = async (t: TestApi, to: string) => ((await (await readMailbox(t, to)).json()) as { data: unknown[] }).data

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

describe('outbox when the mail server turns messages away', () => {
  let refusing = true
  let smtp: FakeSmtp
  let t: TestApi
  beforeAll(async () => {
    smtp = await startFakeSmtp({ refusing: () => refusing })
    t = await startTestApi('pglite', { SMTP_URL: smtp.url })
  })
  afterAll(async () => {
    await t?.close()
    await smtp?.close()
  })
  /** Lets the clock reach the next try of every message to `to`: its delivery job is due now. */
  const timeToRetry = async (to: string) => {
    const rows = await t.deps.database.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.to, to))
    for (const { id } of rows) await t.deps.database.db.update(jobs).set({ runAt: new Date(Date.now() - 1000) }).where(eq(jobs.dedupeKey, `mail:${id}`))
  }
  /** The delivery job of each message to `to`. */
  const deliveryJobs = async (to: string) => {
    const rows = await t.deps.database.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.to, to))
    return Promise.all(rows.map(async ({ id }) => (await t.deps.database.db.select().from(jobs).where(eq(jobs.dedupeKey, `mail:${id}`)))[0]))
  }

  it('keeps a refused message and sends it at a later try, backing off in between', async () => {
    refusing = true
    const registered = Date.now() // the failed try comes after: its retry is at least this far from it
    const { email } = await registerUser(t)
    const [failed] = await outboxOnce(t, email, (rows) => rows.every((r) => r.attempts === 1))
    expect(failed).toMatchObject({ kind: 'welcome', sentAt: null, error: expect.stringContaining('451') })
    expect(failed!.text).toContain('/confirm-email?token=') // kept for the next try
    expect(failed!.nextAttemptAt!.getTime() - registered).toBeGreaterThan(20_000) // not hammering the server
    const [job] = await deliveryJobs(email)
    expect(job).toMatchObject({ kind: MAIL_DELIVER_JOB, status: 'queued', attempts: 1 })
    expect(job!.runAt.getTime() - registered).toBeGreaterThan(20_000) // the queue waits as long

    await t.deps.jobs.runDue() // too early: nothing is due
    expect((await outboxOnce(t, email, () => true))[0]).toMatchObject({ attempts: 1, sentAt: null })

    refusing = false
    await timeToRetry(email)
    await t.deps.jobs.runDue()
    const [sent] = await outboxOnce(t, email, (rows) => rows.every((r) => r.sentAt !== null))
    expect(sent).toMatchObject({ attempts: 2, text: '', nextAttemptAt: null, error: null })
    expect((await deliveryJobs(email))[0]).toMatchObject({ status: 'done' })
    expect(smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(1)
  })

  it(`gives up after ${MAIL_ATTEMPTS} tries and forgets the text`, async () => {
    refusing = true
    const { email } = await registerUser(t)
    await outboxOnce(t, email, (rows) => rows.every((r) => r.attempts === 1))
    for (let attempt = 2; attempt <= MAIL_ATTEMPTS; attempt++) {
      await timeToRetry(email)
      await t.deps.jobs.runDue()
    }
    const [row] = await outboxOnce(t, email, () => true)
    expect(row).toMatchObject({ attempts: MAIL_ATTEMPTS, sentAt: null, nextAttemptAt: null, text: '', subject: '' })
    expect((await deliveryJobs(email))[0]).toMatchObject({ status: 'failed', attempts: MAIL_ATTEMPTS })
    expect(smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(0)
  })
})

describe('outbox across a restart', () => {
  it('sends, at the next start, what a stopped process had not delivered', async () => {
    const smtp = await startFakeSmtp({ refusing: () => false })
    const dataDir = mkdtempSync(path.join(tmpdir(), 'asiguro-mail-'))
    try {
      // A message written and its job queued, but never run: a process that stopped right after answering leaves it so.
      const first = await createApiDeps(testConfig({ SMTP_URL: smtp.url }), { dataDir, workers: false })
      await first.mailer.send('welcome', 'left@example.ro', 'ro', { name: 'Ana', link: 'http://localhost/confirm-email?token=x' })
      await first.database.close()
      expect(smtp.messages).toEqual([])

      const second = await createApiDeps(testConfig({ SMTP_URL: smtp.url }), { dataDir })
      try {
        await vi.waitFor(() => expect(smtp.messages.map((m) => m.to)).toEqual([['left@example.ro']]), { timeout: 60_000, interval: 20 })
        await second.jobs.stop()
      } finally {
        await second.database.close()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
      await smtp.close()
    }
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
