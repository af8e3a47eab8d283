import { desc } from 'drizzle-orm'
import type { ConsentChoices } from '~/contract/site'
import type { Database } from '../db/client'
import { cookieConsents } from '../db/schema'

/** Visitors' cookie choices, kept as proof of consent with the address they came from. */
export class CookieConsents {
  constructor(private readonly db: Database) {}

  async record(input: { consent: ConsentChoices; ip: string | undefined; userAgent: string | undefined; userId: string | undefined }) {
    const [row] = await this.db
      .insert(cookieConsents)
      .values({
        consent: input.consent,
        ip: input.ip ?? null,
        userAgent: input.userAgent?.slice(0, 512) ?? null,
        authenticated: input.userId !== undefined,
        userId: input.userId ?? null,
      })
      .returning()
    if (!row) throw new Error('cookie consent insert returned nothing')
    return { id: row.id, consent: row.consent, created_at: row.createdAt.toISOString() }
  }

  /** The newest choices first, for the operator. */
  async recent(limit: number) {
    const rows = await this.db.select().from(cookieConsents).orderBy(desc(cookieConsents.createdAt)).limit(limit)
    return rows.map((r) => ({ id: r.id, consent: r.consent, ip: r.ip, authenticated: r.authenticated, user_id: r.userId, created_at: r.createdAt.toISOString() }))
  }
}
