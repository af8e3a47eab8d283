import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { at, createdAt } from './common'

export interface MailAttachment {
  filename: string
  contentType: string
  /** The file's bytes, base64. */
  content: string
}

/** Every message the site sends; delivered by SMTP when configured, shown in the development mailbox otherwise. */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to_address').notNull(),
  subject: text('subject').notNull(),
  text: text('text_body').notNull(),
  html: text('html_body').notNull(),
  kind: text('kind').notNull(),
  locale: text('locale').notNull(),
  sentAt: at('sent_at'),
  error: text('error'),
  /** Deliveries tried so far, and when the next one is due (null: sent, given up, or no SMTP). */
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: at('next_attempt_at'),
  /** Files sent with the message (a policy PDF), base64; forgotten with the text. */
  attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
  createdAt: createdAt(),
}, (t) => [index('mail_outbox_due').on(t.nextAttemptAt).where(sql`${t.nextAttemptAt} is not null`)])
