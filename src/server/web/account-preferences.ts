import '@tanstack/react-start/server-only'
import { deleteCookie, setCookie } from '@tanstack/react-start/server'
import { AccountPreferencesEnvelope, type AccountPreferences } from '~/contract/account-area'
import { LOCALE_COOKIE, PREFERENCE_COOKIE_MAX_AGE, THEME_COOKIE } from '~/contract/preferences'
import { getConfig } from '../config'
import { providerClient } from '../provider'
import { log } from '../log'
import { visitor } from './request'

/**
 * The account's language and theme become this browser's (the cookies the server renders
 * from), so preferences follow the account to every device it signs in on. `system` leaves the
 * theme to the site's default.
 */
export function setPreferenceCookies(preferences: Pick<AccountPreferences, 'language' | 'theme'>): void {
  const secure = getConfig().PUBLIC_URL.startsWith('https://')
  setCookie(LOCALE_COOKIE, preferences.language, { path: '/', maxAge: PREFERENCE_COOKIE_MAX_AGE, sameSite: 'lax', httpOnly: true, secure })
  if (preferences.theme === 'system') deleteCookie(THEME_COOKIE, { path: '/' })
  else setCookie(THEME_COOKIE, preferences.theme, { path: '/', maxAge: PREFERENCE_COOKIE_MAX_AGE, sameSite: 'lax', secure })
}

/** At sign-in: reads the account's preferences and applies them. A failure never fails the sign-in. */
export async function applyAccountPreferences(bearer: string): Promise<void> {
  try {
    const { data } = await providerClient().call('/preferences', { ...visitor(), bearer, schema: AccountPreferencesEnvelope })
    setPreferenceCookies(data)
  } catch (error) {
    log.warn('preferences.apply_failed', { message: (error as Error).message })
  }
}
