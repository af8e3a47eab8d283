/** `npm run docs:config`: rewrites the README's configuration table from app.config.ts. */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { withConfigTable } from './config-table'

const file = path.resolve(import.meta.dirname, '../README.md')
writeFileSync(file, withConfigTable(readFileSync(file, 'utf8')))
process.stdout.write('README.md: configuration table written from app.config.ts\n')
