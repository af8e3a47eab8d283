/**
 * Operator command line: `npm run cli -- <command>`.
 *
 *   maintenance on|off [--message "…"]   switch maintenance mode
 *   product-status <code> on|off          make a product available or not
 *   seed                                  seed reference data (idempotent)
 *   redirect list|add <from> <to> [--status N]|remove <from>   server redirect rules
 *   partner add <code> <name>|remove <code>                    partners of the branded pages
 *   insurer list|enable <code>|disable <code>                 the insurer catalogue
 *   booking list [--status S]|set-status <ref> <status>       road assistance requests
 *
 * With PostgreSQL (`DATABASE_URL`) it writes to the database directly. With the embedded
 * database, which admits one process at a time, it goes through the running server's
 * operator endpoints (same `PORT` and `DATA_DIR`), and opens the database itself only
 * when no server answers.
 */
import { getConfig } from '../config'
import { parseCommand, usage, type Command } from './commands'
import { runDirect, runThroughServer, ServerNotRunning } from './run'

async function main(argv: string[]): Promise<number> {
  let command: Command
  try {
    command = parseCommand(argv)
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${usage}\n`)
    return 2
  }
  const config = getConfig()
  if (!config.DATABASE_URL) {
    try {
      process.stdout.write(`${await runThroughServer(config, command)}\n`)
      return 0
    } catch (error) {
      if (!(error instanceof ServerNotRunning)) throw error
    }
  }
  process.stdout.write(`${await runDirect(config, command)}\n`)
  return 0
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`cli: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  },
)
