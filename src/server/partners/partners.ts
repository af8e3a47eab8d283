import { and, eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import { partners } from '../db/schema'

export interface Partner {
  code: string
  name: string
  is_active: boolean
}

/** The partners of the branded pages (`/rca-{code}`, `/terms-{code}`). */
export class Partners {
  constructor(private readonly db: Database) {}

  /** An active partner by code, or undefined (inactive partners are not found). */
  async findActive(code: string): Promise<{ code: string; name: string } | undefined> {
    const [row] = await this.db
      .select({ code: partners.code, name: partners.name })
      .from(partners)
      .where(and(eq(partners.code, code), eq(partners.isActive, true)))
    return row
  }

  /**
   * Creates or updates a partner. Without a name only an existing partner can change
   * (its activity); undefined when there is none.
   */
  async save(code: string, change: { name?: string | undefined; isActive: boolean }): Promise<Partner | undefined> {
    const set = { isActive: change.isActive, updatedAt: new Date(), ...(change.name ? { name: change.name } : {}) }
    const [row] = change.name
      ? await this.db.insert(partners).values({ code, name: change.name, isActive: change.isActive }).onConflictDoUpdate({ target: partners.code, set }).returning()
      : await this.db.update(partners).set(set).where(eq(partners.code, code)).returning()
    return row ? { code: row.code, name: row.name, is_active: row.isActive } : undefined
  }
}
