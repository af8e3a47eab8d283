import { writeFileSync } from 'node:fs'
import type { Logger } from 'drizzle-orm/logger'

/**
 * `DB_STATEMENT_COUNTS=<file>` (benches only: `bench:checkout --count-statements`): every statement
 * drizzle sends is counted by its text, and the counts are written to the file as JSON when the
 * process exits. How the statements per purchase are counted (docs/benchmarks.md); off otherwise.
 */
export function statementCounter(): Logger | undefined {
  const file = process.env.DB_STATEMENT_COUNTS
  if (!file) return undefined
  const counts = new Map<string, number>()
  process.once('exit', () => writeFileSync(file, JSON.stringify(Object.fromEntries(counts))))
  return {
    logQuery(query) {
      // The text is enough to tell statements apart; a batch's parameters are not kept.
      const key = query.replace(/\s+/g, ' ').slice(0, 160)
      counts.set(key, (counts.get(key) ?? 0) + 1)
    },
  }
}
