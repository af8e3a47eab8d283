import { CookieConsent, CookieConsentRequest, Health, LanguageList, MaintenanceStatus, Readiness } from '~/contract/site'
import { locales } from '~/i18n/locales'
import { checkReadiness } from '../../site/readiness'
import { isOperatorToken } from '../operator-token'
import { defineRoute } from '../route'
import { requireCaptcha } from './engagement'

const languagesBody = JSON.stringify({ data: locales })

export const siteRoutes = [
  defineRoute({
    method: 'GET',
    path: '/languages',
    tag: 'site',
    summary: 'Languages of the site; Romanian is the default.',
    response: LanguageList,
    handler: () => ({ rawJson: languagesBody }),
  }),
  defineRoute({
    method: 'GET',
    path: '/maintenances/status',
    tag: 'site',
    summary: 'Whether the site is under maintenance. Answers during maintenance too.',
    response: MaintenanceStatus,
    duringMaintenance: true,
    handler: async ({ deps }) => ({ body: (await deps.site.current()).maintenance }),
  }),
  defineRoute({
    method: 'POST',
    path: '/cookie-consents',
    tag: 'site',
    summary: 'Records a visitor’s cookie choices with their IP address (from X-Forwarded-For). Needs a valid captcha `token`; bearer optional.',
    body: CookieConsentRequest,
    response: CookieConsent,
    status: 201,
    handler: async ({ body, deps, clientIp, bearer, request, locale }) => {
      await requireCaptcha(body.token, { deps, clientIp, locale })
      // Bearer optional: a valid one ties the choice to the account; any other is an anonymous visitor.
      const account = await deps.accounts.authenticate(bearer)
      const userAgent = request.headers.get('user-agent') ?? undefined
      return { body: await deps.cookieConsents.record({ consent: body.consent, ip: clientIp, userAgent, userId: account?.user.id }) }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/health',
    tag: 'operations',
    summary: 'Liveness: the process answers.',
    response: Health,
    withoutDatabase: true,
    duringMaintenance: true,
    handler: () => ({ body: { status: 'ok' as const } }),
  }),
  defineRoute({
    method: 'GET',
    path: '/ready',
    tag: 'operations',
    summary:
      'Readiness: `ok` when the database answers, 503 `unavailable` when it does not. Only with the operator token as bearer does it add the database engine, its answer time and the process uptime; anyone else gets the status alone.',
    response: Readiness,
    withoutDatabase: true,
    duringMaintenance: true,
    handler: async ({ deps, bearer }) => {
      const check = await checkReadiness(deps.database)
      const details = isOperatorToken(bearer, deps.config.OPERATOR_TOKEN) ? { database: check.engine, database_ms: check.ms, uptime_s: Math.floor(process.uptime()) } : {}
      return { status: check.ready ? 200 : 503, body: { status: check.ready ? ('ok' as const) : ('unavailable' as const), ...details } }
    },
  }),
]

