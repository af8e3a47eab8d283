import { describe, expect, it } from 'vitest'
import { QuoteId } from '~/contract/quotes'
import { isPublicId } from '~/contract/constants'
import { formatLei, formatMoney } from '~/i18n/money'

// Intl writes a narrow no-break space (U+202F) or a no-break space (U+00A0) between groups and before a sign.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ')

describe('the one money formatter', () => {
  it('writes lei as people in each language read them', () => {
    expect(plain(formatMoney(123456, 'RON', 'ro'))).toBe('1.234,56 lei')
    expect(plain(formatMoney(123456, 'RON', 'en'))).toBe('1,234.56 lei')
    expect(plain(formatMoney(123456, 'RON', 'fr'))).toBe('1 234,56 lei')
    expect(formatLei(2800, 'ro')).toBe('28,00 lei')
  })

  it('writes euro with cents, or without when a cover limit is whole; forints without decimals', () => {
    expect(plain(formatMoney(5000, 'EUR', 'ro'))).toBe('50,00 EUR')
    expect(plain(formatMoney(3_000_000, 'EUR', 'fr', { wholeWithoutCents: true }))).toBe('30 000 €')
    expect(plain(formatMoney(3_000_050, 'EUR', 'en', { wholeWithoutCents: true }))).toBe('€30,000.50')
    expect(plain(formatMoney(617_600, 'HUF', 'ro'))).toBe('6.176 HUF')
  })
})

describe('the one public id', () => {
  it('is 22 base64url characters, in the browser check and in the schema alike', () => {
    for (const [value, ok] of [
      ['AbCdEfGhIjKlMnOpQrSt_-', true],
      ['AbCdEfGhIjKlMnOpQrSt_', false],
      ['AbCdEfGhIjKlMnOpQrSt/=', false],
    ] as const) {
      expect(isPublicId(value), value).toBe(ok)
      expect(QuoteId.safeParse(value).success, value).toBe(ok)
    }
  })
})
