import { sql } from 'drizzle-orm'
import { CookieConsent, CookieConsentRequest, Health, LanguageList, MaintenanceStatus, Readiness } from '~/contract/site'
import { locales } from '~/i18n/locales'
import { cookieConsents } from '../../db/schema'
import { defineRoute } from '../route'
import { log } from '../../log'
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
      const [row] = await deps.database.db
        .insert(cookieConsents)
        .values({
          consent: body.consent,
          ip: clientIp ?? null,
          userAgent: request.headers.get('user-agent')?.slice(0, 512) ?? null,
          authenticated: account !== null,
          userId: account?.user.id ?? null,
        })
        .returning()
      if (!row) throw new Error('cookie consent insert returned nothing')
      return { body: { id: row.id, consent: row.consent, created_at: row.createdAt.toISOString() } }
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
    summary: 'Readiness: the database answers. 503 when it does not.',
    response: Readiness,
    withoutDatabase: true,
    duringMaintenance: true,
    handler: async ({ deps }) => {
      try {
        await deps.database.db.execute(sql`select 1`)
        return { body: { status: 'ok' as const, database: deps.database.kind } }
      } catch (error) {
        log.warn('api.not_ready', { error })
        return { status: 503, body: { status: 'unavailable' as const, database: deps.database.kind } }
      }
    },
  }),
]

