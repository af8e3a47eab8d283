import { and, desc, eq } from 'drizzle-orm'
import type { PageViewInput } from '~/contract/navigation'
import type { Database } from '../db/client'
import { pageViews } from '../db/schema'

type PageView = Pick<PageViewInput, 'path' | 'navigation' | 'referrer' | 'locale' | 'view_session'>

/** Page views sent with the visitor's analytics consent. No address is kept. */
export class PageViews {
  constructor(private readonly db: Database) {}

  async record(view: PageView): Promise<{ id: string }> {
    const [row] = await this.db
      .insert(pageViews)
      .values({ path: view.path, navigation: view.navigation, referrer: view.referrer ?? null, locale: view.locale ?? null, viewSession: view.view_session })
      .returning({ id: pageViews.id })
    if (!row) throw new Error('page view insert returned nothing')
    return row
  }

  /** The newest views first; of one browser tab when `viewSession` is given. */
  async recent(options: { viewSession?: string | undefined; limit: number }) {
    const rows = await this.db
      .select()
      .from(pageViews)
      .where(and(options.viewSession ? eq(pageViews.viewSession, options.viewSession) : undefined))
      .orderBy(desc(pageViews.createdAt), desc(pageViews.id))
      .limit(options.limit)
    return rows.map((r) => ({
      id: r.id,
      path: r.path,
      navigation: r.navigation as PageView['navigation'], // only the contract's values are ever stored
      referrer: r.referrer ?? undefined,
      locale: r.locale ?? undefined,
      view_session: r.viewSession,
      created_at: r.createdAt.toISOString(),
    }))
  }
}
