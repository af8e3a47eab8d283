import { z } from 'zod'
import { PaymentRedirectEnvelope } from '~/contract/payments'
import { ApiError } from '../errors'
import { defineRoute } from '../route'
import { BodyTooLarge, readTextUpTo } from '../../http/body-limit'
import { refusedNotifications } from '../../metrics'

/** A processor's notification is a few hundred bytes of JSON; anything much larger is not one. */
export const NOTIFICATION_BODY_LIMIT = 8 * 1024

/** Card processors' notifications (decision 51): the raw body is verified by the processor's own rule. */
export const paymentRoutes = [
  defineRoute({
    method: 'GET',
    path: '/payments/{id}/redirect',
    tag: 'payments',
    summary: 'Where the browser goes to pay a payment still open: the processor’s URL, method and form fields. 404 once it is paid, failed or unknown. The id is unguessable (a UUID given only to the buyer).',
    params: z.object({ id: z.uuid() }),
    response: PaymentRedirectEnvelope,
    handler: async ({ params, deps }) => {
      const redirect = await deps.payments.redirectOf(params.id)
      if (!redirect) throw new ApiError(404, 'not_found')
      return { body: { data: redirect } }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/payments/notifications/{provider}',
    tag: 'payments',
    summary:
      'A card processor’s notification of a payment’s outcome (the sandbox processor: HMAC-SHA256 of the raw body in `X-Sandbox-Signature`; NETOPIA: its IPN with the `Verification-token` JWT). Verified, recorded, applied once; duplicates and late ones change nothing. Answers as the processor expects. A body over 8 KiB answers 413, too many from one address 429; neither, nor a bad signature, is stored.',
    params: z.object({ provider: z.enum(['sandbox', 'netopia']) }),
    response: z.unknown(),
    duringMaintenance: true,
    handler: async ({ params, request, deps, clientIp }) => {
      if (params.provider !== deps.payments.provider) throw new ApiError(404, 'not_found')
      const refused = (reason: string) => refusedNotifications.inc({ provider: params.provider, reason })
      const perMinute = deps.config.PAYMENT_NOTIFICATION_RATE_LIMIT
      if (perMinute > 0) {
        const verdict = await deps.limiter.hit({ key: `payment-notification:ip:${clientIp ?? 'unknown'}`, max: perMinute, windowMs: 60_000 })
        if (!verdict.allowed) {
          refused('rate_limited')
          throw new ApiError(429, 'too_many_requests', undefined, { 'retry-after': String(verdict.retryAfterS) })
        }
      }
      const raw = await readTextUpTo(request, NOTIFICATION_BODY_LIMIT).catch((error: unknown) => {
        if (!(error instanceof BodyTooLarge)) throw error
        refused('too_large')
        throw new ApiError(413, 'payload_too_large')
      })
      const answer = await deps.payments.handleNotification(raw, request.headers)
      return { status: answer.status, rawJson: await answer.text() }
    },
  }),
]
