import { isLocale, type Locale } from './locales'

/** `/en/travel` → `{ locale: 'en', rest: '/travel' }`; undefined without a known language segment. */
export function splitLocalePrefix(pathname: string): { locale: Locale; rest: string } | undefined {
  const match = pathname.match(/^\/([a-z]{2})(?=\/|$)(.*)$/)
  if (!match || !isLocale(match[1])) return undefined
  return { locale: match[1], rest: match[2] || '/' }
}
