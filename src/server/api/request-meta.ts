import type { Locale } from '~/i18n/locales'
import type { RequestMeta } from '../auth/accounts'

/**
 * Who is calling, for sessions and logs: the visitor's address (`X-Forwarded-For`, set by the
 * web app) and user agent. The spec's `user_agent`/`user_ip` body fields, when a call carries
 * them, describe the visitor's device and win over the request's own headers.
 */
export function requestMeta(
  ctx: { clientIp: string | undefined; request: Request; locale: Locale },
  device: { user_agent?: string | undefined; user_ip?: string | undefined } = {},
): RequestMeta {
  return {
    ip: device.user_ip || ctx.clientIp,
    userAgent: device.user_agent || (ctx.request.headers.get('user-agent') ?? undefined),
    locale: ctx.locale,
  }
}
