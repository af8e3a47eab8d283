/**
 * NETOPIA Payments API v2 (romania-insurance-facts.md §8.2; docs/payments.md). A payment starts with
 * `POST {NETOPIA_API_URL}/payment/card/start` (JSON, the API key in `Authorization`) and the
 * browser goes to the `payment.paymentURL` it answers. The outcome arrives as an IPN on our
 * notification URL, with a `Verification-token` header: a JWT signed by NETOPIA's key whose
 * `iss` is "NETOPIA Payments", `aud` our POS signature and `sub` the base64 SHA-512 of the raw
 * body. Statuses 3 (paid) and 5 (confirmed) deliver; the errors below fail; others are pending.
 */
import { createHash, createPublicKey, type KeyObject } from 'node:crypto'
import { jwtVerify } from 'jose'
import { z } from 'zod'
import type { PaymentProcessor, ProcessorVerdict } from '../provider'
import { ProcessorUnavailable } from '../provider'

export interface NetopiaOptions {
  apiUrl: string
  apiKey: string
  posSignature: string
  publicKeyPem: string
}

export const NETOPIA_ISSUER = 'NETOPIA Payments'
/** Status 3: paid; 5: confirmed. */
const DELIVER = new Set([3, 5])
/** Status 2: declined (with the error's code); 12: invalid account; 13: 3-D Secure failed. */
const FAIL = new Map<number, string>([
  [2, 'declined'],
  [12, 'declined'],
  [13, '3ds_failed'],
])

const StartAnswer = z.object({
  error: z.object({ code: z.string(), message: z.string().optional() }).optional(),
  payment: z.object({ ntpID: z.union([z.string(), z.number()]).transform(String), paymentURL: z.url().optional(), status: z.number().int() }),
})

const Ipn = z.object({
  order: z.object({ orderID: z.string() }),
  payment: z.object({
    ntpID: z.union([z.string(), z.number()]).transform(String),
    status: z.number().int(),
    code: z.string().optional(),
    message: z.string().optional(),
    amount: z.number().positive().optional(),
    currency: z.string().optional(),
  }),
})

export class NetopiaProcessor implements PaymentProcessor {
  readonly name = 'netopia' as const
  private key: KeyObject | undefined

  constructor(private readonly options: NetopiaOptions) {}

  async start(payment: Parameters<PaymentProcessor['start']>[0]) {
    const [firstName, ...rest] = payment.customer.name.trim().split(/\s+/)
    const body = {
      config: { notifyUrl: payment.notifyUrl, redirectUrl: payment.returnUrl, language: payment.locale === 'ro' ? 'ro' : 'en' },
      payment: { options: { installments: 0, bonus: 0 } },
      order: {
        posSignature: this.options.posSignature,
        dateTime: new Date().toISOString(),
        description: payment.description,
        orderID: payment.id,
        amount: payment.amount / 100,
        currency: payment.currency,
        billing: { email: payment.customer.email, phone: payment.customer.phone ?? '', firstName: firstName ?? '', lastName: rest.join(' ') || (firstName ?? ''), city: '', country: 642, state: '', postalCode: '', details: '' },
      },
    }
    let res: Response
    try {
      res = await fetch(`${this.options.apiUrl.replace(/\/+$/, '')}/payment/card/start`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: this.options.apiKey },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      })
    } catch (error) {
      throw new ProcessorUnavailable(`NETOPIA cannot be reached: ${error instanceof Error ? error.message : String(error)}`)
    }
    const parsed = StartAnswer.safeParse(await res.json().catch(() => undefined))
    if (!res.ok || !parsed.success || !parsed.data.payment.paymentURL) throw new ProcessorUnavailable(`NETOPIA refused the payment (${res.status})`)
    return { providerReference: parsed.data.payment.ntpID, redirect: { method: 'GET' as const, url: parsed.data.payment.paymentURL, fields: {} } }
  }

  async verify(rawBody: string, headers: Headers): Promise<ProcessorVerdict> {
    const token = headers.get('verification-token')
    if (!token) return { kind: 'refused', why: 'bad_signature' }
    try {
      const { payload } = await jwtVerify(token, this.publicKey(), { issuer: NETOPIA_ISSUER, audience: this.options.posSignature })
      const digest = createHash('sha512').update(rawBody).digest('base64')
      if (payload.sub !== digest) return { kind: 'refused', why: 'bad_signature' }
    } catch {
      return { kind: 'refused', why: 'bad_signature' }
    }
    let ipn
    try {
      ipn = Ipn.safeParse(JSON.parse(rawBody))
    } catch {
      return { kind: 'refused', why: 'malformed' }
    }
    if (!ipn.success) return { kind: 'refused', why: 'malformed' }
    const { payment, order } = ipn.data
    // What was taken, in minor units, for the order to compare with its total.
    const taken = { amount: payment.amount === undefined ? undefined : Math.round(payment.amount * 100), currency: payment.currency }
    if (DELIVER.has(payment.status)) return { kind: 'settled', providerReference: payment.ntpID, paymentId: order.orderID, status: 'paid', ...taken }
    const reason = FAIL.get(payment.status)
    if (reason) return { kind: 'settled', providerReference: payment.ntpID, paymentId: order.orderID, status: 'failed', reason: payment.code === '51' ? 'insufficient_funds' : reason }
    return { kind: 'pending', providerReference: payment.ntpID }
  }

  /** NETOPIA's expected answer: `errorType` 0 when handled, 1 (temporary: send again) otherwise. */
  acknowledge(verdict: ProcessorVerdict, handled: boolean): Response {
    const body = handled ? { errorType: 0, errorCode: null, errorMessage: '' } : { errorType: verdict.kind === 'refused' ? 2 : 1, errorCode: 1, errorMessage: verdict.kind === 'refused' ? 'not verified' : 'try again' }
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
  }

  /**
   * NETOPIA's API v2 documentation we could read names no refund call for hosted card payments:
   * refunds are made from NETOPIA's merchant dashboard. Refusing here makes the order's refund job
   * fail visibly for the operator instead of pretending the money went back.
   */
  async refund(providerReference: string): Promise<void> {
    throw new ProcessorUnavailable(`refund NETOPIA payment ${providerReference} from the NETOPIA dashboard: API v2 offers no refund call`)
  }

  private publicKey(): KeyObject {
    this.key ??= createPublicKey(this.options.publicKeyPem)
    return this.key
  }
}
