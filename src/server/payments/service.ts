import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { Database } from '../db/client'
import { paymentNotifications, payments } from '../db/schema'
import { log } from '../log'
import { refusedNotifications } from '../metrics'
import { ProcessorUnavailable, type PaymentProcessor, type PaymentSettlement, type PaymentStartInput, type StartedPayment } from './provider'

export type { PaymentSettlement, PaymentStartInput, StartedPayment } from './provider'

export class PaymentNotFound extends Error {}

/** The processor's time of the payment, unless it is in the future (then now: a clock running ahead gains nothing). */
const settledAt = (at: Date | undefined) => (at && at.getTime() <= Date.now() ? at : new Date())

/** An open attempt still without its page after this long was left by a process that died: it is closed. */
const ABANDONED_AFTER_MS = 30_000
const OPEN_POLL_MS = 50

/**
 * Card payments of orders (decisions 51, 91): one service whatever the processor, one open
 * attempt per order. A payment's status only moves forward (created → paid | failed | closed;
 * closed → paid | failed; paid → refunded), by conditional updates, so
 * duplicate, late and out-of-order notifications change nothing after the first that counts; the
 * processor's verified notification is the only source of truth (never the browser's return).
 * Subscribers (orders) are told of each change inside the transaction that records it, and
 * must use only that transaction there (on PGlite another handle would wait for it forever).
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

  /**
   * The order's one open attempt (decision 91): the first caller claims it (the partial unique
   * index `payments_one_open` lets one row per order be `created`) and registers it with the
   * processor, outside any transaction; every concurrent caller (a double submit, a second tab)
   * gets that same attempt once its page is known. An attempt whose registration failed is
   * closed, and one left without a page by a process that died is closed after a while, so the
   * next caller opens a new one.
   */
  async start(input: PaymentStartInput): Promise<StartedPayment> {
    for (let round = 0; round < 3; round++) {
      const [claimed] = await this.db
        .insert(payments)
        .values({ orderId: input.orderId, provider: this.processor.name, amount: input.amount, currency: input.currency })
        .onConflictDoNothing()
        .returning({ id: payments.id })
      if (claimed) return this.register(claimed.id, input)
      const open = await this.openAttempt(input.orderId)
      if (open) return open
    }
    throw new ProcessorUnavailable(`no payment could be opened for order ${input.orderId}`)
  }

  private async register(id: string, input: PaymentStartInput): Promise<StartedPayment> {
    let started
    try {
      started = await this.processor.start({ ...input, id, notifyUrl: this.notifyUrl })
    } catch (error) {
      await this.close(id, 'not_started')
      throw error
    }
    await this.db.update(payments).set({ providerReference: started.providerReference, redirect: started.redirect, updatedAt: new Date() }).where(eq(payments.id, id))
    return { paymentId: id, ...started.redirect }
  }

  /** Waits for the open attempt another caller is registering; undefined once there is none open (claim again). */
  private async openAttempt(orderId: string): Promise<StartedPayment | undefined> {
    for (;;) {
      const [open] = await this.db
        .select({ id: payments.id, redirect: payments.redirect, createdAt: payments.createdAt })
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.status, 'created')))
      if (!open) return undefined
      if (open.redirect) return { paymentId: open.id, ...open.redirect }
      if (Date.now() - open.createdAt.getTime() > ABANDONED_AFTER_MS) {
        await this.db
          .update(payments)
          .set({ status: 'closed', failureReason: 'abandoned', updatedAt: new Date() })
          .where(and(eq(payments.id, open.id), eq(payments.status, 'created'), isNull(payments.redirect)))
        return undefined
      }
      await new Promise((resolve) => setTimeout(resolve, OPEN_POLL_MS))
    }
  }

  /**
   * Stops offering an open attempt (its order was settled or expired meanwhile). Should the
   * processor still approve it, the approval is recorded and the order refunds it.
   */
  async close(paymentId: string, reason: string): Promise<void> {
    await this.db
      .update(payments)
      .set({ status: 'closed', failureReason: reason, updatedAt: new Date() })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'created')))
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

  /**
   * Gives the money back, once: the processor is asked with `idempotencyKey` (the same key
   * refunds once there too), and a refunded payment is not asked again. Called by the
   * `order.refund` job, never inside a transaction.
   */
  async refund(paymentId: string, options: { idempotencyKey: string; reason: string }): Promise<void> {
    const row = await this.byId(paymentId)
    if (!row) throw new PaymentNotFound(paymentId)
    if (row.status === 'refunded') return
    if (row.status !== 'paid' || !row.providerReference) throw new Error(`payment ${paymentId} is ${row.status}: only a paid payment is refunded`)
    await this.processor.refund(row.providerReference, row.amount, options.idempotencyKey)
    await this.db.update(payments).set({ status: 'refunded', refundedAt: new Date(), updatedAt: new Date() }).where(and(eq(payments.id, paymentId), eq(payments.status, 'paid')))
    log.info('payments.refunded', { payment: paymentId, reason: options.reason })
  }

  /** A processor's notification, from its raw body: verified, recorded, applied once, acknowledged. */
  async handleNotification(rawBody: string, headers: Headers): Promise<Response> {
    const verdict = await this.processor.verify(rawBody, headers)
    if (verdict.kind === 'refused') {
      // Counted, never stored: anyone can post here, and a forger's bodies would fill the table.
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
        // Only an attempt not yet settled can settle (an open one, or one we closed that the buyer
        // still paid): a duplicate or a late contrary notification changes nothing.
        const changed = await tx
          .update(payments)
          .set({ status: verdict.status, failureReason: verdict.reason ?? null, settledAt: new Date(), updatedAt: new Date() })
          .where(and(eq(payments.id, row.id), inArray(payments.status, ['created', 'closed'])))
          .returning({ id: payments.id })
        await tx.insert(paymentNotifications).values({ provider: this.processor.name, paymentId: row.id, verified: 'valid', body, effect: changed.length > 0 ? verdict.status : 'none' })
        if (changed.length === 0) return
        const settlement = { paymentId: row.id, orderId: row.orderId, status: verdict.status, reason: verdict.reason, amount: verdict.amount ?? row.amount, currency: verdict.currency ?? row.currency, at: settledAt(verdict.at), tx }
        for (const handler of this.handlers) await handler(settlement)
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
