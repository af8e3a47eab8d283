import { describe, expect, it } from 'vitest'
import { fieldMessage, fieldMessageTables, type FieldMessageKey } from '~/contract/field-messages'
import { fieldCatalog } from '~/i18n/field-catalog'
import { localeCodes } from '~/i18n/locales'
import { fieldSentence } from '~/server/i18n'

const keys = fieldMessageTables.flatMap((table) => Object.keys(table)) as FieldMessageKey[]

describe('field sentences', () => {
  it('uses each key in one list only, so no feature silently overrides another’s sentence', () => {
    const seen = new Map<string, number>()
    fieldMessageTables.forEach((table, i) => {
      for (const key of Object.keys(table)) {
        expect(seen.has(key), `${key} is in lists ${seen.get(key)} and ${i}`).toBe(false)
        seen.set(key, i)
      }
    })
    expect(keys.length).toBeGreaterThan(200)
  })

  it('has a sentence in every language for every key, never empty and never a pattern', () => {
    for (const locale of localeCodes) {
      for (const key of keys) {
        const sentence = fieldSentence(locale, key)
        expect(sentence.trim().length, `${locale}.${key}`).toBeGreaterThan(5)
        expect(sentence, `${locale}.${key}`).not.toMatch(/\^|\$\/|\\d|\[0-9\]/)
      }
    }
  })

  it('reads in Romanian and French, not in the English of the source', () => {
    for (const key of keys) {
      expect(fieldSentence('ro', key), key).not.toBe(fieldSentence('en', key))
      expect(fieldSentence('fr', key), key).not.toBe(fieldSentence('en', key))
    }
  })

  it('gives the browser, which loads the catalog on a form’s first use, the sentences the server writes', async () => {
    for (const locale of localeCodes) {
      const browser = await fieldCatalog(locale)
      expect(browser.locale).toBe(locale)
      for (const key of keys) expect(fieldMessage(browser, key), `${locale}.${key}`).toBe(fieldSentence(locale, key))
    }
    expect(fieldMessage(await fieldCatalog('ro'), 'email_required')).toBe('Introduceți adresa de e-mail.')
    expect(fieldMessage(await fieldCatalog('fr'), 'email_required')).toBe('Saisissez votre adresse e-mail.')
  })
})
