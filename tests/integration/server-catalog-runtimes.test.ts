/**
 * The server's words come from the Lingui catalogs in every way server code runs: bundled for
 * plain Node by the same plugins as `dist/node` (no Vite), and under tsx with the hooks the
 * `dev:*` scripts register. Vitest itself (this file's process) is the third way.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { build } from 'rolldown'
import { afterAll, describe, expect, it } from 'vitest'
import { prettyMessage } from '~/server/i18n/api-messages'
import { linguiPlugins } from '../../scripts/lingui/rolldown-plugins'

const root = path.resolve(import.meta.dirname, '../..')
// Inside the repository, so the bundle's packages resolve from its node_modules as dist/node's do.
const dir = mkdtempSync(path.join(root, 'tests/.catalog-probe-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Prints the API's "not found" sentence and a device name in French, and a Romanian reminder subject. */
const probe = `
import { prettyMessage } from '${root}/src/server/i18n/api-messages.ts'
import { describeUserAgent } from '${root}/src/server/auth/user-agent.ts'
import { renderMail } from '${root}/src/server/mail/templates.ts'
console.log(JSON.stringify({
  api: prettyMessage('fr', 'not_found'),
  device: describeUserAgent('', 'fr'),
  subject: renderMail('policy-end-reminder', 'ro', { what: 'Polița RCA', plate: '', days: 30 }).subject,
}))
`
const expected = { api: 'La ressource demandée n’existe pas.', device: 'Appareil inconnu', subject: 'Polița RCA expiră peste 30 de zile' }

describe('server catalog outside Vite', () => {
  it('vitest translates from the catalog', () => {
    expect(prettyMessage('fr', 'not_found')).toBe(expected.api)
  })

  it('a rolldown bundle with the dist/node plugins runs in plain Node', async () => {
    const entry = path.join(dir, 'probe.ts')
    writeFileSync(entry, probe)
    await build({
      cwd: root,
      input: entry,
      platform: 'node',
      external: (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('~/') && !id.startsWith('\0'),
      resolve: { alias: { '~': path.join(root, 'src') } },
      plugins: linguiPlugins(),
      output: { dir, format: 'esm', entryFileNames: 'probe.mjs' },
      logLevel: 'silent',
    })
    const out = execFileSync(process.execPath, [path.join(dir, 'probe.mjs')], { cwd: root, env: { ...process.env, LOG_LEVEL: 'silent' } })
    expect(JSON.parse(out.toString())).toEqual(expected)
  })

  it('tsx with the lingui hooks of the dev scripts', () => {
    const entry = path.join(dir, 'tsx-probe.ts')
    writeFileSync(entry, probe)
    const out = execFileSync(path.join(root, 'node_modules/.bin/tsx'), ['--import', './scripts/lingui/register.mjs', entry], { cwd: root, env: { ...process.env, LOG_LEVEL: 'silent' } })
    expect(JSON.parse(out.toString())).toEqual(expected)
  })
})
