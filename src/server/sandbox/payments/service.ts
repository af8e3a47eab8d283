/**
 * The sandbox card processor (`/sandbox/payments/…`): what a card processor looks like to a
 * merchant, so the payment adapter is real client code (decision 51).
 *
 *   POST /api/payments               signed JSON → 201 {id, payment_url}: a payment to make
 *                                    (`expires_at`: the card form is refused after it)
 *   POST /api/payments/{id}/refunds  signed, `Idempotency-Key` header → 200 {status: "refunded"};
 *                                    the same key answers the same refund, money goes back once
 *   GET|POST /pay/{id}               the card form (card_number, expiry MM/YY, cvc, holder)
 *   GET|POST /pay/{id}/3ds           the 3-D Secure challenge (code; 123456 passes)
 *
 * Test cards: 4111 1111 1111 1111 approved; 4000 0000 0000 3220 approved after 3-D Secure;
 * 4000 0000 0000 0002 declined; 4000 0000 0000 9995 insufficient funds; any other valid number
 * declined. The outcome is notified to the merchant's `notify_url` by a signed POST, retried until
 * acknowledged (2xx), and — as real processors do — sometimes before the browser comes back,
 * sometimes after, sometimes twice, chosen by a hash of the payment id.
 */
import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import { SIGNATURE_HEADER, signBody, verifyBody } from '~/server/payments/signature'
import { log } from '~/server/log'
import { failure, json, stableFraction } from '../http'
import { cardPage, challengePage, messagePage, pickLang, type TextKey } from './pages'
import { SandboxPaymentStore, type SandboxPayment } from './store'

export const SANDBOX_TEST_CARDS = {
  approved: '4111111111111111',
  threeDSecure: '4000000000003220',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const
export const SANDBOX_3DS_CODE = '123456'

const CreatePayment = z.object({
  merchant_reference: z.string().min(1).max(100),
  amount: z.number().int().positive(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  description: z.string().min(1).max(300),
  return_url: z.url({ protocol: /^https?$/ }),
  notify_url: z.url({ protocol: /^https?$/ }),
  locale: z.string().max(5).default('ro'),
  /** After this the card form is refused: the merchant's price no longer holds. */
  expires_at: z.iso.datetime({ offset: true }).optional(),
})

export interface PaymentSandboxOptions {
  /** The key shared with the merchant (`sandboxProcessorKey`). */
  key: string
  /** The processor's address as browsers reach it (`https://…/sandbox/payments`); by default the origin the merchant called. */
  publicBase?: string | undefined
  dataDir?: string | undefined
  /** Multiplies the delays of the notifications (tests use small values). */
  timeScale?: number
}

/** A merchant that never acknowledges is given up after this many tries (about an hour and a half at full scale). */
const MAX_ATTEMPTS = 12
const stillOwed = (n: { acknowledged: boolean; attempts: number }) => !n.acknowledged && n.attempts < MAX_ATTEMPTS

function luhn(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2
    sum += d
  }
  return sum % 10 === 0
}

function expiryProblem(value: string, now: Date): boolean {
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim())
  if (!m) return true
  const month = Number(m[1])
  const year = 2000 + Number(m[2])
  if (month < 1 || month > 12) return true
  return year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1
}

export class PaymentSandbox {
  private readonly store: SandboxPaymentStore
  private timer: NodeJS.Timeout | undefined
  /** Notifications being sent right now, by id. */
  private readonly inFlight = new Set<string>()

  constructor(private readonly options: PaymentSandboxOptions) {
    this.store = new SandboxPaymentStore(options.dataDir)
    // Notifications a stopped processor still owed go out again.
    if (this.store.owing().some((p) => p.notifications.some(stillOwed))) this.schedule(0)
  }

  async handle(request: Request, path: string): Promise<Response> {
    const url = new URL(request.url)
    const lang = pickLang(url.searchParams.get('lang'), request.headers.get('accept-language'))
    if (path === '/api/payments' && request.method === 'POST') return this.create(request)
    let m = /^\/api\/payments\/([A-Za-z0-9_-]{1,64})\/refunds$/.exec(path)
    if (m && request.method === 'POST') return this.refund(request, m[1]!)
    m = /^\/pay\/([A-Za-z0-9_-]{1,64})(\/3ds)?$/.exec(path)
    if (m) {
      const payment = this.store.get(m[1]!)
      if (!payment) return messagePage(lang, 'not_found', 404)
      const pageLang = pickLang(payment.locale, request.headers.get('accept-language'))
      if (m[2]) return this.challenge(request, payment, pageLang)
      return this.card(request, payment, pageLang)
    }
    return failure(404, 'not_found', 'No such endpoint.')
  }

  private async create(request: Request): Promise<Response> {
    const raw = await request.text()
    if (!verifyBody(this.options.key, raw, request.headers.get(SIGNATURE_HEADER))) return failure(401, 'bad_signature', 'The request is not signed with the merchant key.')
    let parsed
    try {
      parsed = CreatePayment.safeParse(JSON.parse(raw))
    } catch {
      return failure(400, 'invalid_json', 'The body is not JSON.')
    }
    if (!parsed.success) return failure(422, 'invalid_request', parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '))
    const body = parsed.data
    const payment: SandboxPayment = {
      id: `sp_${randomBytes(12).toString('base64url')}`,
      merchantReference: body.merchant_reference,
      amount: body.amount,
      currency: body.currency,
      description: body.description,
      returnUrl: body.return_url,
      notifyUrl: body.notify_url,
      locale: body.locale,
      expiresAt: body.expires_at ? new Date(body.expires_at).toISOString() : null,
      status: 'pending',
      reason: null,
      createdAt: new Date().toISOString(),
      notifications: [],
    }
    this.store.save(payment)
    return json({ id: payment.id, payment_url: `${this.base(request)}/pay/${payment.id}` }, 201)
  }

  private async refund(request: Request, id: string): Promise<Response> {
    const raw = await request.text()
    if (!verifyBody(this.options.key, raw, request.headers.get(SIGNATURE_HEADER))) return failure(401, 'bad_signature', 'The request is not signed with the merchant key.')
    const key = request.headers.get('idempotency-key')?.trim()
    if (!key || key.length > 200) return failure(400, 'idempotency_key_required', 'A refund needs an Idempotency-Key header.')
    const payment = this.store.get(id)
    if (!payment) return failure(404, 'not_found', 'No such payment.')
    if (payment.status === 'refunded') return json({ id, status: 'refunded' })
    if (payment.status !== 'approved') return failure(409, 'not_refundable', 'Only an approved payment can be refunded.')
    this.store.save({ ...payment, status: 'refunded', refunds: [...(payment.refunds ?? []), { key, at: new Date().toISOString() }] })
    return json({ id, status: 'refunded' })
  }

  /** The processor's book of one payment (what a merchant's dashboard shows): for tests and the benchmark. */
  payment(id: string): SandboxPayment | undefined {
    return this.store.get(id)
  }

  /** Every payment made for one merchant reference. */
  paymentsOf(merchantReference: string): SandboxPayment[] {
    return this.store.all().filter((p) => p.merchantReference === merchantReference)
  }

  private expired(payment: SandboxPayment): boolean {
    return payment.expiresAt !== null && payment.expiresAt !== undefined && Date.parse(payment.expiresAt) <= Date.now()
  }

  private async card(request: Request, payment: SandboxPayment, lang: ReturnType<typeof pickLang>): Promise<Response> {
    if (payment.status !== 'pending') return messagePage(lang, 'already', 409)
    if (this.expired(payment)) return messagePage(lang, 'expired', 410)
    if (request.method === 'GET' || request.method === 'HEAD') return cardPage(lang, payment)
    if (request.method !== 'POST') return failure(405, 'method_not_allowed', 'Use GET or POST.')
    const form = new URLSearchParams(await request.text())
    const values = { card_number: (form.get('card_number') ?? '').replace(/[\s-]/g, ''), expiry: form.get('expiry') ?? '', cvc: form.get('cvc') ?? '', holder: (form.get('holder') ?? '').trim() }
    const errors: Record<string, TextKey> = {}
    if (!/^\d{12,19}$/.test(values.card_number) || !luhn(values.card_number)) errors.card_number = 'card_number_invalid'
    if (expiryProblem(values.expiry, new Date())) errors.expiry = 'expiry_invalid'
    if (!/^\d{3,4}$/.test(values.cvc)) errors.cvc = 'cvc_invalid'
    if (values.holder.length < 2 || values.holder.length > 100) errors.holder = 'holder_invalid'
    if (Object.keys(errors).length > 0) return cardPage(lang, payment, { card_number: form.get('card_number') ?? '', expiry: values.expiry, holder: values.holder }, errors)
    if (values.card_number === SANDBOX_TEST_CARDS.threeDSecure) {
      this.store.save({ ...payment, status: 'awaiting_3ds' })
      return new Response(null, { status: 303, headers: { location: `${this.base(request)}/pay/${payment.id}/3ds` } })
    }
    if (values.card_number === SANDBOX_TEST_CARDS.approved) return this.finish(payment, 'approved', null)
    return this.finish(payment, 'declined', values.card_number === SANDBOX_TEST_CARDS.insufficientFunds ? 'insufficient_funds' : 'declined')
  }

  private async challenge(request: Request, payment: SandboxPayment, lang: ReturnType<typeof pickLang>): Promise<Response> {
    if (payment.status !== 'awaiting_3ds') return messagePage(lang, 'already', 409)
    if (this.expired(payment)) return messagePage(lang, 'expired', 410)
    if (request.method === 'GET' || request.method === 'HEAD') return challengePage(lang, payment)
    if (request.method !== 'POST') return failure(405, 'method_not_allowed', 'Use GET or POST.')
    const code = new URLSearchParams(await request.text()).get('code')?.trim()
    return code === SANDBOX_3DS_CODE ? this.finish(payment, 'approved', null) : this.finish(payment, 'declined', '3ds_failed')
  }

  /** Records the outcome, owes the merchant its notification(s), and sends the browser back. */
  private async finish(payment: SandboxPayment, status: 'approved' | 'declined', reason: string | null): Promise<Response> {
    const body = JSON.stringify({ id: payment.id, merchant_reference: payment.merchantReference, status, reason, amount: payment.amount, currency: payment.currency, at: new Date().toISOString() })
    // 0–0.4: notified before the browser returns; 0.4–0.8: after; 0.8–1: twice.
    const draw = stableFraction(`timing:${payment.id}`)
    const scale = this.options.timeScale ?? 1
    const now = Date.now()
    const notification = (n: number, delayMs: number) => ({ id: `${payment.id}:${n}`, body, attempts: 0, nextAttemptAt: now + delayMs * scale, acknowledged: false })
    const notifications = draw < 0.4 ? [notification(1, 0)] : draw < 0.8 ? [notification(1, 1500)] : [notification(1, 0), notification(2, 800)]
    const updated: SandboxPayment = { ...payment, status, reason, notifications }
    this.store.save(updated)
    // Only this payment's notification holds the browser back: one slow merchant answer must not stall every buyer's form.
    if (draw < 0.4) await this.deliverDue(payment.id)
    this.schedule(0)
    const back = new URL(payment.returnUrl)
    return new Response(null, { status: 303, headers: { location: back.toString() } })
  }

  private base(request: Request): string {
    return this.options.publicBase ?? `${new URL(request.url).origin}/sandbox/payments`
  }

  private schedule(delayMs: number): void {
    if (this.timer) return
    this.timer = setTimeout(() => {
      this.timer = undefined
      void this.deliverDue().then(() => {
        const next = Math.min(...this.store.owing().flatMap((p) => p.notifications.filter(stillOwed).map((n) => n.nextAttemptAt)))
        if (Number.isFinite(next)) this.schedule(Math.max(0, next - Date.now()))
      })
    }, delayMs)
    this.timer.unref()
  }

  /**
   * Sends every notification due (of one payment when `paymentId` is given), payments side by side;
   * a 2xx acknowledges it, anything else retries with backoff. A notification already on its way
   * (an earlier call still waiting for the merchant) is not sent again meanwhile.
   */
  async deliverDue(paymentId?: string): Promise<void> {
    const owing = paymentId ? [this.store.get(paymentId)].filter((p): p is SandboxPayment => Boolean(p)) : this.store.owing()
    await Promise.all(
      owing.map(async (payment) => {
        const due = payment.notifications.filter((n) => stillOwed(n) && n.nextAttemptAt <= Date.now() && !this.inFlight.has(n.id))
        if (due.length === 0) return
        for (const n of due) this.inFlight.add(n.id)
        try {
          const results = new Map(
            await Promise.all(
              due.map(async (n) => {
                const acknowledged = await this.send(payment.notifyUrl, n.body, n.id)
                const attempts = n.attempts + 1
                return [n.id, { ...n, attempts, acknowledged, nextAttemptAt: Date.now() + 1000 * 2 ** attempts * (this.options.timeScale ?? 1) }] as const
              }),
            ),
          )
          const current = this.store.get(payment.id) ?? payment
          this.store.save({ ...current, notifications: current.notifications.map((n) => results.get(n.id) ?? n) })
        } finally {
          for (const n of due) this.inFlight.delete(n.id)
        }
      }),
    )
  }

  private async send(url: string, body: string, id: string): Promise<boolean> {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(this.options.key, body), 'x-sandbox-notification-id': id },
        body,
        signal: AbortSignal.timeout(10_000),
      })
      await res.body?.cancel()
      return res.ok
    } catch (error) {
      log.warn('sandbox_payments.notify_failed', { url, error })
      return false
    }
  }

  stop(): void {
    clearTimeout(this.timer)
  }
}
