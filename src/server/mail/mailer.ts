import { and, asc, desc, eq, gte, isNotNull, lt, lte, ne } from 'drizzle-orm'
import type { Locale } from '~/i18n/locales'
import type { AppConfig } from '../../../app.config'
import { afterAnswering } from '../background'
import type { Database } from '../db/client'
import { mailOutbox } from '../db/schema'
import { log } from '../log'
import { renderMail, type MailKind } from './templates'

type Transport = { sendMail(message: { from: string; to: string; subject: string; text: string; html: string }): Promise<unknown> }
type Message = { subject: string; text: string; html: string }

/** What an outbox row keeps once its text is no longer needed: who, which kind, when; no link or code. */
const FORGOTTEN: Message = { subject: '', text: '', html: '' }

/** Tries before a message is given up: 30 s, 1, 2 and 4 minutes apart, within a code's 10 minutes. */
export const MAIL_ATTEMPTS = 5
const FIRST_RETRY_MS = 30_000
/** A node that took a message and then stopped gives it back after this long. */
const CLAIM_MS = 2 * 60_000
const BATCH = 20

/**
 * The one way the site sends mail: every message is written to the outbox, then delivered by
 * SMTP when `SMTP_URL` is set, after the request has answered (a slow mail server never slows
 * or reveals anything). The outbox is the queue: a message the server refused, or that a
 * stopped process never sent, is tried again (after each message, at start and after each failure) until
 * `MAIL_ATTEMPTS`. Messages carry reset links, codes and confirmation links, so the outbox keeps
 * their text only while it is needed: until SMTP took it or it was given up, or
 * `MAIL_RETENTION_HOURS` for the development mailbox (`/api/v1/dev/mailbox`, outside production).
 */
export class Mailer {
  private transport: Promise<Transport> | undefined

  constructor(
    private readonly db: Database,
    private readonly config: Pick<AppConfig, 'SMTP_URL' | 'MAIL_FROM' | 'BRAND_NAME' | 'MAIL_RETENTION_HOURS'>,
  ) {}

  async send(kind: MailKind, to: string, locale: Locale, vars: Record<string, string>): Promise<void> {
    const message = renderMail(kind, locale, { brand: this.config.BRAND_NAME, ...vars })
    await this.db.insert(mailOutbox).values({ to, kind, locale, ...message, nextAttemptAt: this.config.SMTP_URL ? new Date() : null })
    this.workInBackground()
  }

  /** After the current request: forgets what outlived the retention and delivers what is due (at start: what a stopped process left). */
  workInBackground(): void {
    afterAnswering('mail.forget_expired', () => this.forgetExpired())
    if (this.config.SMTP_URL) afterAnswering('mail.deliver', () => this.deliverDue())
  }

  /** The newest messages to an address whose text is still kept (development mailbox and tests). */
  async latest(to: string, limit: number) {
    const rows = await this.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, to), ne(mailOutbox.text, ''), gte(mailOutbox.createdAt, this.retentionStart())))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(limit)
    return rows.map((r) => ({ id: r.id, kind: r.kind, subject: r.subject, text: r.text, created_at: r.createdAt.toISOString() }))
  }

  /** Blanks the text of messages older than the retention (run at start and after every message). */
  async forgetExpired(): Promise<void> {
    await this.db
      .update(mailOutbox)
      .set(FORGOTTEN)
      .where(and(lt(mailOutbox.createdAt, this.retentionStart()), ne(mailOutbox.text, '')))
  }

  /** Delivers every message now due. Each is claimed first, so nodes sharing the database never send one twice. */
  async deliverDue(now = new Date()): Promise<void> {
    const due = await this.db
      .select({ id: mailOutbox.id, nextAttemptAt: mailOutbox.nextAttemptAt })
      .from(mailOutbox)
      .where(and(isNotNull(mailOutbox.nextAttemptAt), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(BATCH)
    for (const { id, nextAttemptAt } of due) {
      const [claimed] = await this.db
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
        .where(and(eq(mailOutbox.id, id), eq(mailOutbox.nextAttemptAt, nextAttemptAt!)))
        .returning()
      if (claimed) await this.deliver(claimed, now)
    }
    if (due.length === BATCH) await this.deliverDue(now)
  }

  /** Hands one message to SMTP; then forgets its text, or keeps it for the next try. */
  private async deliver(row: typeof mailOutbox.$inferSelect, now: Date): Promise<void> {
    try {
      await (await this.smtp()).sendMail({ from: this.config.MAIL_FROM, to: row.to, subject: row.subject, text: row.text, html: row.html })
      await this.db.update(mailOutbox).set({ ...FORGOTTEN, sentAt: new Date(), nextAttemptAt: null, error: null }).where(eq(mailOutbox.id, row.id))
    } catch (error) {
      const attempts = row.attempts + 1
      const reason = error instanceof Error ? error.message.slice(0, 500) : 'unknown'
      if (attempts >= MAIL_ATTEMPTS) {
        log.error('mail.given_up', { kind: row.kind, attempts, error })
        await this.db.update(mailOutbox).set({ ...FORGOTTEN, attempts, error: reason, nextAttemptAt: null }).where(eq(mailOutbox.id, row.id))
        return
      }
      const delay = FIRST_RETRY_MS * 2 ** (attempts - 1)
      log.warn('mail.send_failed', { kind: row.kind, attempts, retryInMs: delay, error })
      await this.db.update(mailOutbox).set({ attempts, error: reason, nextAttemptAt: new Date(now.getTime() + delay) }).where(eq(mailOutbox.id, row.id))
      // Not kept alive for it: a process that stops sooner leaves it to the next start.
      setTimeout(() => afterAnswering('mail.deliver', () => this.deliverDue()), delay).unref()
    }
  }

  private retentionStart(): Date {
    return new Date(Date.now() - this.config.MAIL_RETENTION_HOURS * 3_600_000)
  }

  private smtp(): Promise<Transport> {
    this.transport ??= import('nodemailer').then((m) => m.createTransport(this.config.SMTP_URL as string) as Transport)
    return this.transport
  }
}
