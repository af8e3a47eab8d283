import { describe, expect, it } from 'vitest'
import { defaultLocale, isLocale, negotiateLocale } from '~/i18n/locales'

describe('language negotiation', () => {
  it('defaults to Romanian', () => {
    expect(defaultLocale).toBe('ro')
    expect(negotiateLocale(undefined)).toBe('ro')
    expect(negotiateLocale('')).toBe('ro')
    expect(negotiateLocale('de-DE,de;q=0.9')).toBe('ro')
  })

  it('picks the best supported language by quality', () => {
    expect(negotiateLocale('en-US,en;q=0.9')).toBe('en')
    expect(negotiateLocale('de;q=1, fr-CA;q=0.8, en;q=0.5')).toBe('fr')
    expect(negotiateLocale('en;q=0.2, ro;q=0.9')).toBe('ro')
    expect(negotiateLocale('fr;q=0, en;q=0.1')).toBe('en')
  })

  it('recognises only the site’s languages', () => {
    expect(isLocale('fr')).toBe(true)
    expect(isLocale('hu')).toBe(false)
    expect(isLocale(undefined)).toBe(false)
  })
})
