import { sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { insurers } from '../db/schema'
import { otherProductInsurers } from '../products/insurers-data'
import { rcaInsurers } from '../products/rca/insurers'
import { sandboxQuotesPerSecond } from './sandbox-protocol'

/** Where each insurer's logo would be, under `public/` (null until the files exist). */
const logoPath = (_code: string): string | null => null

/**
 * The insurer catalogue every environment starts with: the RCA insurers of the tariff model
 * (`rcaInsurers`) and those of travel, house and vignettes (`otherProductInsurers`), each answering through the sandbox adapter. Idempotent: a new insurer is
 * added and a known one gains a product it lacked, but what an operator changed (enabled,
 * commission, adapter, timeout) stays as it is.
 */
export async function seedInsurers(db: Database): Promise<void> {
  const byCode = new Map<string, { code: string; name: string; asfRegistration: string; commissionBasisPoints: number; products: string[] }>()
  for (const insurer of rcaInsurers) {
    const known = byCode.get(insurer.code)
    if (known) known.products.push('rca')
    else byCode.set(insurer.code, { code: insurer.code, name: insurer.name, asfRegistration: insurer.asfRegistration, commissionBasisPoints: insurer.commissionBasisPoints, products: ['rca'] })
  }
  for (const insurer of otherProductInsurers) {
    const known = byCode.get(insurer.code)
    if (known) known.products.push(...insurer.products)
    else byCode.set(insurer.code, { ...insurer, products: [...insurer.products] })
  }
  // Each answers through the sandbox adapter, so each has the sandbox's documented rate limit.
  const rows = [...byCode.values()].map((row) => ({ ...row, logoPath: logoPath(row.code), quotesPerSecond: sandboxQuotesPerSecond(row.code) }))
  if (rows.length === 0) return
  await db
    .insert(insurers)
    .values(rows)
    .onConflictDoUpdate({
      target: insurers.code,
      // Products only ever grow here; the operator's switches are left alone.
      set: {
        products: sql`(select array(select distinct unnest(${insurers.products} || excluded.products) order by 1))`,
        // A limit the operator set stays; one never set is filled in.
        quotesPerSecond: sql`coalesce(${insurers.quotesPerSecond}, excluded.quotes_per_second)`,
      },
    })
}
