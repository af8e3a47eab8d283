import { z } from 'zod'

/** Where the browser goes to pay (`GET /api/v1/payments/{id}/redirect`): a form to submit to the processor. */
export const PaymentRedirect = z.object({
  method: z.enum(['GET', 'POST']),
  url: z.url({ protocol: /^https?$/ }),
  fields: z.record(z.string(), z.string()),
})
export type PaymentRedirect = z.infer<typeof PaymentRedirect>
export const PaymentRedirectEnvelope = z.object({ data: PaymentRedirect })

/** The payment redirect page's search: the payment, or the order whose open payment, to carry the visitor to. */
export const PaymentRedirectSearch = z.strictObject({ payment: z.string().max(64).optional(), order: z.string().max(64).optional() })
