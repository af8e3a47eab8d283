import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { settings } from '../../app.config'
import { configTable } from '../../scripts/config-table'

describe('README', () => {
  const readme = readFileSync('README.md', 'utf8')

  it('documents every setting of app.config.ts', () => {
    for (const name of Object.keys(settings)) expect(readme, name).toContain(`| \`${name}\` |`)
  })

  it('has the configuration table as app.config.ts generates it (`npm run docs:config`)', () => {
    expect(readme).toContain(configTable())
  })

  it('starts with the two commands', () => {
    expect(readme).toContain('npm ci && npm start')
    expect(readme).toContain('npm ci && npm test')
  })
})
