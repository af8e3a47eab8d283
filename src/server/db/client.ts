import path from 'node:path'
import { mkdirSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import * as schema from './schema'

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

export interface DatabaseHandle {
  db: Database
  kind: 'pglite' | 'postgres'
  close(): Promise<void>
}

/** Migrations live beside the schema; every entry point runs from the project root. */
export const migrationsFolder = path.resolve(process.cwd(), 'src/server/db/migrations')

/**
 * Opens the database named by the configuration: PostgreSQL when a URL is given, otherwise
 * embedded PGlite with its files under `dataDir` (or in memory for `dataDir: ':memory:'`).
 * Migrations are applied before the handle is returned.
 */
export async function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string }): Promise<DatabaseHandle> {
  const handle = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(options.dataDir)
  await migrateDatabase(handle)
  return handle
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite')
  const { drizzle } = await import('drizzle-orm/pglite')
  let client: InstanceType<typeof PGlite>
  if (dataDir === ':memory:') client = new PGlite()
  else {
    const dir = path.resolve(dataDir, 'pglite')
    mkdirSync(dir, { recursive: true })
    client = new PGlite(dir)
  }
  await client.waitReady
  return { db: drizzle(client, { schema }) as unknown as Database, kind: 'pglite', close: () => client.close() }
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const { default: postgres } = await import('postgres')
  const { drizzle } = await import('drizzle-orm/postgres-js')
  const client = postgres(url, { max: 10, onnotice: () => {} })
  return { db: drizzle(client, { schema }) as unknown as Database, kind: 'postgres', close: () => client.end({ timeout: 5 }) }
}

/** Applies pending migrations. On PostgreSQL an advisory lock keeps concurrent starters in line. */
async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator')
    await migrate(handle.db as never, { migrationsFolder })
    return
  }
  const { migrate } = await import('drizzle-orm/postgres-js/migrator')
  const lockKey = 2_026_112_2
  await handle.db.execute(sql`select pg_advisory_lock(${lockKey})`)
  try {
    await migrate(handle.db as never, { migrationsFolder })
  } finally {
    await handle.db.execute(sql`select pg_advisory_unlock(${lockKey})`)
  }
}
