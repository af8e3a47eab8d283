import { z } from 'zod'
import { PartnerCode } from '~/contract/partners'
import { RegisteredVehicle } from '~/contract/rca'
import { checkVin, parsePlate } from '~/contract/vehicle'
import { InsurerList, InsurerRecord, InsurerRecordList, QuoteEnvelope, QuotePollQuery } from '~/contract/quotes'
import { INSURER_DOCUMENT_KINDS } from '~/contract/legal-documents'
import { pendingTwoFactor } from '../../auth/two-factor'
import { InsurerUnavailable } from '../../insurers/adapter'
import { ProductServiceUnavailable, type AnyProductDefinition } from '../../products/definition'
import { QuoteError } from '../../quotes/service'
import { FxRateMissing, FxRateStale } from '../../fx/service'
import { RequestRuleError } from '../../products/rules'
import { fieldSentence } from '../../i18n'
import type { Locale } from '~/i18n/locales'
import { VehicleRegistryUnavailable } from '../../vehicles/registry-client'
import type { ApiDeps } from '../deps'
import { ApiError } from '../errors'
import { log } from '../../log'
import { defineRoute, type RouteContext } from '../route'
import { requireCaptcha } from './engagement'

const hour = 60 * 60_000

/** Counts one call of `name` against the client address's hourly `max` (0: no limit). */
export async function limitPerAddress(deps: ApiDeps, name: string, max: number, clientIp: string | undefined): Promise<void> {
  if (max === 0) return
  const verdict = await deps.limiter.hit({ key: `${name}:ip:${clientIp ?? 'unknown'}`, max, windowMs: hour })
  if (!verdict.allowed) throw new ApiError(429, 'too_many_requests', undefined, { 'retry-after': String(verdict.retryAfterS) })
}

/** Counts one call of `name` against the account's hourly `max` (0: no limit). */
async function limitPerAccount(deps: ApiDeps, name: string, max: number, userId: string): Promise<void> {
  if (max === 0) return
  const verdict = await deps.limiter.hit({ key: `${name}:user:${userId}`, max, windowMs: hour })
  if (!verdict.allowed) throw new ApiError(429, 'too_many_requests', undefined, { 'retry-after': String(verdict.retryAfterS) })
}

/** The account of a valid bearer that owes no second step; anyone else is a visitor (null). */
async function optionalUserId(ctx: Pick<RouteContext<unknown, unknown, unknown>, 'bearer' | 'deps'>): Promise<string | null> {
  if (!ctx.bearer) return null
  const account = await ctx.deps.accounts.authenticate(ctx.bearer)
  if (!account || pendingTwoFactor(account, ctx.deps.config)) return null
  return account.user.id
}

/** Plate and VIN of a registry look-up (`GET /vehicles/lookup`, `GET /vehicles/registry`). */
export const RegistryLookupQuery = z.object({
  registration_plate: z
    .string({ error: 'lookup_plate_invalid' })
    .max(20, { error: 'lookup_plate_invalid' })
    .refine((v) => parsePlate(v) !== undefined, { error: 'lookup_plate_invalid' }),
  vin: z
    .string({ error: 'lookup_vin_invalid' })
    .max(30, { error: 'lookup_vin_invalid' })
    .refine((v) => checkVin(v).ok, { error: 'lookup_vin_invalid' }),
})

/**
 * The vehicle registry's record for a plate and VIN, counted against the address's hourly
 * look-ups and, for an account, the account's too (one that moves between addresses gets no
 * more); 404 when the registry does not know the vehicle, 503 when it does not answer.
 */
export async function lookUpRegistry(deps: ApiDeps, query: z.infer<typeof RegistryLookupQuery>, clientIp: string | undefined, userId: string | null) {
  await limitPerAddress(deps, 'vehicle-lookup', deps.config.VEHICLE_LOOKUP_RATE_LIMIT, clientIp)
  if (userId) await limitPerAccount(deps, 'vehicle-lookup', deps.config.VEHICLE_LOOKUP_RATE_LIMIT, userId)
  try {
    const vehicle = await deps.vehicleRegistry.lookup(query.registration_plate, query.vin)
    if (!vehicle) throw new ApiError(404, 'vehicle_not_found')
    return vehicle
  } catch (error) {
    if (error instanceof VehicleRegistryUnavailable) throw new ApiError(503, 'quote_service_unavailable', undefined, { 'retry-after': '30' })
    throw error
  }
}

/** The sentences of the rules a request broke, by dotted field path (as zod's 422s are keyed). */
function ruleFields(error: RequestRuleError, locale: Locale): Record<string, string[]> {
  const fields: Record<string, string[]> = {}
  for (const problem of error.problems) (fields[problem.path] ??= []).push(fieldSentence(locale, problem.key))
  return fields
}

/**
 * What every new quote passes, for its product: the hourly limit per address, then the captcha,
 * or, with an empty token (a browser without JavaScript cannot solve one), a tighter limit of
 * its own.
 */
async function admitQuote(ctx: Pick<RouteContext<unknown, unknown, unknown>, 'deps' | 'clientIp' | 'locale'>, product: string, token: unknown): Promise<void> {
  const { deps, clientIp, locale } = ctx
  await limitPerAddress(deps, `quote:${product}`, deps.config.QUOTE_RATE_LIMIT, clientIp)
  const unsolved = token === '' && deps.config.QUOTE_WITHOUT_CAPTCHA_LIMIT > 0
  if (unsolved) await limitPerAddress(deps, `quote-without-captcha:${product}`, deps.config.QUOTE_WITHOUT_CAPTCHA_LIMIT, clientIp)
  else await requireCaptcha(typeof token === 'string' ? token : '', { deps, clientIp, locale })
}

/** A quote that could not be made, as the API's answer. */
function quoteRefusal(error: unknown, locale: Locale): unknown {
  if (error instanceof QuoteError) return new ApiError(404, 'not_found')
  if (error instanceof RequestRuleError) return new ApiError(422, 'validation_failed', ruleFields(error, locale))
  if (error instanceof FxRateMissing) return new ApiError(503, 'exchange_rate_missing')
  if (error instanceof FxRateStale) return new ApiError(503, 'exchange_rate_stale')
  if (error instanceof ProductServiceUnavailable) {
    // As a payment that cannot start: a buyer turned away because an outside party failed.
    log.error('quotes.service_unavailable', { service: error.service, error })
    return new ApiError(503, 'quote_service_unavailable', undefined, { 'retry-after': '30' })
  }
  return error
}

/** `POST /products/{code}/quotes`, one route per product: each has its own request schema (and OpenAPI entry). */
function createQuoteRoute(definition: AnyProductDefinition) {
  return defineRoute({
    method: 'POST',
    path: `/products/${definition.code}/quotes`,
    tag: 'quotes',
    summary: `Asks every enabled ${definition.code.toUpperCase()} insurer for a price at once; answers 201 with the quote, pending. Follow it with \`GET /quotes/{id}?after=&wait=\`. A bearer token, when valid, makes the quote the account's. Needs a captcha \`token\` (an empty one is allowed under \`QUOTE_WITHOUT_CAPTCHA_LIMIT\` per address, for browsers without JavaScript); limited per address (\`QUOTE_RATE_LIMIT\`).`,
    query: z.object({ partner: PartnerCode.optional().catch(undefined) }),
    body: definition.requestSchema,
    response: QuoteEnvelope,
    status: 201,
    handler: async ({ body, query, deps, clientIp, locale, bearer }) => {
      const { token, ...request } = body as Record<string, unknown>
      await admitQuote({ deps, clientIp, locale }, definition.code, token)
      const userId = await optionalUserId({ bearer, deps })
      try {
        const quote = await deps.quotes.create(definition.code, request, { userId, partnerCode: query.partner ?? null })
        return { body: { data: quote } }
      } catch (error) {
        throw quoteRefusal(error, locale)
      }
    },
  })
}

export function quoteRoutes(definitions: Record<string, AnyProductDefinition>) {
  return [
    ...Object.values(definitions).map(createQuoteRoute),
    defineRoute({
      method: 'GET',
      path: '/quotes/{id}',
      tag: 'quotes',
      summary:
        'A quote and its offers so far (offered first, cheapest first). Long-poll: with `after=<insurers answered you have seen>&wait=<seconds, ≤ 25>` it answers as soon as more insurers have answered, or when the quote is complete, or after `wait`. A quote made by an account is visible to that account only (404 otherwise).',
      params: z.object({ id: z.string().max(64) }),
      query: QuotePollQuery,
      response: QuoteEnvelope,
      handler: async ({ params, query, deps, bearer, request }) => {
        const viewer = { userId: await optionalUserId({ bearer, deps }) }
        const quote = query.wait ? await deps.quotes.waitFor(params.id, viewer, query.after ?? 0, query.wait, request.signal) : await deps.quotes.get(params.id, viewer)
        if (!quote) throw new ApiError(404, 'quote_not_found')
        return { body: { data: quote } }
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/offers/{id}/documents/{kind}',
      tag: 'quotes',
      summary:
        'A document the insurer gave with an offer, as a PDF: its product information document (`ipid`) or its general conditions (`general_conditions`), in the edition the offer lists under `documents`, read from where the insurer publishes it. Public, as insurers publish them. 404 for an offer without it; 502 when the insurer does not serve it now.',
      params: z.object({ id: z.string().max(64), kind: z.enum(INSURER_DOCUMENT_KINDS) }),
      response: z.unknown(),
      handler: async ({ params, deps }) => {
        let document
        try {
          document = await deps.quotes.offerDocument(params.id, params.kind)
        } catch (error) {
          if (!(error instanceof InsurerUnavailable)) throw error
          log.warn('quotes.offer_document_unavailable', { offerId: params.id, kind: params.kind, reason: error.reason })
          throw new ApiError(502, 'insurer_document_unavailable')
        }
        if (!document) throw new ApiError(404, 'document_not_found')
        return {
          binary: document.bytes,
          headers: { 'content-type': 'application/pdf', 'content-disposition': `inline; filename="${document.filename}"`, 'cache-control': 'public, max-age=3600' },
        }
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/quotes/{id}/renew',
      tag: 'quotes',
      summary:
        'Asks the insurers again with the request of quote `{id}`, for a visitor whose offers expired: answers 201 with a new quote (same product and partner; the account’s when the quote or the bearer has one), pending, to follow like any other. The same captcha `token` rule and limits as `POST /products/{code}/quotes`. 404 for an unknown quote or another account’s; 422 with the field map when the request no longer holds (a start date that has gone by: the visitor changes it in the form).',
      params: z.object({ id: z.string().max(64) }),
      body: z.object({ token: z.string({ error: 'token_required' }).max(4096, { error: 'token_required' }) }),
      response: QuoteEnvelope,
      status: 201,
      handler: async ({ params, body, deps, clientIp, locale, bearer }) => {
        const userId = await optionalUserId({ bearer, deps })
        const old = await deps.quotes.get(params.id, { userId })
        if (!old) throw new ApiError(404, 'quote_not_found')
        await admitQuote({ deps, clientIp, locale }, old.product, body.token)
        try {
          const quote = await deps.quotes.renew(params.id, { userId })
          if (!quote) throw new ApiError(404, 'quote_not_found')
          return { body: { data: quote } }
        } catch (error) {
          throw quoteRefusal(error, locale)
        }
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/vehicles/lookup',
      tag: 'quotes',
      summary:
        'The registration-certificate fields of a vehicle from the vehicle registry, by plate and VIN, to prefill the RCA form; 404 `vehicle_not_found` when the registry does not know it (the visitor types them in). No bearer needed; limited per address and, with a valid bearer, per account as well (`VEHICLE_LOOKUP_RATE_LIMIT` each). A signed-in user adding a vehicle uses `GET /vehicles/registry`.',
      query: RegistryLookupQuery,
      response: z.object({ data: RegisteredVehicle }),
      handler: async ({ query, deps, clientIp, bearer }) => ({ body: { data: await lookUpRegistry(deps, query, clientIp, await optionalUserId({ bearer, deps })) } }),
    }),
    defineRoute({
      method: 'GET',
      path: '/insurers',
      tag: 'quotes',
      summary: 'The insurers the broker asks for prices (enabled ones), with their ASF registration and the products they sell.',
      response: InsurerList,
      handler: async ({ deps }) => ({ body: { data: await deps.insurers.publicList() } }),
    }),
    defineRoute({
      method: 'POST',
      path: '/operator/quotes/{id}/expire',
      tag: 'operator',
      summary: 'Ends the validity of a quote’s offers now (an insurer withdrew its prices): they can no longer be bought, and a visitor at the checkout is offered fresh ones. 404 for an unknown quote.',
      auth: 'operator',
      params: z.object({ id: z.string().max(64) }),
      response: z.object({ data: z.object({ id: z.string(), expires_at: z.iso.datetime({ offset: true }) }) }),
      handler: async ({ params, deps }) => {
        const expiresAt = await deps.quotes.expireNow(params.id)
        if (!expiresAt) throw new ApiError(404, 'quote_not_found')
        return { body: { data: { id: params.id, expires_at: expiresAt.toISOString() } } }
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/operator/insurers',
      tag: 'operator',
      summary: 'The whole insurer catalogue, enabled or not, with commission, adapter and quote timeout (`npm run cli -- insurer list`).',
      auth: 'operator',
      duringMaintenance: true,
      response: InsurerRecordList,
      handler: async ({ deps }) => ({ body: { data: await deps.insurers.list() } }),
    }),
    defineRoute({
      method: 'PUT',
      path: '/operator/insurers/{code}',
      tag: 'operator',
      summary: 'Enables or disables an insurer for new quotes (`npm run cli -- insurer enable|disable <code>`).',
      auth: 'operator',
      duringMaintenance: true,
      params: z.object({ code: z.string().min(1).max(40) }),
      body: z.object({ enabled: z.boolean() }),
      response: InsurerRecord,
      handler: async ({ params, body, deps }) => {
        const insurer = await deps.insurers.setEnabled(params.code, body.enabled)
        if (!insurer) throw new ApiError(404, 'insurer_not_found')
        return { body: insurer }
      },
    }),
  ]
}
