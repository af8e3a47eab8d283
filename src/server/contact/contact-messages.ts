import { desc } from 'drizzle-orm'
import type { ContactMessageInput } from '~/contract/contact'
import type { Database } from '../db/client'
import { contactMessages } from '../db/schema'

export interface NewContactMessage {
  name: string
  email: string
  phone?: string | undefined
  topic: ContactMessageInput['topic']
  message: string
  locale: string
  ip: string | undefined
  userAgent: string | undefined
}

/** Messages of the contact form, kept for the support team. */
export class ContactMessages {
  constructor(private readonly db: Database) {}

  async create(input: NewContactMessage): Promise<{ id: string; created_at: string }> {
    const [row] = await this.db
      .insert(contactMessages)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone || null,
        topic: input.topic,
        message: input.message,
        locale: input.locale,
        ip: input.ip ?? null,
        userAgent: input.userAgent?.slice(0, 512) ?? null,
      })
      .returning()
    if (!row) throw new Error('contact message insert returned nothing')
    return { id: row.id, created_at: row.createdAt.toISOString() }
  }

  /** The newest messages first. */
  async recent(limit: number) {
    const rows = await this.db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(limit)
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      phone: r.phone ?? undefined,
      topic: r.topic as ContactMessageInput['topic'], // only the contract's values are ever stored
      message: r.message,
      locale: r.locale,
      created_at: r.createdAt.toISOString(),
    }))
  }
}
