import { describe, expect, it } from 'vitest'
import { localeCodes } from '~/i18n/locales'
import { readCatalog } from '../support/catalog'

describe.each(['messages', 'fields', 'server'] as const)('translation catalog %s', (name) => {
  const source = readCatalog('en', name)

  it('have messages to translate', () => {
    expect(source.size).toBeGreaterThan(10)
  })

  // `npm test` runs `lingui extract` first, so a new string that is not translated fails here.
  for (const locale of localeCodes.filter((l) => l !== 'en')) {
    it(`${locale} translates every message`, () => {
      const catalog = readCatalog(locale, name)
      const missing = [...source.keys()].filter((id) => !catalog.get(id))
      expect(missing, `untranslated in ${locale}`).toEqual([])
    })
  }

  it('keep placeholders intact', () => {
    for (const locale of localeCodes) {
      for (const [key, text] of readCatalog(locale, name)) {
        const id = key.split('\u0004').at(-1)!
        // The same names, each at least once: a plural has as many branches as its language has forms.
        // A plural's branches (`=1 {tomorrow}`, `few {# zile}`) are words, not placeholders.
        // Whole words only: "Phone {phone}" ends in "one", yet its {phone} is a placeholder.
        const branches = /(?:=\d+|\b(?:zero|one|two|few|many|other))\s*\{[^{}]*\}/g
        const placeholders = (s: string) => [...new Set([...s.replace(branches, '').matchAll(/\{(\w+)[},]/g)].map((m) => m[1]))].sort()
        if (text) expect(placeholders(text), `${locale}: ${id}`).toEqual(placeholders(id))
      }
    }
  })
})
