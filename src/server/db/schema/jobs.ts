/** The durable job queue (`src/server/jobs/queue.ts`): mail, issuance, notification retries, reminders. */
import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { at, createdAt, updatedAt } from './common'

export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed', 'cancelled'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** When the job may run next; a running job's claim lasts until `locked_until`. */
    runAt: at('run_at').notNull().defaultNow(),
    lockedUntil: at('locked_until'),
    /** At most one job with this key is ever queued (e.g. `order.issue:<id>`, `reminder:<policy>:30`). */
    dedupeKey: text('dedupe_key'),
    lastError: text('last_error'),
    finishedAt: at('finished_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('jobs_dedupe_key').on(t.dedupeKey),
    index('jobs_due').on(t.runAt).where(sql`${t.status} = 'queued'`),
    index('jobs_running').on(t.lockedUntil).where(sql`${t.status} = 'running'`),
    check('jobs_attempts', sql`${t.attempts} >= 0`),
  ],
)
