import { createServerFn } from '@tanstack/react-start'
import { setCookie } from '@tanstack/react-start/server'
import { CookieConsent, CookieConsentRequest } from '~/contract/site'
import { CONSENT_COOKIE, encodeConsent, PREFERENCE_COOKIE_MAX_AGE } from '~/contract/preferences'
import { getConfig } from '~/server/config'
import { contractInput, formResult } from '~/server/web/forms'
import { callProvider } from '~/server/web/request'

/**
 * Records the visitor's cookie choices with the provider (with their IP address and, when
 * signed in, their bearer) and remembers them in a cookie the server reads on each render.
 */
export const saveConsent = createServerFn({ method: 'POST' })
  .validator(contractInput(CookieConsentRequest))
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
