import '@tanstack/react-start/server-only'
import { getCookie, setCookie } from '@tanstack/react-start/server'
import { UserLookup } from '~/contract/auth'
import { RedirectLookup } from '~/contract/navigation'
import { TwoFactorSessionState } from '~/contract/two-factor'
import { CONSENT_COOKIE, decodeConsent, LOCALE_COOKIE, parseTheme, PREFERENCE_COOKIE_MAX_AGE, THEME_COOKIE, type ConsentChoices, type Theme } from '~/contract/preferences'
import type { FormFlash } from '~/contract/form-result'
import { anonymousSession, pendingSecondStep, type SessionEndNotice, type SessionView } from '~/contract/session'
import { splitLocalePrefix } from '~/i18n/locale-prefix'
import type { Locale } from '~/i18n/locales'
import { publicConfig, type PublicConfig } from '../../../app.config'
import { getConfig } from '../config'
import { MaintenanceError, ProviderError, providerClient } from '../provider'
import { getSession } from '../session/session'
import { takeFormFlash } from './form-flash'
import { callProvider, requestLocale, visitor } from './request'

/** Everything the shell needs on each navigation, from one server round trip. */
export interface NavigationState {
  kind: 'page'
  locale: Locale
  config: PublicConfig
  session: SessionView
  /** The provider ended the session since the last navigation, and why (idle, or signed out from elsewhere): the visitor is told. */
  sessionEnded: SessionEndNotice | false
  theme: Theme
  /** The visitor's cookie choices; null until they chose (the banner shows). */
  consent: ConsentChoices | null
  /** The errors of a form posted without JavaScript, for the page it came back to (src/ui/form). */
  formFlash?: FormFlash
}

export interface NavigationRedirect {
  kind: 'redirect'
  href: string
  /** Leaves the site: the browser loads the target as a new document. */
  external: boolean
  status: 301 | 302 | 307 | 308
}

/** Paths whose rule is never looked up: the maintenance page must answer while the API does not. */
const NO_RULES = new Set(['/maintenance'])

/**
 * Resolves a navigation to `href`: a language prefix is remembered and stripped, a
 * server redirect rule is followed, maintenance sends the visitor to /maintenance;
 * otherwise the shell's context for the page.
 */
export async function resolveNavigation(href: string): Promise<NavigationState | NavigationRedirect> {
  const url = new URL(href, 'http://site.internal')
  const prefixed = splitLocalePrefix(url.pathname)
  if (prefixed) {
    setCookie(LOCALE_COOKIE, prefixed.locale, { path: '/', maxAge: PREFERENCE_COOKIE_MAX_AGE, sameSite: 'lax', httpOnly: true, secure: getConfig().PUBLIC_URL.startsWith('https://') })
    return { kind: 'redirect', href: `${prefixed.rest}${url.search}${url.hash}`, external: false, status: 302 }
  }
  if (!NO_RULES.has(url.pathname)) {
    try {
      const { data: rule } = await callProvider('/redirects', { query: { path: url.pathname }, schema: RedirectLookup })
      if (rule) return { kind: 'redirect', href: rule.is_external ? rule.to : `${rule.to}${url.search}`, external: rule.is_external, status: rule.status_code }
    } catch (error) {
      if (!(error instanceof MaintenanceError)) throw error
      return { kind: 'redirect', href: `/maintenance?${new URLSearchParams({ from: `${url.pathname}${url.search}` })}`, external: false, status: 307 }
    }
  }
  const session = await getSession()
  let view: SessionView = anonymousSession
  let sessionEnded: SessionEndNotice | false = false
  let endNotice: SessionEndNotice = 'inactivity'
  if (session.accessToken && session.user) {
    // The provider decides whether the session still holds (idle, revoked, deleted account:
    // 401) and where it stands with the second factor, for the gate of spec §4. Its user is
    // fresher than the cookie's snapshot (an address changed or confirmed elsewhere), but it
    // shows no user to a session that still owes its second step: until then the snapshot the
    // sign-in left in the cookie serves the two-factor pages.
    const as = { ...visitor(), bearer: session.accessToken }
    const answers = await Promise.all([
      providerClient().call('/auth/user', { ...as, schema: UserLookup }),
      providerClient()
        .call('/auth/two-factor/check-active-session', { ...as, method: 'POST', json: {}, schema: TwoFactorSessionState })
        .catch((error: unknown) => {
          if (error instanceof ProviderError && error.status === 401) {
            if (error.sessionEndReason === 'signed_out_elsewhere') endNotice = 'signed_out'
            return null
          }
          throw error
        }),
    ]).catch((error: unknown) => {
      if (error instanceof MaintenanceError) return 'maintenance' as const // the maintenance page itself: nothing to gate
      throw error
    })
    if (answers === 'maintenance') view = { user: session.user, twoFactor: null }
    else if (answers[1] && pendingSecondStep({ user: session.user, twoFactor: answers[1] })) view = { user: session.user, twoFactor: answers[1] }
    else if (answers[0].data && answers[1]) {
      const { id, email, first_name, last_name, email_verified, terms_version, password_set } = answers[0].data
      // A guest's checkout session is asked nothing: the terms come with the account, once it has a password.
      const terms = terms_version === getConfig().TERMS_VERSION || !password_set ? {} : { terms_pending: terms_version ? ('changed' as const) : ('never_accepted' as const) }
      view = { user: { id, email, first_name, last_name, email_verified, ...terms }, twoFactor: answers[1] }
    } else {
      session.destroy()
      sessionEnded = endNotice
    }
  }
  return {
    kind: 'page',
    locale: requestLocale(),
    config: publicConfig(getConfig()),
    session: view,
    sessionEnded,
    theme: parseTheme(getCookie(THEME_COOKIE)),
    consent: decodeConsent(getCookie(CONSENT_COOKIE)),
    formFlash: await takeFormFlash(),
  }
}
