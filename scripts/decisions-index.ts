/** `npm run docs:decisions`: rewrites docs/decisions/README.md from the records beside it. */
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { decisionIndex, readDecisionRecords } from './decision-records'

const dir = path.resolve(import.meta.dirname, '../docs/decisions')
const records = readDecisionRecords(dir)
writeFileSync(path.join(dir, 'README.md'), decisionIndex(records))
process.stdout.write(`docs/decisions/README.md: ${records.length} records\n`)
