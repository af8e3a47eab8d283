import { sql } from 'drizzle-orm'
import type { DatabaseHandle } from '../db/client'
import type { NodeWakeUp } from './queue'

const CHANNEL = 'asiguro_jobs'

/**
 * Nodes sharing a PostgreSQL database wake each other when a job is queued: `pg_notify` in the
 * queuing transaction (delivered on commit), LISTEN on every node. Without it a job queued by a
 * node whose workers are all busy waited for another node's next poll. The embedded database is
 * one process's: its queue is woken in-process only.
 */
export function nodeWakeUpOf(database: DatabaseHandle): NodeWakeUp | undefined {
  const listen = database.listen
  if (!listen) return undefined
  return {
    notify: async (db) => void (await db.execute(sql`select pg_notify(${CHANNEL}, '')`)),
    listen: (onWake) => listen(CHANNEL, onWake),
  }
}
