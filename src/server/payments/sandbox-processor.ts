import { z } from 'zod'
import type { PaymentProcessor, ProcessorVerdict } from './provider'
import { ProcessorUnavailable } from './provider'
import { SIGNATURE_HEADER, signBody, verifyBody } from './signature'
import { fetchFailure, isConnectionFailure } from '../http/fetch-failure'

const Notification = z.object({
  id: z.string().min(1),
  merchant_reference: z.string().min(1),
  status: z.enum(['approved', 'declined']),
  reason: z.string().nullable(),
  amount: z.number().int().positive().optional(),
  currency: z.string().optional(),
  at: z.iso.datetime({ offset: true }).optional(),
})

/** The client of the sandbox card processor (`/sandbox/payments/`), as it would be of a real one. */
export class SandboxProcessor implements PaymentProcessor {
  readonly name = 'sandbox' as const

  constructor(
    private readonly baseUrl: string,
    private readonly key: string,
  ) {}

  async start(payment: Parameters<PaymentProcessor['start']>[0]) {
    const body = JSON.stringify({
      merchant_reference: payment.id,
      amount: payment.amount,
      currency: payment.currency,
      description: payment.description,
      return_url: payment.returnUrl,
      notify_url: payment.notifyUrl,
      locale: payment.locale,
      expires_at: payment.expiresAt.toISOString(),
    })
    const answer = await this.call('/api/payments', body)
    const parsed = z.object({ id: z.string(), payment_url: z.url() }).safeParse(answer)
    if (!parsed.success) throw new ProcessorUnavailable('the sandbox processor answered something unexpected')
    return { providerReference: parsed.data.id, redirect: { method: 'GET' as const, url: parsed.data.payment_url, fields: {} } }
  }

  async verify(rawBody: string, headers: Headers): Promise<ProcessorVerdict> {
    if (!verifyBody(this.key, rawBody, headers.get(SIGNATURE_HEADER))) return { kind: 'refused', why: 'bad_signature' }
    let parsed
    try {
      parsed = Notification.safeParse(JSON.parse(rawBody))
    } catch {
      return { kind: 'refused', why: 'malformed' }
    }
    if (!parsed.success) return { kind: 'refused', why: 'malformed' }
    const n = parsed.data
    return { kind: 'settled', providerReference: n.id, paymentId: n.merchant_reference, status: n.status === 'approved' ? 'paid' : 'failed', reason: n.reason ?? undefined, amount: n.amount, currency: n.currency, at: n.at ? new Date(n.at) : undefined }
  }

  acknowledge(verdict: ProcessorVerdict, handled: boolean): Response {
    const status = verdict.kind === 'refused' ? 401 : handled ? 200 : 503
    return new Response(JSON.stringify({ received: handled }), { status, headers: { 'content-type': 'application/json' } })
  }

  async refund(providerReference: string, amount: number, idempotencyKey: string): Promise<void> {
    await this.call(`/api/payments/${encodeURIComponent(providerReference)}/refunds`, JSON.stringify({ amount }), { 'idempotency-key': idempotencyKey })
  }

  /**
   * One call; asked again once when the connection failed before any answer (most often a
   * kept-alive connection the processor closed as it was reused). Harmless even if the first
   * call had arrived: a refund is taken once per idempotency key, and a second payment page for the same
   * reference is never shown to anyone. A timeout is not retried: the buyer is told at once.
   */
  private async call(path: string, body: string, headers: Record<string, string> = {}): Promise<unknown> {
    let res: Response | undefined
    for (let attempt = 1; !res; attempt++) {
      try {
        res = await fetch(`${this.baseUrl}/sandbox/payments${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(this.key, body), ...headers },
          body,
          signal: AbortSignal.timeout(10_000),
        })
      } catch (error) {
        if (attempt < 2 && isConnectionFailure(error)) continue
        throw new ProcessorUnavailable(`the sandbox processor cannot be reached: ${fetchFailure(error)}`)
      }
    }
    const answer: unknown = await res.json().catch(() => undefined)
    if (!res.ok) throw new ProcessorUnavailable(`the sandbox processor answered ${res.status}: ${JSON.stringify(answer)}`)
    return answer
  }
}
