import path from 'node:path'
import { existsSync, mkdirSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type { Sql } from 'postgres'
import { log } from '../log'
import * as schema from './schema'

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

/** The database or a transaction on it: what a service method that may join the caller's transaction takes. */
export type Queryable = Database | Parameters<Parameters<Database['transaction']>[0]>[0]

export interface DatabaseHandle {
  db: Database
  kind: 'pglite' | 'postgres'
  close(): Promise<void>
}

/**
 * Migrations live beside the schema; every entry point runs from the project root. A build
 * shipped without `src/` (a container image) finds the copy `npm run build` leaves in
 * `dist/migrations`.
 */
export const migrationsFolder = [path.resolve(process.cwd(), 'src/server/db/migrations'), path.resolve(process.cwd(), 'dist/migrations')].find((dir) => existsSync(dir)) ?? path.resolve(process.cwd(), 'src/server/db/migrations')

/**
 * Opens the database named by the configuration: PostgreSQL when a URL is given, otherwise
 * embedded PGlite with its files under `dataDir` (or in memory for `dataDir: ':memory:'`).
 * Migrations are applied, then `prepare` (the reference data) runs, before the handle is returned.
 */
export async function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string; prepare?: (db: Database) => Promise<void> }): Promise<DatabaseHandle> {
  const opened = options.databaseUrl ? await openPostgres(options.databaseUrl) : { handle: await openPglite(options.dataDir), client: undefined }
  const { handle } = opened
  try {
    await prepareDatabase(handle, opened.client, options.prepare)
  } catch (error) {
    await handle.close()
    throw error
  }
  return handle
}

const PGLITE_SHARED_BUFFERS = '16MB'

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite')
  const { drizzle } = await import('drizzle-orm/pglite')
  // PostgreSQL's shared buffers live in PGlite's WebAssembly memory, which never shrinks: its
  // initdb default (160 MB here) made the embedded database most of the server's resident memory.
  // The embedded database is small and its files sit in the OS page cache anyway (docs/benchmarks.md, Memory).
  const options = { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`] }
  let client: InstanceType<typeof PGlite>
  if (dataDir === ':memory:') client = new PGlite(options)
  else {
    const dir = path.resolve(dataDir, 'pglite')
    mkdirSync(dir, { recursive: true })
    client = new PGlite(dir, options)
  }
  await client.waitReady
  return { db: drizzle(client, { schema }) as unknown as Database, kind: 'pglite', close: () => client.close() }
}

async function openPostgres(url: string): Promise<{ handle: DatabaseHandle; client: Sql }> {
  const { default: postgres } = await import('postgres')
  const { drizzle } = await import('drizzle-orm/postgres-js')
  const client = postgres(url, { max: 10, onnotice: () => {} })
  return { handle: { db: drizzle(client, { schema }) as unknown as Database, kind: 'postgres', close: () => client.end({ timeout: 5 }) }, client }
}

/** The key of the session-level advisory lock that nodes starting together queue on. */
const STARTUP_LOCK = 2_026_112_2

/** Migrations recorded by drizzle's migrator (none before the first run). */
async function appliedMigrations(db: Database): Promise<number> {
  // postgres.js answers the rows; PGlite an object holding them.
  const first = (result: unknown) => ((Array.isArray(result) ? result : (result as { rows: unknown[] }).rows)[0] ?? {}) as Record<string, unknown>
  const table = first(await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`)).name
  if (!table) return 0
  return Number(first(await db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`)).count ?? 0)
}

/**
 * Applies pending migrations, then `prepare`. On PostgreSQL both run under one advisory lock, so
 * nodes that start together take turns: the first migrates and seeds, the others find nothing
 * left to do (reference data inserted "where not exists" is inserted once). Each node logs how
 * many migrations it applied (`db.migrated`).
 */
async function prepareDatabase(handle: DatabaseHandle, client: Sql | undefined, prepare: ((db: Database) => Promise<void>) | undefined): Promise<void> {
  const run = async () => {
    const before = await appliedMigrations(handle.db)
    if (handle.kind === 'pglite') {
      const { migrate } = await import('drizzle-orm/pglite/migrator')
      await migrate(handle.db as never, { migrationsFolder })
    } else {
      const { migrate } = await import('drizzle-orm/postgres-js/migrator')
      await migrate(handle.db as never, { migrationsFolder })
    }
    const after = await appliedMigrations(handle.db)
    log.info('db.migrated', { kind: handle.kind, applied: after - before, total: after })
    await prepare?.(handle.db)
  }
  if (!client) return run() // embedded: one process, one connection
  // A session-level lock is taken and released on one connection, so one is reserved from the
  // pool for it (through the pool, the unlock could go to another connection and the lock stay
  // held). The work itself uses the pool; the reserved connection only holds the lock.
  const reserved = await client.reserve()
  try {
    await reserved`select pg_advisory_lock(${STARTUP_LOCK})`
    try {
      await run()
    } finally {
      await reserved`select pg_advisory_unlock(${STARTUP_LOCK})`
    }
  } finally {
    reserved.release()
  }
}
