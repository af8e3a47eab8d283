import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { localeCodes } from '~/i18n/locales'

/** Reads the msgid → msgstr pairs of a .po catalog (single-line entries, as Lingui writes them). */
function readCatalog(locale: string): Map<string, string> {
  const text = readFileSync(path.resolve('src/i18n/locales', locale, 'messages.po'), 'utf8')
  const entries = new Map<string, string>()
  const pattern = /^msgid ((?:"(?:[^"\\]|\\.)*"\n?)+)msgstr ((?:"(?:[^"\\]|\\.)*"\n?)+)/gm
  const join = (chunk: string) => chunk.trim().split('\n').map((line) => JSON.parse(line) as string).join('')
  for (const match of text.matchAll(pattern)) {
    const id = join(match[1] ?? '')
    if (id !== '') entries.set(id, join(match[2] ?? ''))
  }
  return entries
}

describe('translation catalogs', () => {
  const source = readCatalog('en')

  it('have messages to translate', () => {
    expect(source.size).toBeGreaterThan(10)
  })

  // `npm test` runs `lingui extract` first, so a new string that is not translated fails here.
  for (const locale of localeCodes.filter((l) => l !== 'en')) {
    it(`${locale} translates every message`, () => {
      const catalog = readCatalog(locale)
      const missing = [...source.keys()].filter((id) => !catalog.get(id))
      expect(missing, `untranslated in ${locale}`).toEqual([])
    })
  }

  it('keep placeholders intact', () => {
    for (const locale of localeCodes) {
      for (const [id, text] of readCatalog(locale)) {
        // The same names, each at least once: a plural has as many branches as its language has forms.
        const placeholders = (s: string) => [...new Set([...s.matchAll(/\{(\w+)[},]/g)].map((m) => m[1]))].sort()
        if (text) expect(placeholders(text), `${locale}: ${id}`).toEqual(placeholders(id))
      }
    }
  })
})
