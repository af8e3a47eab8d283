/**
 * `npm run budgets` (after `npm run build`; `npm test` runs `budgets:js`, the JavaScript only): starts the production server
 * (`node dist/node/serve.js`, fresh data folder, embedded database) and checks the budgets of
 * docs/benchmarks.md on it (scripts/budgets/measure.ts): first-load JavaScript of `/` and `/rca`, and
 * Lighthouse on `/`, `/rca` and `/account/orders` in mobile mode. Prints the figures; exits 1 when
 * a budget is missed. `--no-lighthouse` checks the JavaScript only.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { freePort, HOST, root, say, stopAndWait, waitFor } from '../bench/processes'
import { formatBudgets, measureBudgets } from './budgets/measure'

const { values: flags } = parseArgs({ options: { 'no-lighthouse': { type: 'boolean', default: false } } })

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'asiguro-budgets-'))
const port = await freePort()
const origin = `http://${HOST}:${port}`
const server = spawn(process.execPath, ['dist/node/serve.js'], {
  cwd: root,
  env: { ...process.env, NODE_ENV: 'production', HOST, PORT: String(port), PUBLIC_URL: origin, DATA_DIR: dataDir, DATABASE_URL: '', PROVIDER_API_URL: '', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
})
let ok = false
try {
  await waitFor(`${origin}/api/v1/ready`, server)
  say(`budgets: production server at ${origin}`)
  const report = await measureBudgets(origin, root, { lighthouse: !flags['no-lighthouse'] })
  console.log(formatBudgets(report))
  ok = report.ok
} finally {
  await stopAndWait(server)
  rmSync(dataDir, { recursive: true, force: true })
}
process.exit(ok ? 0 : 1)
