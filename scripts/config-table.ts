/**
 * The README's configuration table, generated from app.config.ts (`npm run docs:config`) and
 * checked by tests/unit/readme.test.ts: one row per setting, in declaration order.
 */
import { settings } from '../app.config'

export const CONFIG_TABLE_HEADER = '| variable | default | public | meaning |\n|---|---|---|---|'

/** Pipes would end a Markdown table cell. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')

export function configTable(): string {
  const rows = Object.entries(settings).map(([name, setting]) => {
    const value = 'secret' in setting ? '*(required in production; generated per data folder elsewhere)*' : setting.default === '' || setting.default === undefined ? '*(empty)*' : `\`${cell(setting.default)}\``
    return `| \`${name}\` | ${value} | ${'public' in setting ? 'yes' : ''} | ${cell(setting.description)} |`
  })
  return `${CONFIG_TABLE_HEADER}\n${rows.join('\n')}`
}

/** `readme` with its configuration table (the header and every row after it) replaced by the current one. */
export function withConfigTable(readme: string): string {
  const start = readme.indexOf(CONFIG_TABLE_HEADER)
  if (start === -1) throw new Error('README.md has no configuration table header')
  let end = readme.indexOf('\n\n', start)
  if (end === -1) end = readme.length
  return `${readme.slice(0, start)}${configTable()}${readme.slice(end)}`
}
