import { z } from 'zod'
import { PaymentRedirectEnvelope } from '~/contract/payments'
import { ApiError } from '../errors'
import { defineRoute } from '../route'

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
      'A card processor’s notification of a payment’s outcome (the sandbox processor: HMAC-SHA256 of the raw body in `X-Sandbox-Signature`; NETOPIA: its IPN with the `Verification-token` JWT). Verified, recorded, applied once; duplicates and late ones change nothing. Answers as the processor expects.',
    params: z.object({ provider: z.enum(['sandbox', 'netopia']) }),
    response: z.unknown(),
    duringMaintenance: true,
    handler: async ({ params, request, deps }) => {
      if (params.provider !== deps.payments.provider) throw new ApiError(404, 'not_found')
      const raw = await request.text()
      if (raw.length > 64 * 1024) throw new ApiError(413, 'payload_too_large')
      const answer = await deps.payments.handleNotification(raw, request.headers)
      return { status: answer.status, rawJson: await answer.text() }
    },
  }),
]
