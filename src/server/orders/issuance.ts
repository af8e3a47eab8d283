import { and, asc, eq } from 'drizzle-orm'
import { z } from 'zod'
import type { ProductCode } from '~/contract/constants'
import { isLocale, type Locale } from '~/i18n/locales'
import { formatMoney } from '~/i18n/money'
import type { AppConfig } from '../../../app.config'
import { insurers, orderPolicies, orders } from '../db/schema'
import type { JobContext } from '../jobs/queue'
import { recordVehiclePapers } from '../account-area/vehicles'
import { log } from '../log'
import { purchaseOf } from '../products'
import type { PolicyEndReminders } from './end-reminders'
import { closeRenewedBy } from '../renewals/renewals'
import { ISSUE_JOB, REFUND_JOB, type OrderServiceDeps, type Orders } from './orders'
import { InsurerRefusal } from './ports'
import { transition } from './state'
import { verificationUrl, type OrderRow } from './views'

export const NOTIFY_JOB = 'order.notify'
const OrderPayload = z.object({ orderId: z.uuid() })
const RefundPayload = z.object({ orderId: z.uuid(), paymentId: z.uuid().optional(), reason: z.string().max(40).optional() })
const NotifyPayload = z.object({ orderId: z.uuid(), what: z.enum(['issued', 'not-issued']) })

export type IssuanceDeps = OrderServiceDeps & {
  config: Pick<AppConfig, 'PUBLIC_URL' | 'SESSION_SECRET' | 'SUPPORT_EMAIL'>
  /** Queues the end-of-validity reminders of an order as it is issued (decision 68). */
  endReminders: Pick<PolicyEndReminders, 'schedule'>
  /** The process's insurer work (`QuoteAdmission`): an issuance takes a place, so new quotes wait while paid orders are issued (decision 167). */
  insurerWork?: { occupy(): () => void }
}

/**
 * The issuance of a paid order (decision 54), as three durable jobs:
 * - `order.issue`: each policy not yet issued is asked of its insurer with a key derived from
 *   the order policy's id (a rerun after a crash gets the same policy back), its PDF rendered
 *   and stored; then one conditional move paid → issued, which queues the mail in the same
 *   transaction. A second run finds the order issued and does nothing. On the last attempt
 *   after refusals or failures: issue_failed, and the refund is queued in the same transaction.
 * - `order.refund`: gives the money back (the processor's refund is idempotent by key), then
 *   issue_failed → refunded and the customer is told. With a `paymentId` it gives back that one
 *   payment, which the order did not keep (a duplicate, a late or wrong-amount approval;
 *   decision 91): queued by the notification's transaction, run after it committed.
 * - `order.notify`: the customer's mail (the PDF attached, in their language) and the realtime event.
 * The move to issued also queues the policies' end reminders (30, 14, 7, 1 days before; decision 68)
 * and closes the prepared renewal the order bought.
 */
export function defineIssuanceJobs(deps: IssuanceDeps, service: Orders, options: { maxAttempts?: number; backoffMs?: (attempt: number) => number } = {}): void {
  const { db, jobs } = deps

  jobs.define({
    kind: ISSUE_JOB,
    payload: OrderPayload,
    urgent: true,
    maxAttempts: options.maxAttempts ?? 6,
    ...(options.backoffMs ? { backoffMs: options.backoffMs } : {}),
    run: async ({ orderId }, context) => {
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
      if (!order || order.status !== 'paid') return // issued already, refunded, or moved by the operator
      const leave = deps.insurerWork?.occupy()
      try {
        await issuePolicies(deps, order)
      } catch (error) {
        await giveUpIfLast(deps, service, order, error, context)
        if (!context.lastAttempt) throw error
        return
      } finally {
        leave?.()
      }
      const moved = await db.transaction(async (tx) => {
        const row = await transition(tx, order.id, ['paid'], 'issued', { issuedAt: new Date() })
        if (row) {
          await jobs.enqueue(NOTIFY_JOB, { orderId, what: 'issued' }, { dedupeKey: `${NOTIFY_JOB}:issued:${orderId}`, tx })
          await deps.endReminders.schedule(tx, orderId)
          await recordVehiclePapers(tx, orderId)
          await closeRenewedBy(tx, orderId)
        }
        return row
      })
      if (moved) {
        log.info('orders.issued', { orderId })
        jobs.kick()
        await service.announce(moved)
      }
    },
  })

  jobs.define({
    kind: REFUND_JOB,
    payload: RefundPayload,
    maxAttempts: 10,
    run: async ({ orderId, paymentId, reason }) => {
      if (paymentId) {
        await deps.payments.refund(paymentId, { idempotencyKey: `refund:payment:${paymentId}`, reason: reason ?? 'not_kept' })
        log.info('orders.payment_given_back', { orderId, paymentId, reason })
        await service.announce(orderId)
        return
      }
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
      if (!order || order.status !== 'issue_failed' || !order.paymentId) return
      await deps.payments.refund(order.paymentId, { idempotencyKey: `refund:${order.id}`, reason: 'policy_not_issued' })
      const moved = await db.transaction(async (tx) => {
        const row = await transition(tx, orderId, ['issue_failed'], 'refunded', { refundedAt: new Date() })
        if (row) await jobs.enqueue(NOTIFY_JOB, { orderId, what: 'not-issued' }, { dedupeKey: `${NOTIFY_JOB}:not-issued:${orderId}`, tx })
        return row
      })
      if (moved) {
        log.info('orders.refunded', { orderId })
        jobs.kick()
        await service.announce(moved)
      }
    },
  })

  jobs.define({
    kind: NOTIFY_JOB,
    payload: NotifyPayload,
    run: async ({ orderId, what }) => {
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
      if (!order) return
      const policies = await db
        .select({ policy: orderPolicies, insurerName: insurers.name })
        .from(orderPolicies)
        .leftJoin(insurers, eq(insurers.code, orderPolicies.insurerCode))
        .where(eq(orderPolicies.orderId, orderId))
        .orderBy(asc(orderPolicies.createdAt), asc(orderPolicies.id))
      const locale: Locale = isLocale(order.locale) ? order.locale : 'ro'
      const name = order.customer.first_name
      const product = { product: order.product as ProductCode }
      if (what === 'not-issued') {
        const insurer = policies.map((p) => p.insurerName ?? p.policy.insurerCode).join(', ')
        await deps.mailer.send('policy-not-issued', order.customer.email, locale, {
          name,
          product,
          insurer,
          order: order.id.slice(0, 8),
          amount: formatMoney(order.totalAmount, order.currency, locale),
          site: deps.config.PUBLIC_URL,
          support: deps.config.SUPPORT_EMAIL,
          wording: purchaseOf(order.product)?.wording ?? 'insurance',
        })
        return
      }
      // One message per policy, each with its own document.
      for (const { policy, insurerName } of policies) {
        if (policy.status !== 'issued' || !policy.documentKey) continue
        const bytes = await deps.store.get(policy.documentKey)
        const number = `${policy.series ? `${policy.series} ` : ''}${policy.number}`
        await deps.mailer.send(
          'policy-issued',
          order.customer.email,
          locale,
          { name, product, number, insurer: insurerName ?? policy.insurerCode, start: policy.startDate ? { date: policy.startDate } : '', end: policy.endDate ? { date: policy.endDate } : '', verify: verificationUrl(deps.config.PUBLIC_URL, policy.verificationCode) },
          bytes ? { attachments: [{ filename: attachmentName(order.product, number), contentType: 'application/pdf', content: Buffer.from(bytes).toString('base64') }] } : {},
        )
      }
    },
  })
}

/** `rca-RO-ALL-RC-123.pdf`: a file name any mail reader saves as it is (no slashes or spaces from the series). */
export function attachmentName(product: string, number: string): string {
  return `${product}-${number.replace(/[^A-Za-z0-9._-]+/g, '-')}.pdf`
}

/** Every pending policy of the order: asked of the insurer (idempotent by key), rendered, stored, marked issued. */
async function issuePolicies(deps: IssuanceDeps, order: OrderRow): Promise<void> {
  const policies = await deps.db
    .select({ policy: orderPolicies, insurerName: insurers.name, asfRegistration: insurers.asfRegistration })
    .from(orderPolicies)
    .leftJoin(insurers, eq(insurers.code, orderPolicies.insurerCode))
    .where(and(eq(orderPolicies.orderId, order.id), eq(orderPolicies.status, 'pending')))
  for (const { policy, insurerName, asfRegistration } of policies) {
    const extras = policy.extras as { insurer_reference?: string | null; facts?: unknown }
    const issued = await deps.issuer.issue({
      idempotencyKey: `order-policy:${policy.id}`,
      insurerCode: policy.insurerCode,
      offerId: policy.offerId,
      insurerReference: extras.insurer_reference ?? null,
      product: order.product,
      premium: { amount: policy.premium, currency: order.currency },
      startDate: policy.startDate,
      endDate: policy.endDate,
      customer: order.customer,
      extras: policy.extras,
    })
    const pdf = await deps.documents.render({
      locale: order.locale,
      product: order.product,
      insurerName: insurerName ?? policy.insurerCode,
      ...(asfRegistration ? { insurerAsfRegistration: asfRegistration } : {}),
      number: issued.number,
      series: issued.series,
      startDate: issued.start_date,
      endDate: issued.end_date,
      premium: { amount: policy.premium, currency: order.currency },
      customer: order.customer,
      registrationPlate: policy.registrationPlate,
      vin: policy.vin,
      facts: extras.facts ?? null,
      verificationUrl: verificationUrl(deps.config.PUBLIC_URL, policy.verificationCode),
    })
    const documentKey = `policies/${order.id}/${policy.id}.pdf`
    await deps.store.put(documentKey, pdf)
    await deps.db
      .update(orderPolicies)
      .set({ status: 'issued', number: issued.number, series: issued.series, startDate: issued.start_date, endDate: issued.end_date, documentKey, issuedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(orderPolicies.id, policy.id), eq(orderPolicies.status, 'pending')))
  }
}

/** On the last attempt the order becomes issue_failed and its refund is queued, in one transaction. */
async function giveUpIfLast(deps: IssuanceDeps, service: Orders, order: OrderRow, error: unknown, context: JobContext): Promise<void> {
  const reason = error instanceof InsurerRefusal ? 'insurer_refused' : 'insurer_unavailable'
  log.warn('orders.issue_failed_attempt', { orderId: order.id, attempt: context.attempt, last: context.lastAttempt, reason, error })
  if (!context.lastAttempt) return
  const moved = await deps.db.transaction(async (tx) => {
    const row = await transition(tx, order.id, ['paid'], 'issue_failed', { failureReason: reason })
    if (!row) return undefined
    await tx.update(orderPolicies).set({ status: 'failed', updatedAt: new Date() }).where(and(eq(orderPolicies.orderId, order.id), eq(orderPolicies.status, 'pending')))
    await deps.jobs.enqueue(REFUND_JOB, { orderId: order.id }, { dedupeKey: `${REFUND_JOB}:${order.id}`, tx })
    return row
  })
  deps.jobs.kick()
  if (moved) await service.announce(moved)
}
