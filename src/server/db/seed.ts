import { sql } from 'drizzle-orm'
import type { Database } from './client'
import { products, productStatuses } from './schema'
import type { ProductCode } from '~/contract/site'

/** The catalogue the broker sells. Names are the Romanian defaults; the web app translates by code. */
const catalogue: { code: ProductCode; name: string; category: 'insurance' | 'vignette' }[] = [
  { code: 'rca', name: 'Asigurare RCA', category: 'insurance' },
  { code: 'travel', name: 'Asigurare de călătorie', category: 'insurance' },
  { code: 'house-insurance', name: 'Asigurarea locuinței', category: 'insurance' },
  { code: 'ro-vignette', name: 'Rovinietă', category: 'vignette' },
  { code: 'hu-vignette', name: 'Vinietă Ungaria', category: 'vignette' },
]

/**
 * Reference data every environment needs (products, the statuses row). Idempotent: safe to
 * run at every start. Changes an operator made (statuses, names) are left as they are.
 */
export async function seedReferenceData(db: Database): Promise<void> {
  await db
    .insert(products)
    .values(catalogue.map((p, i) => ({ ...p, sortOrder: i })))
    .onConflictDoNothing({ target: products.code })
  await db.execute(sql`insert into ${productStatuses} (is_rca_available) select true where not exists (select 1 from ${productStatuses} where deleted_at is null)`)
}


