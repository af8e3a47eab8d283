import type { Locale } from '~/i18n/locales'

/** Browsers in the order their user-agent strings must be tested: Edge and Opera also say "Chrome", Chrome also says "Safari". */
const browsers: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\bCriOS\//, 'Chrome'],
  [/\bChromium\//, 'Chromium'],
  [/\bChrome\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
]

/** Systems, tested in order: iPhone and Android strings also mention "Mac OS X" and "Linux". */
const systems: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\b(?:Macintosh|Mac OS X)\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
]

const words: Record<Locale, { on: string; unknown: string }> = {
  ro: { on: 'pe', unknown: 'Dispozitiv necunoscut' },
  en: { on: 'on', unknown: 'Unknown device' },
  fr: { on: 'sur', unknown: 'Appareil inconnu' },
}

const first = (table: [RegExp, string][], text: string) => table.find(([pattern]) => pattern.test(text))?.[1]

/**
 * A short summary of a user agent for the session list, e.g. "Chrome on Windows" (in the
 * language asked for). Only names from the tables above ever come out, never the raw header.
 */
export function describeUserAgent(userAgent: string | null | undefined, locale: Locale): string {
  const text = userAgent ?? ''
  const browser = first(browsers, text)
  const system = first(systems, text)
  if (browser && system) return `${browser} ${words[locale].on} ${system}`
  return browser ?? system ?? words[locale].unknown
}
