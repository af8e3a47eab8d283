import type { Locale } from '~/i18n/locales'
import type { RequestMeta } from '../auth/accounts'

/**
 * Who is calling, for sessions and logs: the client address (decision 40) and user agent. The
 * spec's `user_agent` body field, when a call carries it, describes the visitor's device and
 * wins over the request's header. Its `user_ip` is accepted but never believed: a body field is
 * whatever the caller wants it to be, and the address must follow the one rule.
 */
export function requestMeta(ctx: { clientIp: string | undefined; request: Request; locale: Locale }, device: { user_agent?: string | undefined } = {}): RequestMeta {
  return {
    ip: ctx.clientIp,
    userAgent: device.user_agent || (ctx.request.headers.get('user-agent') ?? undefined),
    locale: ctx.locale,
  }
}
