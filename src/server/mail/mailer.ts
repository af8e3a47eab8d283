import { and, desc, eq, gte, lt, ne } from 'drizzle-orm'
import { z } from 'zod'
import type { Locale } from '~/i18n/locales'
import type { AppConfig } from '../../../app.config'
import { afterAnswering } from '../background'
import type { Database, Queryable } from '../db/client'
import { mailOutbox, type MailAttachment } from '../db/schema'
import { PermanentJobError, type JobContext, type JobQueue } from '../jobs/queue'
import { log } from '../log'
import { brokerDetailsOf } from '../documents'
import { renderMail, type MailKind, type MailVars } from './templates'

type Transport = {
  sendMail(message: { from: string; to: string; subject: string; text: string; html: string; attachments?: { filename: string; content: Buffer; contentType: string }[] }): Promise<unknown>
}
type Message = { subject: string; text: string; html: string }

/** What an outbox row keeps once its text is no longer needed: who, which kind, when; no link or code. */
const FORGOTTEN: Message & { attachments: MailAttachment[] } = { subject: '', text: '', html: '', attachments: [] }

/** Tries before a message is given up: 30 s, 1, 2 and 4 minutes apart, within a code's 10 minutes. */
export const MAIL_ATTEMPTS = 5
const FIRST_RETRY_MS = 30_000
const retryDelay = (attempt: number) => FIRST_RETRY_MS * 2 ** (attempt - 1)

/** The job that hands one outbox message to SMTP (decision 46); its dedupe key is `mail:<message id>`. */
export const MAIL_DELIVER_JOB = 'mail.deliver'
const DeliverPayload = z.object({ messageId: z.string().min(1) })

/**
 * The one way the site sends mail: every message is written to the outbox, then delivered by
 * SMTP when `SMTP_URL` is set, by a `mail.deliver` job of the durable queue queued in the same
 * transaction: it runs after the request has answered (a slow mail server never slows or reveals
 * anything), on whichever node claims it, survives a restart, and is retried with the queue's
 * backoff until `MAIL_ATTEMPTS`. The outbox row stays the message store and says what happened
 * (attempts, error, when the next try is due). Messages carry reset links, codes and
 * confirmation links, so the outbox keeps their text only while it is needed: until SMTP took
 * it or it was given up, or `MAIL_RETENTION_HOURS` for the development mailbox
 * (`/api/v1/dev/mailbox`, outside production).
 */
export class Mailer {
  private transport: Promise<Transport> | undefined

  constructor(
    private readonly db: Database,
    private readonly config: Pick<AppConfig, 'SMTP_URL' | 'MAIL_FROM' | 'MAIL_RETENTION_HOURS'> & Parameters<typeof brokerDetailsOf>[0],
    private readonly jobs: JobQueue,
  ) {
    jobs.define({
      kind: MAIL_DELIVER_JOB,
      payload: DeliverPayload,
      maxAttempts: MAIL_ATTEMPTS,
      backoffMs: retryDelay,
      run: (payload, context) => this.deliver(payload.messageId, context),
    })
  }

  /**
   * `attachments`: files sent with it (a policy PDF); kept in the outbox, and forgotten, with the text.
   * `tx`: write the message inside the caller's transaction, so it exists exactly when the caller's
   * change commits (a reminder marked sent and its mail).
   */
  async send(kind: MailKind, to: string, locale: Locale, vars: MailVars, options: { attachments?: MailAttachment[]; tx?: Queryable } = {}): Promise<void> {
    const message = renderMail(kind, locale, { brand: this.config.BRAND_NAME, ...vars }, brokerDetailsOf(this.config))
    const smtp = Boolean(this.config.SMTP_URL)
    const write = async (tx: Queryable) => {
      const [row] = await tx
        .insert(mailOutbox)
        .values({ to, kind, locale, ...message, attachments: options.attachments ?? [], nextAttemptAt: smtp ? new Date() : null })
        .returning({ id: mailOutbox.id })
      if (smtp && row) await this.jobs.enqueue(MAIL_DELIVER_JOB, { messageId: row.id }, { dedupeKey: `mail:${row.id}`, tx })
    }
    if (options.tx) await write(options.tx)
    else await this.db.transaction(write)
    if (smtp) this.jobs.kick()
    this.workInBackground()
  }

  /** After the current request: forgets what outlived the retention (at start, and after every message). */
  workInBackground(): void {
    afterAnswering('mail.forget_expired', () => this.forgetExpired())
  }

  /** The newest messages to an address whose text is still kept (development mailbox and tests). */
  async latest(to: string, limit: number) {
    const rows = await this.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, to), ne(mailOutbox.text, ''), gte(mailOutbox.createdAt, this.retentionStart())))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(limit)
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      subject: r.subject,
      text: r.text,
      attachments: r.attachments.map((a) => ({ filename: a.filename, content_type: a.contentType, size: Buffer.byteLength(a.content, 'base64') })),
      created_at: r.createdAt.toISOString(),
    }))
  }

  /** One attachment of a kept message, for the development mailbox. */
  async attachment(id: string, index: number): Promise<MailAttachment | undefined> {
    const [row] = await this.db.select({ attachments: mailOutbox.attachments }).from(mailOutbox).where(eq(mailOutbox.id, id))
    return row?.attachments[index]
  }

  /** Blanks the text of messages older than the retention (run at start and after every message). */
  async forgetExpired(): Promise<void> {
    await this.db
      .update(mailOutbox)
      .set(FORGOTTEN)
      .where(and(lt(mailOutbox.createdAt, this.retentionStart()), ne(mailOutbox.text, '')))
  }

  /**
   * The `mail.deliver` job: hands one message to SMTP, then forgets its text. A failure is
   * recorded on the row and thrown, so the queue tries again later; on the last try the text
   * is forgotten. A message already sent or given up is left alone (a job run twice sends once
   * as far as the outbox can tell).
   */
  private async deliver(messageId: string, context: JobContext): Promise<void> {
    const [row] = await this.db.select().from(mailOutbox).where(eq(mailOutbox.id, messageId))
    if (!row || row.sentAt !== null || row.text === '') return
    try {
      const attachments = row.attachments.map((a) => ({ filename: a.filename, content: Buffer.from(a.content, 'base64'), contentType: a.contentType }))
      await (await this.smtp()).sendMail({ from: this.config.MAIL_FROM, to: row.to, subject: row.subject, text: row.text, html: row.html, ...(attachments.length ? { attachments } : {}) })
    } catch (error) {
      const reason = error instanceof Error ? error.message.slice(0, 500) : 'unknown'
      if (context.lastAttempt) {
        log.error('mail.given_up', { kind: row.kind, attempts: context.attempt, error })
        await this.db.update(mailOutbox).set({ ...FORGOTTEN, attempts: context.attempt, error: reason, nextAttemptAt: null }).where(eq(mailOutbox.id, row.id))
        throw new PermanentJobError(`mail given up after ${context.attempt} tries: ${reason}`)
      }
      const nextAttemptAt = new Date(Date.now() + retryDelay(context.attempt))
      log.warn('mail.send_failed', { kind: row.kind, attempts: context.attempt, retryAt: nextAttemptAt.toISOString(), error })
      await this.db.update(mailOutbox).set({ attempts: context.attempt, error: reason, nextAttemptAt }).where(eq(mailOutbox.id, row.id))
      throw error
    }
    await this.db
      .update(mailOutbox)
      .set({ ...FORGOTTEN, attempts: context.attempt, sentAt: new Date(), nextAttemptAt: null, error: null })
      .where(eq(mailOutbox.id, row.id))
  }

  private retentionStart(): Date {
    return new Date(Date.now() - this.config.MAIL_RETENTION_HOURS * 3_600_000)
  }

  private smtp(): Promise<Transport> {
    this.transport ??= import('nodemailer').then((m) => m.createTransport(this.config.SMTP_URL as string) as Transport)
    return this.transport
  }
}
