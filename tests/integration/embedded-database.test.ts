import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createPgliteInChild, openDatabase } from '~/server/db/client'
import { seedReferenceData } from '~/server/site/reference-data'

// The embedded database is created in a child process on the first start (decision 81).
describe('creating the embedded database', () => {
  let dataDir: string
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'asiguro-create-'))
  })
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }))

  it('creates it in a fresh folder, migrated, and opens it again', async () => {
    const first = await openDatabase({ dataDir, prepare: (db) => seedReferenceData(db) })
    expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true)
    expect(readdirSync(dataDir)).toEqual(['pglite'])
    await first.close()
    const again = await openDatabase({ dataDir })
    const rows = await again.db.query.products.findMany()
    expect(rows.length).toBeGreaterThan(0)
    await again.close()
  })

  it('says what went wrong when the child fails, and leaves nothing half made', async () => {
    const dir = path.join(dataDir, 'pglite')
    await expect(createPgliteInChild(dir, `process.stderr.write('initdb: out of luck'); process.exit(3)`)).rejects.toThrow(
      `Creating the embedded database in ${dir} failed: the child process creating it exited with code 3. Its last output:\ninitdb: out of luck`,
    )
    await expect(createPgliteInChild(dir, `process.kill(process.pid, 'SIGKILL')`)).rejects.toThrow(/the child process creating it was killed by SIGKILL$/)
    expect(readdirSync(dataDir)).toEqual([])
  })

  it('refuses a database folder that holds files but no database', async () => {
    mkdirSync(path.join(dataDir, 'pglite'))
    writeFileSync(path.join(dataDir, 'pglite', 'notes.txt'), 'not a database')
    await expect(openDatabase({ dataDir })).rejects.toThrow(/pglite is not empty but holds no database \(no PG_VERSION\)/)
  })
})
