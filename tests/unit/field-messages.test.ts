import { describe, expect, it } from 'vitest'
import { fieldMessageTables } from '~/contract/field-messages'

describe('field sentences', () => {
  it('uses each key in one table only, so no feature silently overrides another’s sentence', () => {
    const seen = new Map<string, number>()
    fieldMessageTables.forEach((table, i) => {
      for (const key of Object.keys(table.ro)) {
        expect(seen.has(key), `${key} is in tables ${seen.get(key)} and ${i}`).toBe(false)
        seen.set(key, i)
      }
    })
  })

  it('has a sentence in every language for every key, never empty and never a pattern', () => {
    for (const table of fieldMessageTables) {
      for (const locale of ['ro', 'en', 'fr'] as const) {
        const sentences = table[locale] as Record<string, string>
        expect(Object.keys(sentences).sort()).toEqual(Object.keys(table.ro).sort())
        for (const [key, sentence] of Object.entries(sentences)) {
          expect(sentence.trim().length, `${locale}.${key}`).toBeGreaterThan(5)
          expect(sentence, `${locale}.${key}`).not.toMatch(/\^|\$\/|\\d|\[0-9\]/)
        }
      }
    }
  })
})
