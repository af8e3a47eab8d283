import { intlLocale } from './locales'

const formats = new Map<string, Intl.NumberFormat>()

function numberFormat(locale: string, currency: string, digits: number): Intl.NumberFormat {
  const key = `${locale}:${currency}:${digits}`
  let format = formats.get(key)
  if (!format) {
    // Lei read as people in Romania write them ("250,50 lei"), not as the ISO code "RON".
    const style: Intl.NumberFormatOptions = currency === 'RON' ? {} : { style: 'currency', currency }
    format = new Intl.NumberFormat(intlLocale(locale), { ...style, minimumFractionDigits: digits, maximumFractionDigits: digits })
    formats.set(key, format)
  }
  return format
}

/**
 * The site's one money formatter, for pages, mails and documents: an amount in minor units
 * (bani, cents, fillér) in the locale's digits. Lei as `250,50 lei`, other currencies with their
 * sign (`30,00 €`, `5 500 Ft`: forints without decimals, as Hungary writes them).
 * `wholeWithoutCents`: `30 000 €` rather than `30 000,00 €` when there are no cents (cover limits).
 */
export function formatMoney(minor: number, currency: string, locale: string, options: { wholeWithoutCents?: boolean } = {}): string {
  const digits = currency === 'HUF' || (options.wholeWithoutCents && minor % 100 === 0) ? 0 : 2
  const text = numberFormat(locale, currency, digits).format(minor / 100)
  return currency === 'RON' ? `${text} lei` : text
}

/** Bani as lei for people: `25050` → `250,50 lei` (ro), `250.50 lei` (en). */
export function formatLei(bani: number, locale: string): string {
  return formatMoney(bani, 'RON', locale)
}

/** Bani as the number typed in a form field (`250,50` in Romanian and French). */
export function leiInput(bani: number, locale: string): string {
  const text = (bani / 100).toFixed(2)
  return locale === 'en' ? text : text.replace('.', ',')
}

/** An exchange rate (lei per unit, a decimal string from the API) in the locale's digits: `5.0912` → `5,0912` (ro, fr). */
export function formatRate(ronPerUnit: string, locale: string): string {
  return new Intl.NumberFormat(intlLocale(locale), { minimumFractionDigits: 2, maximumFractionDigits: 6 }).format(Number(ronPerUnit))
}

/** A change against an earlier price: `+12,50 lei` / `−3,4 %`, signed always (a saving reads with its minus). */
export function formatLeiChange(bani: number, locale: string): string {
  const text = formatLei(Math.abs(bani), locale)
  return bani > 0 ? `+${text}` : bani < 0 ? `−${text}` : text
}

export function formatPercentChange(percent: number, locale: string): string {
  return new Intl.NumberFormat(intlLocale(locale), { style: 'percent', signDisplay: 'exceptZero', maximumFractionDigits: 1 }).format(percent / 100)
}
