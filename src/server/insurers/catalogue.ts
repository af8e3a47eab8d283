import { and, arrayContains, asc, eq } from 'drizzle-orm'
import type { AppConfig } from '../../../app.config'
import type { Database } from '../db/client'
import { insurers } from '../db/schema'
import type { InsurerAdapter } from './adapter'
import { SandboxInsurerAdapter } from './sandbox-adapter'
import { sandboxInsurersUrl } from '../outside-services'
import { dropCachedPages } from '../http/page-cache'

export type InsurerRow = typeof insurers.$inferSelect

/** The public face of an insurer (`GET /api/v1/insurers`). */
export interface InsurerSummary {
  code: string
  name: string
  asf_registration: string
  logo_path: string | null
  products: string[]
}

/** The operator's view: also whether it is asked, its commission, adapter and timeout. */
export interface InsurerRecord extends InsurerSummary {
  enabled: boolean
  commission_basis_points: number
  adapter: string
  quote_timeout_ms: number | null
}

/**
 * The adapters, by the catalogue's `adapter` column. A real insurer's web service is one more
 * entry here (and a row whose `adapter` names it); nothing else changes.
 */
const adapterFactories: Record<string, (insurer: InsurerRow, config: AppConfig) => InsurerAdapter> = {
  sandbox: (insurer, config) => new SandboxInsurerAdapter(sandboxInsurersUrl(config), insurer.code),
}

export const adapterKinds = Object.keys(adapterFactories)

const summary = (row: InsurerRow): InsurerSummary => ({ code: row.code, name: row.name, asf_registration: row.asfRegistration, logo_path: row.logoPath, products: row.products })

/**
 * How long a node trusts the insurers it read (the public list, read by every home page render,
 * and those asked for each product's quotes) before reading them again: another node (or the CLI)
 * may switch an insurer on or off. The same second as the site state's
 * (src/server/site/site-state.ts); a change made through this process applies at once.
 */
const READ_TTL_MS = 1000

/** The insurer catalogue (`insurers` table): who is asked for which product, and through which adapter. */
export class InsurerCatalogue {
  private readonly adapters = new Map<string, InsurerAdapter>()
  private readonly enabled = new Map<string, { rows: Promise<InsurerRow[]>; readAt: number }>()
  private publicCache: { at: number; list: Promise<InsurerSummary[]> } | undefined

  constructor(
    private readonly db: Database,
    private readonly config: AppConfig,
  ) {}

  /** Enabled insurers, for the public list; at most a second old, and fresh at once after a change made here. */
  async publicList(): Promise<InsurerSummary[]> {
    if (this.publicCache && Date.now() - this.publicCache.at < READ_TTL_MS) return this.publicCache.list
    const list = this.db
      .select()
      .from(insurers)
      .where(eq(insurers.enabled, true))
      .orderBy(asc(insurers.name))
      .then((rows) => rows.map(summary))
    const entry = { at: Date.now(), list }
    this.publicCache = entry
    list.catch(() => {
      if (this.publicCache === entry) this.publicCache = undefined // a failed read is not kept
    })
    return list
  }

  async list(): Promise<InsurerRecord[]> {
    const rows = await this.db.select().from(insurers).orderBy(asc(insurers.code))
    return rows.map(record)
  }

  /** The insurers asked for a quote of `product`, in a stable order (read at most once a second). */
  async enabledFor(product: string): Promise<InsurerRow[]> {
    const cached = this.enabled.get(product)
    if (cached && Date.now() - cached.readAt < READ_TTL_MS) return cached.rows
    const rows = this.db
      .select()
      .from(insurers)
      .where(and(eq(insurers.enabled, true), arrayContains(insurers.products, [product])))
      .orderBy(asc(insurers.code))
      .then((found) => found)
    const entry = { rows, readAt: Date.now() }
    this.enabled.set(product, entry)
    // A failed read is not kept: the next quote reads again.
    rows.catch(() => this.enabled.get(product) === entry && this.enabled.delete(product))
    return rows
  }

  /** Forgets the insurers read for quotes, so the next quote reads the table (after a change made here). */
  forgetEnabled(): void {
    this.enabled.clear()
  }

  async get(code: string): Promise<InsurerRow | undefined> {
    const [row] = await this.db.select().from(insurers).where(eq(insurers.code, code))
    return row
  }

  /** Switches an insurer on or off for new quotes; undefined when there is no such insurer. */
  async setEnabled(code: string, enabled: boolean): Promise<InsurerRecord | undefined> {
    const [row] = await this.db.update(insurers).set({ enabled, updatedAt: new Date() }).where(eq(insurers.code, code)).returning()
    this.forgetEnabled()
    this.publicCache = undefined
    dropCachedPages() // the home page lists the insurers
    return row ? record(row) : undefined
  }

  /** How long `insurer` may take to price a quote. */
  quoteTimeoutMs(insurer: InsurerRow): number {
    return insurer.quoteTimeoutMs ?? this.config.INSURER_QUOTE_TIMEOUT_MS
  }

  /** The adapter that speaks to `insurer` (one per insurer and adapter kind, reused). */
  adapterFor(insurer: Pick<InsurerRow, 'code' | 'adapter'> & Partial<InsurerRow>): InsurerAdapter {
    const id = `${insurer.adapter}:${insurer.code}`
    let adapter = this.adapters.get(id)
    if (!adapter) {
      const factory = adapterFactories[insurer.adapter]
      if (!factory) throw new Error(`insurer ${insurer.code}: no adapter "${insurer.adapter}" (known: ${adapterKinds.join(', ')})`)
      adapter = factory(insurer as InsurerRow, this.config)
      this.adapters.set(id, adapter)
    }
    return adapter
  }
}

function record(row: InsurerRow): InsurerRecord {
  return { ...summary(row), enabled: row.enabled, commission_basis_points: row.commissionBasisPoints, adapter: row.adapter, quote_timeout_ms: row.quoteTimeoutMs }
}
