import { msg } from '@lingui/core/macro'
import Bowser from 'bowser'
import type { Locale } from '~/i18n/locales'
import { i18nFor } from '../i18n'

const unknownDevice = msg`Unknown device`

/** Shorter names for the few the parser spells out at length. */
const shorter: Record<string, string> = {
  'Samsung Internet for Android': 'Samsung Internet',
  'Microsoft Edge': 'Edge',
  'Chrome OS': 'ChromeOS',
}

/** A name is shown only when it looks like one: the header is the client's to write. */
const PLAIN_NAME = /^[A-Za-z][A-Za-z0-9 .]{0,39}$/

function clean(name: string | undefined): string | undefined {
  if (!name) return undefined
  const short = shorter[name] ?? name
  return PLAIN_NAME.test(short) ? short : undefined
}

/**
 * A short summary of a user agent for the session list, e.g. "Chrome on Windows" or "Safari on
 * iPhone" (in the language asked for), parsed by bowser. Only plain names come out, never the
 * raw header.
 */
export function describeUserAgent(userAgent: string | null | undefined, locale: Locale): string {
  const header = (userAgent ?? '').trim().slice(0, 512)
  const i18n = i18nFor(locale)
  if (header === '') return i18n._(unknownDevice) // the parser refuses an empty string
  const parsed = Bowser.parse(header)
  const browser = clean(parsed.browser.name)
  // An iPhone or iPad says more than "iOS".
  const system = clean(parsed.platform.model === 'iPhone' || parsed.platform.model === 'iPad' ? parsed.platform.model : parsed.os.name)
  if (browser && system) return i18n._(msg`${browser} on ${system}`)
  return browser ?? system ?? i18n._(unknownDevice)
}
