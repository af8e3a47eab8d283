import { randomBytes } from 'node:crypto'
import type { Payments, PaymentSettlement, PaymentStartInput } from '~/server/orders/ports'

/** The payment processor at the boundary: records what it is asked and delivers settlements when told. */
export class ProcessorDouble implements Payments {
  started: (PaymentStartInput & { paymentId: string })[] = []
  refunds = new Map<string, string>()
  private handler: ((s: PaymentSettlement) => Promise<void>) | undefined
  async start(input: PaymentStartInput) {
    const paymentId = `pay_${randomBytes(6).toString('hex')}`
    this.started.push({ ...input, paymentId })
    return { paymentId, method: 'POST' as const, url: 'https://processor.test/pay', fields: { payment: paymentId } }
  }
  async close() {}
  onSettled(handler: (s: PaymentSettlement) => Promise<void>) {
    this.handler = handler
  }
  async refund(paymentId: string, options: { idempotencyKey: string }) {
    if (!this.refunds.has(options.idempotencyKey)) this.refunds.set(options.idempotencyKey, paymentId)
  }
  /** A settlement as the payment service passes it on: for the attempt's own amount, taken now, unless told. */
  notify(settlement: Omit<PaymentSettlement, 'amount' | 'currency' | 'at'> & Partial<PaymentSettlement>) {
    const started = this.started.find((s) => s.paymentId === settlement.paymentId)!
    return this.handler!({ amount: started.amount, currency: started.currency, at: new Date(), ...settlement })
  }
  /** The processor approves the order's latest payment attempt. */
  pay(orderId: string) {
    return this.notify({ paymentId: this.lastPaymentOf(orderId), orderId, status: 'paid' })
  }
  lastPaymentOf(orderId: string) {
    return this.started.filter((s) => s.orderId === orderId).at(-1)!.paymentId
  }
}
