/**
 * Data folders for the servers the browser tests start. Creating an embedded database (initdb)
 * and running every migration is most of a server's start: on this two-core machine, under
 * load, 2 to 3 minutes of the 3 a fresh folder took, where a folder whose database is already
 * migrated starts in a quarter of that (docs/testing.md). So the runner makes one migrated
 * database per run with the build's own operator CLI (`cli seed`: create, migrate, seed the
 * reference data, as a server's first start does), and every server of the run starts on a copy
 * of it. The server still applies pending migrations and the idempotent reference data itself,
 * so a copy behaves as a folder the server made. Decision 146.
 */
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** Where the embedded database lives inside a data folder (src/server/db/client.ts). */
const DATABASE_FOLDER = 'pglite'

/**
 * Creates the run's migrated template folder (the runner, once, before any server starts) and
 * answers its path. Synchronous: Playwright starts `webServer` before any global setup could run.
 */
export function createTemplateDataFolder(): string {
  const template = mkdtempSync(path.join(os.tmpdir(), 'asiguro-e2e-template-'))
  if (!existsSync('dist/node/cli.js')) throw new Error('dist/node/cli.js is missing: run `npm run build` before the browser tests')
  const made = spawnSync(process.execPath, ['dist/node/cli.js', 'seed'], {
    env: { ...process.env, DATA_DIR: template, APP_ENV: 'test', NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: '' },
    encoding: 'utf8',
  })
  if (made.status !== 0) {
    rmSync(template, { recursive: true, force: true })
    throw new Error(`creating the browser tests' template database failed (${made.status ?? made.signal}):\n${made.stdout}\n${made.stderr}`)
  }
  return template
}

/**
 * A fresh data folder for one server, holding a copy of the template's database when the
 * runner made one (`E2E_TEMPLATE_DIR`), else empty (the server then creates and migrates it).
 * Only the database is copied: each server generates its own secrets.
 */
export function freshDataFolder(prefix: string): string {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix))
  copyTemplateInto(dataDir)
  return dataDir
}

/** Puts a copy of the template's database into `dataDir` (an empty folder); nothing without a template. */
export function copyTemplateInto(dataDir: string): void {
  const template = process.env.E2E_TEMPLATE_DIR
  if (template) cpSync(path.join(template, DATABASE_FOLDER), path.join(dataDir, DATABASE_FOLDER), { recursive: true })
}
