/**
 * Vitest's global setup for the suites that start test APIs on PGlite: one migrated in-memory
 * database per run, written to a temporary file, which every `startTestApi('pglite')` loads instead
 * of running initdb and every migration again (decision 161). Each API still applies pending
 * migrations (none) and the reference data itself, as on a database of its own.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { dumpMigratedMemoryDatabase } from '~/server/db/client'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file holding the run's migrated PGlite database (`dumpDataDir`), or '' when the run uses no PGlite. */
    pgliteTemplate: string
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  // A PostgreSQL-only run (`TEST_DATABASES=postgres`) has no use for it.
  if (process.env.TEST_DATABASES && !process.env.TEST_DATABASES.split(',').some((kind) => kind.trim() === 'pglite')) {
    project.provide('pgliteTemplate', '')
    return () => {}
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'asiguro-pglite-template-'))
  const file = path.join(folder, 'migrated.tar')
  writeFileSync(file, Buffer.from(await (await dumpMigratedMemoryDatabase()).arrayBuffer()))
  project.provide('pgliteTemplate', file)
  return () => rmSync(folder, { recursive: true, force: true })
}
