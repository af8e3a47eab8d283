import { and, eq, inArray } from 'drizzle-orm'
import type { Database } from '../db/client'
import { paymentNotifications, payments } from '../db/schema'
import { log } from '../log'
import { refusedNotifications } from '../metrics'
import type { PaymentProcessor, PaymentSettlement, PaymentStartInput, StartedPayment } from './provider'

export type { PaymentSettlement, PaymentStartInput, StartedPayment } from './provider'

export class PaymentNotFound extends Error {}

/**
 * Card payments of orders (decision 51): one service whatever the processor. A payment's status
 * only moves forward (created → paid | failed; paid → refunded), by conditional updates, so
 * duplicate, late and out-of-order notifications change nothing after the first that counts; the
 * processor's verified notification is the only source of truth (never the browser's return).
 * Subscribers (orders) are told of each change inside the transaction that records it.
 */
export class PaymentService {
  private readonly handlers: ((settlement: PaymentSettlement) => Promise<void>)[] = []

  constructor(
    private readonly db: Database,
    private readonly processor: PaymentProcessor,
    /** Where processors post their notifications (`…/api/v1/payments/notifications/<provider>`). */
    private readonly notifyUrl: string,
  ) {}

  get provider(): PaymentProcessor['name'] {
    return this.processor.name
  }

  onSettled(handler: (settlement: PaymentSettlement) => Promise<void>): void {
    this.handlers.push(handler)
  }

  async start(input: PaymentStartInput): Promise<StartedPayment> {
    const [row] = await this.db.insert(payments).values({ orderId: input.orderId, provider: this.processor.name, amount: input.amount, currency: input.currency }).returning({ id: payments.id })
    const started = await this.processor.start({ ...input, id: row!.id, notifyUrl: this.notifyUrl })
    await this.db.update(payments).set({ providerReference: started.providerReference, redirect: started.redirect, updatedAt: new Date() }).where(eq(payments.id, row!.id))
    return { paymentId: row!.id, ...started.redirect }
  }

  /** Where the browser goes to pay this payment (the redirect page asks for it). */
  async redirectOf(paymentId: string) {
    const [row] = await this.db.select({ redirect: payments.redirect, status: payments.status }).from(payments).where(eq(payments.id, paymentId))
    return row?.status === 'created' ? (row.redirect ?? undefined) : undefined
  }

  async byId(paymentId: string) {
    const [row] = await this.db.select().from(payments).where(eq(payments.id, paymentId))
    return row
  }

  /** Gives the money back, once: a refunded payment is not refunded again. */
  async refund(paymentId: string, options: { reason: string } = { reason: 'refund' }): Promise<void> {
    const row = await this.byId(paymentId)
    if (!row) throw new PaymentNotFound(paymentId)
    if (row.status === 'refunded') return
    if (row.status !== 'paid' || !row.providerReference) throw new Error(`payment ${paymentId} is ${row.status}: only a paid payment is refunded`)
    await this.processor.refund(row.providerReference, row.amount)
    await this.db.update(payments).set({ status: 'refunded', refundedAt: new Date(), updatedAt: new Date() }).where(and(eq(payments.id, paymentId), eq(payments.status, 'paid')))
    log.info('payments.refunded', { payment: paymentId, reason: options.reason })
  }

  /** A processor's notification, from its raw body: verified, recorded, applied once, acknowledged. */
  async handleNotification(rawBody: string, headers: Headers): Promise<Response> {
    const verdict = await this.processor.verify(rawBody, headers)
    if (verdict.kind === 'refused') {
      // Counted, never stored: anyone can post here, and a forger's bodies would fill the table (issue 20 §6).
      log.warn('payments.notification_refused', { provider: this.processor.name, why: verdict.why })
      refusedNotifications.inc({ provider: this.processor.name, reason: verdict.why })
      return this.processor.acknowledge(verdict, false)
    }
    let body: unknown
    try {
      body = JSON.parse(rawBody)
    } catch {
      body = { unparsed: rawBody.slice(0, 2000) }
    }
    const row = await this.find(verdict.providerReference, verdict.kind === 'settled' ? verdict.paymentId : undefined)
    if (!row) {
      await this.db.insert(paymentNotifications).values({ provider: this.processor.name, verified: 'unknown_payment', body, effect: 'none' })
      return this.processor.acknowledge({ kind: 'refused', why: 'malformed' }, false)
    }
    if (verdict.kind === 'pending') {
      await this.db.insert(paymentNotifications).values({ provider: this.processor.name, paymentId: row.id, verified: 'valid', body, effect: 'none' })
      return this.processor.acknowledge(verdict, true)
    }
    try {
      await this.db.transaction(async (tx) => {
        // Only a payment still open can settle: a duplicate or a late contrary notification changes nothing.
        const changed = await tx
          .update(payments)
          .set({ status: verdict.status, failureReason: verdict.reason ?? null, settledAt: new Date(), updatedAt: new Date() })
          .where(and(eq(payments.id, row.id), inArray(payments.status, ['created'])))
          .returning({ id: payments.id })
        await tx.insert(paymentNotifications).values({ provider: this.processor.name, paymentId: row.id, verified: 'valid', body, effect: changed.length > 0 ? verdict.status : 'none' })
        if (changed.length === 0) return
        for (const handler of this.handlers) await handler({ paymentId: row.id, orderId: row.orderId, status: verdict.status, reason: verdict.reason, tx })
      })
    } catch (error) {
      // Nothing was recorded: the processor retries and the next attempt applies it.
      log.error('payments.notification_failed', { payment: row.id, error })
      return this.processor.acknowledge(verdict, false)
    }
    return this.processor.acknowledge(verdict, true)
  }

  private async find(providerReference: string, paymentId: string | undefined) {
    const byReference = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, this.processor.name), eq(payments.providerReference, providerReference)))
    if (byReference[0]) return byReference[0]
    // The notification can beat our own write of the reference (a processor answering very fast).
    if (paymentId && /^[0-9a-f-]{36}$/.test(paymentId)) {
      const [row] = await this.db.select().from(payments).where(and(eq(payments.id, paymentId), eq(payments.provider, this.processor.name)))
      return row
    }
    return undefined
  }
}
