import '@tanstack/react-start/server-only'
import { redirect } from '@tanstack/react-router'
import { getCookie, getRequest, getRequestHeader, getRequestIP, setResponseStatus } from '@tanstack/react-start/server'
import type { z } from 'zod'
import { LOCALE_COOKIE } from '~/contract/preferences'
import { isLocale, negotiateLocale, type Locale } from '~/i18n/locales'
import { getConfig } from '../config'
import { clientAddress } from '../http/client-address'
import { MaintenanceError, ProviderError, providerClient } from '../provider'
import type { CallOptions } from '../provider/client'
import { getSession } from '../session/session'

/** The visitor's language: the remembered choice, else the browser's, else Romanian. */
export function requestLocale(): Locale {
  const remembered = getCookie(LOCALE_COOKIE)
  return isLocale(remembered) ? remembered : negotiateLocale(getRequestHeader('accept-language'))
}

/**
 * Calls the provider on behalf of the current visitor: adds their language, address, browser and
 * (when signed in) the bearer from the sealed session. Maintenance becomes a redirect to
 * /maintenance wherever this is called from (loader, beforeLoad or component).
 */
export async function callProvider<S extends z.ZodType>(path: string, options: Omit<CallOptions<S>, 'clientIp' | 'userAgent' | 'locale'>): Promise<z.output<S>> {
  const session = await getSession()
  try {
    // `bearer` only for a session made during this request (its cookie is not readable until the next one).
    return await providerClient().call(path, { ...options, ...visitor(), bearer: options.bearer ?? session.accessToken })
  } catch (error) {
    if (error instanceof MaintenanceError) throw refusedWith(503, redirect({ to: '/maintenance', search: { from: currentPagePath() } }))
    // A session owing its second step is still a session: it goes to the code, not out.
    if (error instanceof ProviderError && session.accessToken && error.status === 403 && error.body.error.message === 'two_factor_required') {
      throw refusedWith(403, redirect({ to: '/account/2fa-check', search: { last_url: currentPagePath() } }))
    }
    // The provider no longer accepts the session (expired, revoked, idle): sign out here too (spec §8).
    if (error instanceof ProviderError && session.accessToken && (error.status === 401 || error.status === 403)) {
      session.destroy()
      const reason = error.sessionEndReason === 'signed_out_elsewhere' ? 'signed_out' : 'inactivity'
      throw refusedWith(error.status, redirect({ to: '/authenticate', search: { reason, last_url: currentPagePath() } }))
    }
    throw error
  }
}

/**
 * A server-function call the provider refused answers with the provider's status besides the
 * redirect the browser follows, so no other caller can take it for a success. Pages keep the
 * redirect's own status.
 */
function refusedWith<R>(status: number, answer: R): R {
  if (isServerFunctionCall()) setResponseStatus(status)
  return answer
}

const isServerFunctionCall = () => new URL(getRequest().url).pathname.startsWith('/_serverFn')

/** The visitor's address (by the rule of decision 40), browser and language, as the provider is told them. */
export function visitor(): Pick<CallOptions<z.ZodType>, 'clientIp' | 'userAgent' | 'locale'> {
  const clientIp = clientAddress(getRequestIP(), getRequestHeader('x-forwarded-for'), getConfig().TRUST_PROXY_HOPS)
  return { clientIp, userAgent: getRequestHeader('user-agent'), locale: requestLocale() }
}

/** The page the visitor is on: the request itself when rendering, the referring page for a server-function call. */
export function currentPagePath(): string | undefined {
  const request = getRequest()
  const url = new URL(request.url)
  const page = isServerFunctionCall() ? request.headers.get('referer') : request.url
  if (!page) return undefined
  const pageUrl = new URL(page, url)
  if (pageUrl.origin !== url.origin || pageUrl.pathname === '/maintenance') return undefined
  return `${pageUrl.pathname}${pageUrl.search}`
}
