import path from 'node:path'
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type { Sql } from 'postgres'
import { log } from '../log'
import * as schema from './schema'
import { statementCounter } from './statement-counts'

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

/** The database or a transaction on it: what a service method that may join the caller's transaction takes. */
export type Queryable = Database | Parameters<Parameters<Database['transaction']>[0]>[0]

export interface DatabaseHandle {
  db: Database
  kind: 'pglite' | 'postgres'
  close(): Promise<void>
  /** PostgreSQL's LISTEN on its own connection (renewed after a reconnection), with each notice's payload; resolves to the way to stop. */
  listen?(channel: string, onNotice: (payload: string) => void): Promise<() => Promise<void>>
}

/**
 * Migrations live beside the schema; every entry point runs from the project root. A build
 * shipped without `src/` (a container image) finds the copy `npm run build` leaves in
 * `dist/migrations`.
 */
export const migrationsFolder = [path.resolve(process.cwd(), 'src/server/db/migrations'), path.resolve(process.cwd(), 'dist/migrations')].find((dir) => existsSync(dir)) ?? path.resolve(process.cwd(), 'src/server/db/migrations')

/**
 * Opens the database named by the configuration: PostgreSQL when a URL is given, otherwise
 * embedded PGlite with its files under `dataDir` (or in memory for `dataDir: ':memory:'`; it starts
 * from `memoryTemplate` when given, a `dumpDataDir()` of another, instead of an empty one).
 * Migrations are applied, then `prepare` (the reference data) runs, before the handle is returned.
 */
export async function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string; memoryTemplate?: Blob | undefined; prepare?: (db: Database) => Promise<void> }): Promise<DatabaseHandle> {
  const opened = options.databaseUrl ? await openPostgres(options.databaseUrl) : { handle: await openPglite(options.dataDir, options.memoryTemplate), client: undefined }
  const { handle } = opened
  try {
    await prepareDatabase(handle, opened.client, options.prepare)
  } catch (error) {
    await handle.close()
    throw error
  }
  return handle
}

// PostgreSQL's shared buffers live in PGlite's WebAssembly memory, which never shrinks: its
// initdb default (160 MB here) made the embedded database most of the server's resident memory.
// The embedded database is small and its files sit in the OS page cache anyway (docs/benchmarks.md, Memory).
const PGLITE_START_PARAMS = ['-c', 'shared_buffers=16MB']

async function openPglite(dataDir: string, memoryTemplate: Blob | undefined): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite')
  const { drizzle } = await import('drizzle-orm/pglite')
  const options = { startParams: [...PGlite.defaultStartParams, ...PGLITE_START_PARAMS] }
  let client: InstanceType<typeof PGlite>
  if (dataDir === ':memory:') client = new PGlite({ ...options, ...(memoryTemplate ? { loadDataDir: memoryTemplate } : {}) })
  else {
    const dir = path.resolve(dataDir, 'pglite')
    if (!existsSync(path.join(dir, 'PG_VERSION'))) await createPgliteInChild(dir)
    client = new PGlite(dir, options)
  }
  await client.waitReady
  return { db: drizzle(client, { schema, logger: statementCounter() }) as unknown as Database, kind: 'pglite', close: () => client.close() }
}

/**
 * An in-memory embedded database with every migration applied, dumped (uncompressed: loading it
 * is then a copy, where gzip would cost every load CPU). What the test suites start their
 * databases from (`memoryTemplate` above), instead of running initdb and the migrations each time.
 */
export async function dumpMigratedMemoryDatabase(): Promise<Blob> {
  const { PGlite } = await import('@electric-sql/pglite')
  const { drizzle } = await import('drizzle-orm/pglite')
  const client = new PGlite({ startParams: [...PGlite.defaultStartParams, ...PGLITE_START_PARAMS] })
  try {
    await prepareDatabase({ db: drizzle(client, { schema }) as unknown as Database, kind: 'pglite', close: () => client.close() }, undefined, undefined)
    return await client.dumpDataDir('none')
  } finally {
    await client.close()
  }
}

/**
 * What the child process runs: PGlite on `dir` (initdb, then one start), then exit. Arguments:
 * PGlite's module URL (resolved here, so the child finds the same copy from any folder), the
 * folder, the extra start parameters as JSON.
 */
const CREATE_PGLITE = `
const [url, dir, params] = process.argv.slice(1)
const { PGlite } = await import(url)
const db = new PGlite(dir, { startParams: [...PGlite.defaultStartParams, ...JSON.parse(params)] })
await db.waitReady
await db.close()
`

/**
 * Creates the embedded database in a child process. initdb runs a second WebAssembly instance
 * of PostgreSQL; in the server, glibc would keep most of what the two freed, about 100 MB of
 * resident memory for the server's life (decision 81). The child builds it in a sibling folder
 * that is renamed once complete, so a child that dies leaves no half-made database behind.
 * `script` is what the child runs (tests give one that fails).
 */
export async function createPgliteInChild(dir: string, script = CREATE_PGLITE): Promise<void> {
  if (existsSync(dir) && readdirSync(dir).length > 0) throw new Error(`${dir} is not empty but holds no database (no PG_VERSION): move it away, or set DATA_DIR to another folder`)
  const building = `${dir}.creating`
  rmSync(building, { recursive: true, force: true }) // left by a child that died
  mkdirSync(path.dirname(dir), { recursive: true })
  const started = Date.now()
  const child = spawn(process.execPath, ['--input-type=module', '-e', script, import.meta.resolve('@electric-sql/pglite'), building, JSON.stringify(PGLITE_START_PARAMS)], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, NODE_OPTIONS: '' }, // not the server's flags (a profiler, a debugger port)
  })
  let stderr = ''
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)))
  const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null; error?: Error }>((resolve) => {
    child.once('error', (error) => resolve({ code: null, signal: null, error }))
    child.once('close', (code, signal) => resolve({ code, signal })) // after its output is read
  })
  if (exit.error || exit.code !== 0) {
    rmSync(building, { recursive: true, force: true })
    const how = exit.error ? `could not start (${exit.error.message})` : exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`
    throw new Error(`Creating the embedded database in ${dir} failed: the child process creating it ${how}${stderr.trim() ? `. Its last output:\n${stderr.trim()}` : ''}`)
  }
  if (existsSync(dir)) rmdirSync(dir) // empty (checked above)
  renameSync(building, dir)
  log.info('db.created', { kind: 'pglite', dir, ms: Date.now() - started })
}

async function openPostgres(url: string): Promise<{ handle: DatabaseHandle; client: Sql }> {
  const { default: postgres } = await import('postgres')
  const { drizzle } = await import('drizzle-orm/postgres-js')
  const client = postgres(url, { max: 10, onnotice: () => {} })
  const listen = async (channel: string, onNotice: (payload: string) => void) => {
    const { unlisten } = await client.listen(channel, onNotice)
    return unlisten
  }
  return { handle: { db: drizzle(client, { schema, logger: statementCounter() }) as unknown as Database, kind: 'postgres', close: () => client.end({ timeout: 5 }), listen }, client }
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
