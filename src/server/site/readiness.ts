import { sql } from 'drizzle-orm'
import type { DatabaseHandle } from '../db/client'
import { log } from '../log'

/** Readiness for load balancers: whether the database answers a trivial query. */
export async function databaseAnswers(database: DatabaseHandle): Promise<boolean> {
  try {
    await database.db.execute(sql`select 1`)
    return true
  } catch (error) {
    log.warn('api.not_ready', { error })
    return false
  }
}

/** The readiness check with what only the operator is told: the engine and how long it took. */
export async function checkReadiness(database: DatabaseHandle): Promise<{ ready: boolean; engine: DatabaseHandle['kind']; ms: number }> {
  const started = performance.now()
  const ready = await databaseAnswers(database)
  return { ready, engine: database.kind, ms: Math.round((performance.now() - started) * 10) / 10 }
}
