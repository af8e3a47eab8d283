import { eq, sql } from 'drizzle-orm'
import { hashPassword } from '../auth/passwords'
import type { Database } from '../db/client'
import { partners, products, productStatuses, users } from '../db/schema'
import type { ProductCode } from '~/contract/site'
import { seedInsurers } from '../insurers/seed'

/** The catalogue the broker sells. Names are the Romanian defaults; the web app translates by code. */
const catalogue: { code: ProductCode; name: string; category: 'insurance' | 'vignette' }[] = [
  { code: 'rca', name: 'Asigurare RCA', category: 'insurance' },
  { code: 'travel', name: 'Asigurare de călătorie', category: 'insurance' },
  { code: 'house-insurance', name: 'Asigurarea locuinței', category: 'insurance' },
  { code: 'ro-vignette', name: 'Rovinietă', category: 'vignette' },
  { code: 'hu-vignette', name: 'Vinietă Ungaria', category: 'vignette' },
]

/** Demonstration partners of the branded pages (development and tests; production adds its own with the CLI). */
const demoPartners = [
  { code: 'demo', name: 'Demo Partner' },
  { code: 'autoclub', name: 'AutoClub Moldova' },
]

/** The demonstration account of development (the README gives it); production has none. */
export const DEMO_ACCOUNT = { email: 'demo@asiguro.ro', password: 'marigold tram to cismigiu', firstName: 'Ana', lastName: 'Demo' } as const

/**
 * Reference data every environment needs (products, the statuses row) and, with `demo`
 * (every stage but production), the partners `demo` and `autoclub` the browser tests use
 * and the demonstration account.
 * Idempotent: safe to run at every start. Changes an operator made (statuses, names, a
 * deactivated partner) are left as they are.
 */
export async function seedReferenceData(db: Database, options: { demo?: boolean } = {}): Promise<void> {
  await db
    .insert(products)
    .values(catalogue.map((p, i) => ({ ...p, sortOrder: i })))
    .onConflictDoNothing({ target: products.code })
  await seedInsurers(db)
  if (options.demo) {
    await db.insert(partners).values(demoPartners).onConflictDoNothing({ target: partners.code })
    await seedDemoAccount(db)
  }
  await db.execute(sql`insert into ${productStatuses} (is_rca_available) select true where not exists (select 1 from ${productStatuses} where deleted_at is null)`)
}



/** Hashing costs tens of milliseconds, so only when the account is missing. */
async function seedDemoAccount(db: Database): Promise<void> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNT.email))
  if (existing) return
  await db
    .insert(users)
    .values({
      email: DEMO_ACCOUNT.email,
      firstName: DEMO_ACCOUNT.firstName,
      lastName: DEMO_ACCOUNT.lastName,
      phoneNumber: '0722000000',
      passwordHash: await hashPassword(DEMO_ACCOUNT.password),
      emailVerifiedAt: new Date(),
    })
    .onConflictDoNothing({ target: users.email })
}
