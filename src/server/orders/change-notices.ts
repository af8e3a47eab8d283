import { sql } from 'drizzle-orm'
import type { DatabaseHandle } from '../db/client'
import type { OrderChangesAcrossNodes } from './orders'

const CHANNEL = 'asiguro_orders'

/**
 * Nodes sharing a PostgreSQL database tell each other which order changed (`pg_notify` with its
 * id, after the change committed; LISTEN on every node), so an order's long-poll waiting on one
 * node answers when another node issued it, without re-reading the order every second. The
 * embedded database is one process's: its long-polls are woken in-process only.
 */
export function orderChangesAcrossNodes(database: DatabaseHandle): OrderChangesAcrossNodes | undefined {
  const listen = database.listen
  if (!listen) return undefined
  return {
    notify: async (orderId) => void (await database.db.execute(sql`select pg_notify(${CHANNEL}, ${orderId})`)),
    listen: (onChange) => listen(CHANNEL, onChange),
  }
}
