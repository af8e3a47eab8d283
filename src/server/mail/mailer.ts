import { desc, eq } from 'drizzle-orm'
import type { Locale } from '~/i18n/locales'
import type { AppConfig } from '../../../app.config'
import type { Database } from '../db/client'
import { mailOutbox } from '../db/schema'
import { log } from '../log'
import { renderMail, type MailKind } from './templates'

type Transport = { sendMail(message: { from: string; to: string; subject: string; text: string; html: string }): Promise<unknown> }

/**
 * The one way the site sends mail: every message is written to the outbox first (so nothing
 * is lost), then delivered by SMTP when `SMTP_URL` is set. Without it the outbox is the
 * development mailbox (`/api/v1/dev/mailbox`, outside production).
 */
export class Mailer {
  private transport: Promise<Transport> | undefined

  constructor(
    private readonly db: Database,
    private readonly config: Pick<AppConfig, 'SMTP_URL' | 'MAIL_FROM' | 'BRAND_NAME'>,
  ) {}

  async send(kind: MailKind, to: string, locale: Locale, vars: Record<string, string>): Promise<void> {
    const message = renderMail(kind, locale, { brand: this.config.BRAND_NAME, ...vars })
    const [row] = await this.db.insert(mailOutbox).values({ to, kind, locale, ...message }).returning({ id: mailOutbox.id })
    if (!this.config.SMTP_URL || !row) return
    try {
      await (await this.smtp()).sendMail({ from: this.config.MAIL_FROM, to, ...message })
      await this.db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id))
    } catch (error) {
      log.error('mail.send_failed', { kind, error })
      await this.db.update(mailOutbox).set({ error: error instanceof Error ? error.message.slice(0, 500) : 'unknown' }).where(eq(mailOutbox.id, row.id))
    }
  }

  /** The newest messages to an address (development mailbox and tests). */
  async latest(to: string, limit: number) {
    const rows = await this.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt)).limit(limit)
    return rows.map((r) => ({ id: r.id, kind: r.kind, subject: r.subject, text: r.text, created_at: r.createdAt.toISOString() }))
  }

  private smtp(): Promise<Transport> {
    this.transport ??= import('nodemailer').then((m) => m.createTransport(this.config.SMTP_URL as string) as Transport)
    return this.transport
  }
}
