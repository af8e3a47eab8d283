import { desc, eq, isNull } from 'drizzle-orm'
import type { Database } from '../db/client'
import { seedReferenceData } from './reference-data'
import { maintenances, products, productStatuses } from '../db/schema'
import type { MaintenanceStatus, Product, ProductCode, ProductStatuses } from '~/contract/site'
import { statusFlagOf } from '~/contract/site'
import { dropCachedPages } from '../http/page-cache'

/** How long a node trusts its cached site state before reading it again (other nodes may change it). */
const CACHE_TTL_MS = 1000

export interface SiteSnapshot {
  statuses: ProductStatuses
  /** The statuses as the exact header value, serialised once per change. */
  statusesHeader: string
  maintenance: MaintenanceStatus
  /** Every product, with `is_available` from the statuses, in display order. */
  products: Product[]
  /** `GET /products` body, serialised once per change. */
  productsBody: string
}

/**
 * Products, product statuses and maintenance: read on every API call, so kept in memory and refreshed
 * at most once per second, and at once after a change made through this process.
 */
export class SiteState {
  private snapshot: SiteSnapshot | undefined
  private loadedAt = 0
  private loading: Promise<SiteSnapshot> | undefined

  constructor(private readonly db: Database) {}

  async current(): Promise<SiteSnapshot> {
    if (this.snapshot && Date.now() - this.loadedAt < CACHE_TTL_MS) return this.snapshot
    this.loading ??= this.load().finally(() => (this.loading = undefined))
    return this.loading
  }

  private async load(): Promise<SiteSnapshot> {
    const [statusRow] = await this.db.select().from(productStatuses).where(isNull(productStatuses.deletedAt)).orderBy(desc(productStatuses.id)).limit(1)
    const [open] = await this.db.select().from(maintenances).where(isNull(maintenances.endedAt)).limit(1)
    const productRows = await this.db.select().from(products).orderBy(products.sortOrder, products.id)
    if (!statusRow) throw new Error('product_statuses has no live row; run the seed')
    const statuses = toStatuses(statusRow)
    const productList: Product[] = productRows.map((p) => ({
      id: p.id,
      code: p.code as ProductCode,
      name: p.name,
      category: p.category,
      is_available: statuses[statusFlagOf[p.code as ProductCode]] ?? false,
    }))
    this.snapshot = {
      products: productList,
      productsBody: JSON.stringify({ data: productList }),
      statuses,
      statusesHeader: JSON.stringify(statuses),
      maintenance: { is_active: Boolean(open), message: open?.message ?? null, started_at: open?.startedAt.toISOString() ?? null },
    }
    this.loadedAt = Date.now()
    return this.snapshot
  }

  /**
   * Seeds the reference data again (products, statuses, demo data outside production), as at
   * start (`npm run cli -- seed` through the server), and drops what was cached of it.
   */
  async reseed(options: { demo: boolean }): Promise<void> {
    await seedReferenceData(this.db, options)
    this.invalidate()
  }

  invalidate(): void {
    this.loadedAt = 0
    dropCachedPages() // pages show the products and their availability, and follow maintenance
  }

  async setProductAvailable(code: ProductCode, available: boolean): Promise<ProductStatuses> {
    const { statuses } = await this.current()
    const column = columnOf[statusFlagOf[code]]
    if (statuses[statusFlagOf[code]] !== available) {
      await this.db
        .update(productStatuses)
        .set({ [column]: available, updatedAt: new Date() })
        .where(eq(productStatuses.id, statuses.id))
    }
    this.invalidate()
    return (await this.current()).statuses
  }

  async setMaintenance(active: boolean, message?: string): Promise<MaintenanceStatus> {
    if (active) {
      await this.db.insert(maintenances).values({ message: message ?? null }).onConflictDoNothing()
    } else {
      await this.db.update(maintenances).set({ endedAt: new Date() }).where(isNull(maintenances.endedAt))
    }
    this.invalidate()
    return (await this.current()).maintenance
  }
}

const columnOf = {
  is_rca_available: 'isRcaAvailable',
  is_travel_available: 'isTravelAvailable',
  is_house_insurance_available: 'isHouseInsuranceAvailable',
  is_ro_vignette_available: 'isRoVignetteAvailable',
  is_hu_vignette_available: 'isHuVignetteAvailable',
} as const

function toStatuses(row: typeof productStatuses.$inferSelect): ProductStatuses {
  return {
    id: row.id,
    is_ro_vignette_available: row.isRoVignetteAvailable,
    is_hu_vignette_available: row.isHuVignetteAvailable,
    is_rca_available: row.isRcaAvailable,
    is_travel_available: row.isTravelAvailable,
    is_house_insurance_available: row.isHouseInsuranceAvailable,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    deleted_at: row.deletedAt?.toISOString() ?? null,
  }
}
