/**
 * Small preferences kept in cookies so the server renders them on the first paint (no
 * flash): the theme and the cookie-consent choices. Zod-free: the browser uses them too.
 */
export const THEME_COOKIE = 'theme'
export const CONSENT_COOKIE = 'cookie_consent'
export const LOCALE_COOKIE = 'locale'
/** One year, in seconds. */
export const PREFERENCE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60

export const themes = ['light', 'dark'] as const
export type Theme = (typeof themes)[number]
export const defaultTheme: Theme = 'light'

export function parseTheme(value: unknown): Theme {
  return value === 'dark' ? 'dark' : 'light'
}

export interface ConsentChoices {
  necessary: true
  preferences: boolean
  analytics: boolean
  marketing: boolean
}

export const necessaryOnly: ConsentChoices = { necessary: true, preferences: false, analytics: false, marketing: false }
export const allAccepted: ConsentChoices = { necessary: true, preferences: true, analytics: true, marketing: true }

/** Bumped when the categories change, so visitors are asked again. */
const CONSENT_VERSION = 1

/** `1.p1a0m1`: version, then one digit per optional category. */
export function encodeConsent(c: ConsentChoices): string {
  return `${CONSENT_VERSION}.p${+c.preferences}a${+c.analytics}m${+c.marketing}`
}

export function decodeConsent(value: string | undefined): ConsentChoices | null {
  const match = value?.match(/^(\d+)\.p([01])a([01])m([01])$/)
  if (!match || Number(match[1]) !== CONSENT_VERSION) return null
  return { necessary: true, preferences: match[2] === '1', analytics: match[3] === '1', marketing: match[4] === '1' }
}
