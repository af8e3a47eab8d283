import { z } from 'zod'
import { CaptchaChallenge } from '~/contract/captcha'
import { ContactMessageCreated, ContactMessageInput } from '~/contract/contact'
import { PartnerCode, PartnerLookup } from '~/contract/partners'
import { ConsentChoices } from '~/contract/site'
import type { Locale } from '~/i18n/locales'
import { createChallenge, verifyCaptcha } from '../../captcha/captcha'
import { log } from '../../log'
import type { ApiDeps } from '../deps'
import { ApiError } from '../errors'
import { prettyMessage } from '../../i18n/api-messages'
import { defineRoute } from '../route'

const limit = z.coerce.number().int().min(1).max(500).default(50)

/** Refuses the request with a 422 on `token` unless the anti-abuse check passes. */
export async function requireCaptcha(token: string, ctx: { deps: ApiDeps; clientIp: string | undefined; locale: Locale }): Promise<void> {
  const verdict = await verifyCaptcha(token, { config: ctx.deps.config, db: ctx.deps.database.db, clientIp: ctx.clientIp })
  if (verdict.ok) return
  log.info('captcha.refused', { reason: verdict.reason, provider: ctx.deps.config.CAPTCHA_PROVIDER })
  throw new ApiError(422, 'validation_failed', { token: [prettyMessage(ctx.locale, 'captcha_failed')] })
}

/** Partners, the captcha challenge, and the contact form. */
export const engagementRoutes = [
  defineRoute({
    method: 'GET',
    path: '/partners/{code}',
    tag: 'partners',
    summary: 'A partner of the branded pages (`/rca-{code}`, `/terms-{code}`). Inactive partners are not found.',
    params: z.object({ code: PartnerCode }),
    response: PartnerLookup,
    handler: async ({ params, deps }) => {
      const partner = await deps.partners.findActive(params.code)
      if (!partner) throw new ApiError(404, 'partner_not_found')
      return { body: { data: partner } }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/captcha/challenge',
    tag: 'site',
    summary: 'A self-hosted ALTCHA proof-of-work challenge; its solution is the `token` of protected forms.',
    response: CaptchaChallenge,
    handler: ({ deps }) => ({ body: createChallenge(deps.config) }),
  }),
  defineRoute({
    method: 'POST',
    path: '/contact-messages',
    tag: 'site',
    summary: 'A message from the contact form. Needs a valid captcha `token`.',
    body: ContactMessageInput,
    response: ContactMessageCreated,
    status: 201,
    handler: async ({ body, deps, clientIp, locale, request }) => {
      await requireCaptcha(body.token, { deps, clientIp, locale })
      const { name, email, phone, topic, message } = body
      return { body: await deps.contactMessages.create({ name, email, phone, topic, message, locale, ip: clientIp, userAgent: request.headers.get('user-agent') ?? undefined }) }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/operator/contact-messages',
    tag: 'operator',
    summary: 'Recent contact messages, newest first, for the support team.',
    auth: 'operator',
    duringMaintenance: true,
    query: z.object({ limit }),
    response: z.object({
      data: z.array(ContactMessageInput.omit({ token: true }).extend({ id: z.uuid(), locale: z.string(), created_at: z.iso.datetime({ offset: true }) })),
    }),
    handler: async ({ query, deps }) => ({ body: { data: await deps.contactMessages.recent(query.limit) } }),
  }),
  defineRoute({
    method: 'GET',
    path: '/operator/cookie-consents',
    tag: 'operator',
    summary: 'Recently recorded cookie consents, newest first, with the IP address they came from.',
    auth: 'operator',
    duringMaintenance: true,
    query: z.object({ limit }),
    response: z.object({
      data: z.array(z.object({ id: z.uuid(), consent: ConsentChoices, ip: z.string().nullable(), authenticated: z.boolean(), user_id: z.uuid().nullable(), created_at: z.iso.datetime({ offset: true }) })),
    }),
    handler: async ({ query, deps }) => ({ body: { data: await deps.cookieConsents.recent(query.limit) } }),
  }),
]

/** Operator: add, rename, (de)activate a partner (`npm run cli -- partner …`). */
export const partnerOperatorRoutes = [
  defineRoute({
    method: 'PUT',
    path: '/operator/partners/{code}',
    tag: 'operator',
    summary: 'Creates or updates a partner; `is_active: false` takes its pages down.',
    auth: 'operator',
    duringMaintenance: true,
    params: z.object({ code: PartnerCode }),
    body: z.object({ name: z.string().trim().min(1).max(120).optional(), is_active: z.boolean() }),
    response: z.object({ code: PartnerCode, name: z.string(), is_active: z.boolean() }),
    handler: async ({ params, body, deps }) => {
      const partner = await deps.partners.save(params.code, { name: body.name, isActive: body.is_active })
      if (!partner) throw new ApiError(404, 'partner_not_found')
      return { body: partner }
    },
  }),
]
