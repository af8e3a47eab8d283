import { createServerFn } from '@tanstack/react-start'
import { setCookie } from '@tanstack/react-start/server'
import { CookieConsent } from '~/contract/site'
import { CONSENT_COOKIE, encodeConsent, PREFERENCE_COOKIE_MAX_AGE, type ConsentChoices } from '~/contract/preferences'
import { getConfig } from '~/server/config'
import { formResult } from '~/server/web/forms'
import { callProvider } from '~/server/web/request'

/**
 * Records the visitor's cookie choices with the provider (with their IP address and, when
 * signed in, their bearer) and remembers them in a cookie the server reads on each render.
 */
export const saveConsent = createServerFn({ method: 'POST' })
  .validator((input: { consent: ConsentChoices; token: string }) => ({
    consent: {
      necessary: true as const,
      preferences: input.consent.preferences === true,
      analytics: input.consent.analytics === true,
      marketing: input.consent.marketing === true,
    },
    token: String(input.token ?? '').slice(0, 4096),
  }))
  .handler(async ({ data }) => {
    const result = await formResult(() => callProvider('/cookie-consents', { method: 'POST', json: data, schema: CookieConsent }))
    if (result.ok) {
      setCookie(CONSENT_COOKIE, encodeConsent(data.consent), {
        path: '/',
        maxAge: PREFERENCE_COOKIE_MAX_AGE,
        sameSite: 'lax',
        httpOnly: true,
        secure: getConfig().PUBLIC_URL.startsWith('https://'),
      })
    }
    return result
  })
