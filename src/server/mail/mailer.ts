import { and, desc, eq, gte, lt, ne } from 'drizzle-orm'
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

/**
 * The one way the site sends mail: every message is written to the outbox, then delivered by
 * SMTP when `SMTP_URL` is set, after the request has answered (a slow mail server never slows
 * or reveals anything). Messages carry reset links, codes and confirmation links, so the outbox
 * keeps their text only while it is needed: until SMTP took it, or `MAIL_RETENTION_HOURS` for
 * the development mailbox (`/api/v1/dev/mailbox`, outside production).
 */
export class Mailer {
  private transport: Promise<Transport> | undefined

  constructor(
    private readonly db: Database,
    private readonly config: Pick<AppConfig, 'SMTP_URL' | 'MAIL_FROM' | 'BRAND_NAME' | 'MAIL_RETENTION_HOURS'>,
  ) {}

  async send(kind: MailKind, to: string, locale: Locale, vars: Record<string, string>): Promise<void> {
    const message = renderMail(kind, locale, { brand: this.config.BRAND_NAME, ...vars })
    const [row] = await this.db.insert(mailOutbox).values({ to, kind, locale, ...message }).returning({ id: mailOutbox.id })
    afterAnswering('mail.forget_expired', () => this.forgetExpired())
    if (this.config.SMTP_URL && row) afterAnswering('mail.deliver', () => this.deliver(row.id, kind, to, message))
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

  /** Hands the message to SMTP, then forgets its text: nothing retries it, so nothing needs it. */
  private async deliver(id: string, kind: MailKind, to: string, message: Message): Promise<void> {
    try {
      await (await this.smtp()).sendMail({ from: this.config.MAIL_FROM, to, ...message })
      await this.db.update(mailOutbox).set({ ...FORGOTTEN, sentAt: new Date() }).where(eq(mailOutbox.id, id))
    } catch (error) {
      log.error('mail.send_failed', { kind, error })
      await this.db
        .update(mailOutbox)
        .set({ ...FORGOTTEN, error: error instanceof Error ? error.message.slice(0, 500) : 'unknown' })
        .where(eq(mailOutbox.id, id))
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
