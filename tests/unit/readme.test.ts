import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { settings } from '../../app.config'

describe('README', () => {
  const readme = readFileSync('README.md', 'utf8')

  it('documents every setting of app.config.ts', () => {
    for (const name of Object.keys(settings)) expect(readme, name).toContain(`| \`${name}\` |`)
  })

  it('starts with the two commands', () => {
    expect(readme).toContain('npm ci && npm start')
    expect(readme).toContain('npm ci && npm test')
  })
})
