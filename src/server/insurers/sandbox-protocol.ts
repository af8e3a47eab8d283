/**
 * The wire format of the sandbox insurer service (`/sandbox/insurers/{code}/…`), shared by the
 * service and `SandboxInsurerAdapter` so the two cannot drift. It is shaped like the web
 * services insurers offer brokers: JSON over HTTPS, a price or a refusal per request, an
 * `Idempotency-Key` header on issuing.
 */
import { z } from 'zod'
import { INSURER_DOCUMENT_KINDS } from '~/contract/legal-documents'

const isoDate = z.iso.date()

/**
 * Which try of a quote request this is (1, 2 …): the broker asks again after a timeout or a 5xx
 * (decision "transient failures"); a service may use it, as the sandbox does, to tell a retry apart.
 */
export const ATTEMPT_HEADER = 'x-request-attempt'

/**
 * A document the insurer publishes for the product and hands over with its price: the product
 * information document (`ipid`) or its general conditions, in an edition (`version`), at `url`
 * (a PDF). A buyer accepts these editions before paying.
 */
export const SandboxDocument = z.object({
  kind: z.enum(INSURER_DOCUMENT_KINDS),
  version: z.string().min(1).max(40),
  url: z.url({ protocol: /^https?$/ }),
})
export type SandboxDocument = z.infer<typeof SandboxDocument>

/** `POST /sandbox/insurers/{code}/quotes/{product}`: the product's payload is the body. */
export const SandboxQuoteAnswer = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('offered'),
    premium: z.object({ amount: z.number().int().min(0), currency: z.literal('RON') }),
    reference: z.string().min(8).max(200),
    details: z.record(z.string(), z.unknown()).default({}),
    documents: z.array(SandboxDocument).max(4).default([]),
  }),
  z.object({ status: z.literal('declined'), reason: z.string().min(1).max(80) }),
])
export type SandboxQuoteAnswer = z.infer<typeof SandboxQuoteAnswer>

/** `POST /sandbox/insurers/{code}/policies` with an `Idempotency-Key` header. */
export const SandboxIssueRequest = z.object({
  product: z.string().min(1).max(40),
  reference: z.string().min(8).max(200),
  payload: z.record(z.string(), z.unknown()),
  customer: z.object({ email: z.string().min(3).max(254), name: z.string().min(1).max(200) }),
  start_date: isoDate,
  end_date: isoDate,
})
export type SandboxIssueRequest = z.infer<typeof SandboxIssueRequest>

/** 201 (first time) or 200 (the same key again): the policy. */
export const SandboxIssuedPolicy = z.object({ series: z.string().min(1), number: z.string().min(1), start_date: isoDate, end_date: isoDate })

/** 422: refused for good (`customer_refused`, `reference_unknown`, `idempotency_key_reused`). */
export const SandboxRefusal = z.object({ error: z.object({ code: z.string().min(1), message: z.string() }) })

export const IDEMPOTENCY_HEADER = 'idempotency-key'

/**
 * Each sandbox insurer's documented rate limit on quotes: so many price requests a second
 * (between 200 and 290, by insurer), 429 with `Retry-After` beyond it. The catalogue is seeded
 * with the same figures (`insurers.quotes_per_second`), as a broker copies an insurer's documentation.
 */
export function sandboxQuotesPerSecond(insurer: string): number {
  let sum = 0
  for (const char of insurer) sum += char.charCodeAt(0)
  return 200 + (sum % 10) * 10
}

/**
 * The renewal quoting endpoint (`POST /sandbox/insurers/{code}/renewal-quotes/{product}`), as
 * insurers offer brokers for their portfolio: many requests priced in one call, under a quota of
 * its own agreed for renewals (`sandboxRenewalQuota`), apart from the per-quote limit visitors'
 * quotes use. Each item is answered as a single quote would be.
 */
export const SandboxRenewalQuoteRequest = z.object({
  items: z.array(z.object({ id: z.string().min(1).max(64), payload: z.record(z.string(), z.unknown()) })).min(1),
})
export type SandboxRenewalQuoteRequest = z.infer<typeof SandboxRenewalQuoteRequest>

export const SandboxRenewalQuoteAnswer = z.object({
  items: z.array(z.object({ id: z.string(), answer: SandboxQuoteAnswer.nullable() })),
})

/**
 * Each sandbox insurer's renewal quota: at most `batchMax` requests a call and `perSecond`
 * requests a second over all calls (five times its per-quote limit), 429 beyond it.
 */
export function sandboxRenewalQuota(insurer: string): { perSecond: number; batchMax: number } {
  return { perSecond: sandboxQuotesPerSecond(insurer) * 5, batchMax: 100 }
}
