import { eq } from 'drizzle-orm'
import type { RedirectRule } from '~/contract/navigation'
import type { Database } from '../db/client'
import { redirectRules } from '../db/schema'
import { dropCachedPages } from '../http/page-cache'

/** How long a node trusts its cached rules (another node may have changed them). */
const CACHE_TTL_MS = 1000

/** An absolute http(s) URL leaves the site; a path stays on it. */
export function isExternalTarget(target: string): boolean {
  return /^https?:\/\//i.test(target)
}

/** `/a/` and `/a` are the same page for the rules; `/` stays `/`. Query and fragment are not part of the key. */
export function ruleKey(path: string): string {
  const pathname = path.split(/[?#]/, 1)[0] ?? ''
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname || '/'
}

/** Paths no rule may take over: the API and server functions would stop working. */
export function isReservedPath(path: string): boolean {
  return /^\/(api|_serverFn)(\/|$)/.test(path)
}

/** What is wrong with a rule, if anything: which field, and why. */
export type RedirectRuleProblem = { field: 'from_path'; problem: 'reserved' } | { field: 'to'; problem: 'loop' }

/**
 * Refuses rules that would break the site: one taking over `/api` or `/_serverFn`, and one
 * whose target is its own source (the next navigation would match the same rule again). A
 * target on the site's own origin (`publicUrl`) counts as that path; query and fragment are
 * ignored because lookups use the path alone.
 */
export function redirectRuleProblem(rule: { from_path: string; to: string }, publicUrl?: string): RedirectRuleProblem | undefined {
  if (isReservedPath(ruleKey(rule.from_path))) return { field: 'from_path', problem: 'reserved' }
  let targetPath: string | undefined = rule.to
  if (isExternalTarget(rule.to)) {
    const target = URL.parse(rule.to)
    targetPath = publicUrl && target && target.origin === URL.parse(publicUrl)?.origin ? target.pathname : undefined
  }
  if (targetPath !== undefined && ruleKey(targetPath) === ruleKey(rule.from_path)) return { field: 'to', problem: 'loop' }
  return undefined
}

type Row = typeof redirectRules.$inferSelect
const toRule = (row: Row): RedirectRule => ({
  from_path: row.fromPath,
  to: row.toTarget,
  status_code: row.statusCode as RedirectRule['status_code'],
  is_external: isExternalTarget(row.toTarget),
})

/**
 * Redirect rules, looked up on every navigation: all of them are few, so they are kept in
 * memory, reloaded at most once per second and at once after a change made here.
 */
export class RedirectRules {
  private byPath: Map<string, RedirectRule> | undefined
  private loadedAt = 0
  private loading: Promise<Map<string, RedirectRule>> | undefined
  /** Bumped by every change, so a load that started before it cannot store stale rules. */
  private generation = 0

  constructor(private readonly db: Database) {}

  async lookup(path: string): Promise<RedirectRule | null> {
    return (await this.all()).get(ruleKey(path)) ?? null
  }

  async list(): Promise<RedirectRule[]> {
    return [...(await this.all()).values()].sort((a, b) => a.from_path.localeCompare(b.from_path))
  }

  /** Creates or replaces the rule of `from_path`. Callers check `redirectRuleProblem` first. */
  async upsert(rule: Omit<RedirectRule, 'is_external'>): Promise<RedirectRule> {
    const values = { fromPath: ruleKey(rule.from_path), toTarget: rule.to, statusCode: rule.status_code }
    const [row] = await this.db
      .insert(redirectRules)
      .values(values)
      .onConflictDoUpdate({ target: redirectRules.fromPath, set: { toTarget: values.toTarget, statusCode: values.statusCode, updatedAt: new Date() } })
      .returning()
    this.invalidate()
    if (!row) throw new Error('redirect upsert returned nothing')
    return toRule(row)
  }

  async remove(path: string): Promise<boolean> {
    const removed = await this.db.delete(redirectRules).where(eq(redirectRules.fromPath, ruleKey(path))).returning({ id: redirectRules.id })
    this.invalidate()
    return removed.length > 0
  }

  invalidate(): void {
    dropCachedPages() // a cached page may be one a new rule now redirects
    this.generation++
    this.byPath = undefined
    this.loading = undefined
  }

  private async all(): Promise<Map<string, RedirectRule>> {
    if (this.byPath && Date.now() - this.loadedAt < CACHE_TTL_MS) return this.byPath
    if (!this.loading) {
      const generation = this.generation
      const loading = this.db
        .select()
        .from(redirectRules)
        .then((rows) => {
          const byPath = new Map(rows.map((row) => [row.fromPath, toRule(row)]))
          if (generation === this.generation) {
            this.byPath = byPath
            this.loadedAt = Date.now()
          }
          return byPath
        })
        .finally(() => {
          if (this.loading === loading) this.loading = undefined
        })
      this.loading = loading
    }
    return this.loading
  }
}
