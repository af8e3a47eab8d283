/** The languages of the site. Romanian is the default and always complete. */
export const locales = [
  { code: 'ro', name: 'Română', is_default: true },
  { code: 'en', name: 'English', is_default: false },
  { code: 'fr', name: 'Français', is_default: false },
] as const

export type Locale = (typeof locales)[number]['code']
export const localeCodes: readonly Locale[] = locales.map((l) => l.code)
export const defaultLocale: Locale = 'ro'
export { TIME_ZONE } from '~/contract/iso-date'

/** The regional conventions of each site language (day-month order, 24-hour clock, digit grouping). */
const intlLocales: Record<Locale, string> = { ro: 'ro-RO', en: 'en-GB', fr: 'fr-FR' }

/** The `Intl` locale of a site language (`en` → `en-GB`); any other tag as it is. */
export function intlLocale(locale: string): string {
  return isLocale(locale) ? intlLocales[locale] : locale
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (localeCodes as readonly string[]).includes(value)
}

/**
 * The answers for the headers seen lately: browsers send a handful of distinct values, and every
 * API call and page negotiates. Emptied when full, and long values are not kept, so a caller
 * sending endless variants costs memory only up to the bound.
 */
const negotiated = new Map<string, Locale>()
const NEGOTIATED_MAX = 256

/** Picks the best supported language from an `Accept-Language` header. */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale {
  if (!acceptLanguage) return defaultLocale
  if (acceptLanguage.length > 200) return rankLocales(acceptLanguage)
  let locale = negotiated.get(acceptLanguage)
  if (locale === undefined) {
    if (negotiated.size >= NEGOTIATED_MAX) negotiated.clear()
    locale = rankLocales(acceptLanguage)
    negotiated.set(acceptLanguage, locale)
  }
  return locale
}

function rankLocales(acceptLanguage: string): Locale {
  const ranked = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      return { base: tag.toLowerCase().split('-')[0] ?? '', q: q ? Number(q.slice(2)) || 0 : 1 }
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q)
  return ranked.map((r) => r.base).find(isLocale) ?? defaultLocale
}
