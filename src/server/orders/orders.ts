import { randomBytes } from 'node:crypto'
import { msg } from '@lingui/core/macro'
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm'
import type { ProductCode } from '~/contract/constants'
import type { OrderCreateInput, OrderView, PaymentRedirect } from '~/contract/orders'
import type { RealtimeEventPayloads } from '~/contract/realtime'
import type { Locale } from '~/i18n/locales'
import type { AppConfig } from '../../../app.config'
import type { UserEvents } from '../auth/accounts'
import type { Database, Queryable } from '../db/client'
import { insurers, offers, orderPolicies, orders, quotes, users, type AcceptedDocument, type OrderStatus } from '../db/schema'
import { acceptanceProblem, offerDocuments, uniqueDocuments } from '../documents/legal'
import type { JobQueue } from '../jobs/queue'
import { i18nFor, productName, siteLocale } from '../i18n'
import { log } from '../log'
import { hashOrderToken, orderToken, orderTokenMatches, sha256, type OrderAccess } from './access'
import type { CheckoutOffer, DocumentStore, OfferSource, Payments, PaymentSettlement, PolicyDocuments, PolicyIssuer } from './ports'
import { bundleProblem } from './bundles'
import { MissingInsured, policyFactsOf } from './policy-facts'
import { payableAt, payableUntil } from './pay-window'
import { transition } from './state'
import { LongPollWakeUps } from '../http/long-poll'
import { toOrderView, type OrderRow } from './views'
import type { Mailer } from '../mail/mailer'

/** Why an order call was refused; the routes turn each into its status and message. */
export class OrderFailure extends Error {
  constructor(
    readonly reason:
      | 'not_found'
      | 'offer_expired'
      | 'offer_unavailable'
      | 'bundle_mixed_quotes'
      | 'bundle_pad_required'
      | 'travellers_names_required'
      | 'idempotency_key_invalid'
      | 'idempotency_key_reused'
      | 'payments_unavailable'
      | 'order_not_payable'
      | 'document_not_ready'
      | 'documents_acceptance_required'
      | 'documents_version_stale',
    /** For offer problems: which field (`offer_id`, `with_offer_ids.0`). */
    readonly field?: string,
  ) {
    super(reason)
    this.name = 'OrderFailure'
  }
}

export interface OrderServiceDeps {
  db: Database
  config: Pick<AppConfig, 'PUBLIC_URL' | 'SESSION_SECRET' | 'BROKER_NOTICE_VERSION'>
  jobs: JobQueue
  mailer: Mailer
  events: UserEvents
  offers: OfferSource
  payments: Payments
  issuer: PolicyIssuer
  documents: PolicyDocuments
  store: DocumentStore
  /**
   * The database is this process's alone (embedded PGlite): every change of an order happens
   * here and wakes its long-polls, which then need no re-reads of their own.
   */
  soleProcess?: boolean
  /** Tells the other nodes sharing the database that an order changed, and hears them (PostgreSQL's LISTEN/NOTIFY). */
  nodes?: OrderChangesAcrossNodes
}

/** How nodes sharing a database tell each other's order long-polls that an order changed. */
export interface OrderChangesAcrossNodes {
  notify(orderId: string): Promise<void>
  /** Calls `onChange` for every order changed on any node, this one's included; resolves to the way to stop. */
  listen(onChange: (orderId: string) => void): Promise<() => Promise<void>>
}

export interface CreatedOrder {
  order: OrderView
  payment: PaymentRedirect
  /** Only for a guest. */
  accessToken?: string
}

/** How often a waiting order long-poll re-reads the status when changes made elsewhere wake no one here. */
const UNANNOUNCED_RECHECK_MS = 1000
/** When every change wakes the poll (one process, or the nodes' notices), a re-read now and then is only a safety net. */
const ANNOUNCED_RECHECK_MS = 5000
export const ORDER_MAX_WAIT_SECONDS = 25

export const ISSUE_JOB = 'order.issue'
export const issueDedupeKey = (orderId: string) => `${ISSUE_JOB}:${orderId}`
/** Gives back one payment (a duplicate, a late or wrong-amount approval) or, with only `orderId`, the payment of an order the insurer refused. */
export const REFUND_JOB = 'order.refund'
export const refundDedupeKey = (paymentId: string) => `${REFUND_JOB}:payment:${paymentId}`

/**
 * Orders of every product (decisions 53-55): created from offers with an idempotency key,
 * paid through the payment service, issued by a durable job exactly once, read by their owner
 * (bearer) or by a guest's order token. Every status change goes through `state.ts`.
 */
export class Orders {
  /** The long-polls of orders waiting on this node, woken by `announce` (every change's). */
  readonly changes = new LongPollWakeUps()

  constructor(private readonly deps: OrderServiceDeps) {}

  /** Hears the other nodes' order changes (and this one's notices), for this node's long-polls; resolves to the way to stop. */
  async listenAcrossNodes(): Promise<(() => Promise<void>) | undefined> {
    return this.deps.nodes?.listen((orderId) => this.changes.notify(orderId))
  }

  private get db() {
    return this.deps.db
  }

  /**
   * Creates the order (or answers the one this key already made) and starts its payment.
   * `user` is the signed-in buyer; without one, the order belongs to the account of the
   * e-mail typed if there is one (shown in that account, nobody signed in), else to nobody,
   * and the guest reads it with the token answered here.
   */
  async create(
    input: OrderCreateInput,
    options: {
      userId: string | undefined
      idempotencyKey: string | null
      locale: Locale
      /** Called once before a new order is made (not for a replay of the same key): spends a checkout ticket. */
      beforeNewOrder?: () => Promise<void>
    },
  ): Promise<CreatedOrder> {
    const key = options.idempotencyKey?.trim()
    if (!key || key.length > 200) throw new OrderFailure('idempotency_key_invalid')
    const offerIds = [input.offer_id, ...(input.with_offer_ids ?? []).filter((id) => id !== input.offer_id)]
    const uniqueOfferIds = [...new Set(offerIds)]
    const scope = options.userId ? `user:${options.userId}` : `guest:${sha256(input.customer.email)}`
    const fingerprint = sha256(JSON.stringify([uniqueOfferIds, input.customer.email, ...(input.direct_settlement ? ['direct_settlement'] : []), ...(input.insured ? [input.insured] : [])]))

    const existing = await this.byIdempotencyKey(scope, key)
    if (existing) return this.replay(existing, fingerprint, options.userId)

    const offers = await this.checkoutOffers(uniqueOfferIds, options.userId)
    const problem = bundleProblem(offers)
    if (problem) throw new OrderFailure(problem.reason, offerField(problem.index))
    const accepted = this.acceptedDocuments(offers, input.accepted_documents)
    if (input.direct_settlement) offers[0] = withDirectSettlement(offers[0]!)
    const facts = offers.map((offer) => {
      try {
        return policyFactsOf(offer, input.insured)
      } catch (error) {
        if (error instanceof MissingInsured) throw new OrderFailure('travellers_names_required', 'insured.travellers')
        throw error
      }
    })
    const main = offers[0]!
    await options.beforeNewOrder?.()
    const ownerId = options.userId ?? (await this.accountOf(input.customer.email))
    const total = offers.reduce((sum, o) => sum + o.premium.amount, 0)

    const inserted = await this.db.transaction(async (tx) => {
      const [order] = await tx
        .insert(orders)
        .values({
          userId: ownerId,
          product: main.product,
          quoteId: main.quoteId,
          totalAmount: total,
          currency: main.premium.currency,
          customer: input.customer,
          locale: options.locale,
          partnerCode: main.partnerCode,
          acceptedDocuments: accepted,
          idempotencyScope: scope,
          idempotencyKey: key,
          requestFingerprint: fingerprint,
        })
        .onConflictDoNothing({ target: [orders.idempotencyScope, orders.idempotencyKey] })
        .returning()
      if (!order) return undefined // the same key, a concurrent request: it made the order
      // A guest gets a token even when the order went to an existing account: they bought it, they may watch it.
      const guestTokenHash = options.userId ? null : hashOrderToken(orderToken(this.deps.config.SESSION_SECRET, order.id))
      if (guestTokenHash) await tx.update(orders).set({ guestTokenHash }).where(eq(orders.id, order.id))
      // Policies are listed by creation time: a millisecond apart, they keep the offers' order (the main one first).
      const createdAt = Date.now()
      await tx.insert(orderPolicies).values(
        offers.map((offer, i) => ({
          orderId: order.id,
          createdAt: new Date(createdAt + i),
          offerId: offer.id,
          insurerCode: offer.insurerCode,
          premium: offer.premium.amount,
          startDate: offer.startDate,
          endDate: offer.endDate,
          verificationCode: randomBytes(16).toString('base64url'),
          registrationPlate: offer.registrationPlate,
          vin: offer.vin,
          extras: { insurer_reference: offer.insurerReference, insurer_payload: offer.insurerPayload ?? {}, product: offer.product, details: offer.details, facts: facts[i] },
        })),
      )
      return { ...order, guestTokenHash }
    })
    const order = inserted ?? (await this.byIdempotencyKey(scope, key))
    if (!order) throw new Error('order vanished after its idempotency conflict')
    if (!inserted) return this.replay(order, fingerprint, options.userId)
    log.info('orders.created', { orderId: order.id, product: order.product, total, guest: !options.userId, attached: !options.userId && Boolean(ownerId) })
    const payment = await this.startPayment(order)
    return { order: await this.view(order), payment, ...(options.userId ? {} : { accessToken: orderToken(this.deps.config.SESSION_SECRET, order.id) }) }
  }

  private async replay(order: OrderRow, fingerprint: string, userId: string | undefined): Promise<CreatedOrder> {
    if (order.requestFingerprint !== fingerprint) throw new OrderFailure('idempotency_key_reused')
    // The first request may have died between the order and its payment: start it now.
    const payment = order.paymentRedirect ?? (order.status === 'awaiting_payment' ? await this.startPayment(order) : undefined)
    if (!payment) throw new OrderFailure('order_not_payable')
    const fresh = await this.row(order.id)
    return { order: await this.view(fresh!), payment, ...(userId ? {} : { accessToken: orderToken(this.deps.config.SESSION_SECRET, order.id) }) }
  }

  /**
   * The offers, offered and still valid, all in one currency; the main one first. An offer of an
   * account's quote is that account's alone: anyone else is told it is unavailable, as for an
   * unknown one (decision 94).
   */
  private async checkoutOffers(ids: string[], buyerId: string | undefined): Promise<CheckoutOffer[]> {
    const found: CheckoutOffer[] = []
    for (const [i, id] of ids.entries()) {
      const field = offerField(i)
      const offer = await this.deps.offers.offerForCheckout(id)
      if (!offer || (offer !== 'expired' && offer.quoteOwnerId !== null && offer.quoteOwnerId !== buyerId)) throw new OrderFailure('offer_unavailable', field)
      if (offer === 'expired' || offer.expiresAt.getTime() <= Date.now()) throw new OrderFailure('offer_expired', field)
      if (found[0] && offer.premium.currency !== found[0].premium.currency) throw new OrderFailure('offer_unavailable', field)
      found.push(offer)
    }
    return found
  }

  /**
   * The documents of the offers (each insurer's IPID and general conditions as it gave them with
   * the price, the broker's notice in force), when the buyer accepted exactly these editions;
   * refused otherwise, so no order is made on documents the buyer did not see.
   */
  private acceptedDocuments(offers: CheckoutOffer[], accepted: readonly string[] | undefined): AcceptedDocument[] {
    const notice = { version: this.deps.config.BROKER_NOTICE_VERSION, publicUrl: this.deps.config.PUBLIC_URL }
    const required = uniqueDocuments(offers.map((offer) => offerDocuments({ id: offer.id, insurerCode: offer.insurerCode, details: offer.details }, notice)))
    const problem = acceptanceProblem(required, accepted)
    if (problem) throw new OrderFailure(problem, 'accepted_documents')
    return required.map(({ id, kind, issuer, version }) => ({ id, kind, issuer, version }))
  }

  /**
   * The account a guest's order joins: only one whose address is confirmed. An unconfirmed one
   * may be anybody's (`store-from-product-page` makes one for any typed address), so the order
   * stays with its token and joins when the address is confirmed (`joinGuestOrders`, decision 94).
   */
  private async accountOf(email: string): Promise<string | null> {
    const [user] = await this.db.select({ id: users.id, isDeleted: users.isDeleted, emailVerifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.email, email))
    return user && !user.isDeleted && user.emailVerifiedAt ? user.id : null
  }

  private async byIdempotencyKey(scope: string, key: string): Promise<OrderRow | undefined> {
    const [row] = await this.db
      .select()
      .from(orders)
      .where(and(eq(orders.idempotencyScope, scope), eq(orders.idempotencyKey, key)))
    return row
  }

  private async row(id: string): Promise<OrderRow | undefined> {
    const [row] = await this.db.select().from(orders).where(eq(orders.id, id))
    return row
  }

  /**
   * Checks the offers have not run out, then asks the payment service for the order's one open
   * attempt (decision 91: concurrent callers get the same one) and records it as the current one.
   * The page expires when the offers stop being payable.
   */
  private async startPayment(order: OrderRow): Promise<PaymentRedirect> {
    const until = await this.payableUntil(order)
    if (!until) {
      await transition(this.db, order.id, ['awaiting_payment', 'payment_failed'], 'expired')
      await this.announce(order.id)
      throw new OrderFailure('offer_expired', 'offer_id')
    }
    const customer = order.customer
    let started
    try {
      started = await this.deps.payments.start({
        orderId: order.id,
        amount: order.totalAmount,
        currency: order.currency,
        description: paymentDescription(order),
        locale: order.locale,
        customer: { email: customer.email, name: `${customer.first_name} ${customer.last_name}` },
        returnUrl: `${this.deps.config.PUBLIC_URL}/thank-you?order=${order.id}`,
        expiresAt: until,
      })
    } catch (error) {
      log.error('orders.payment_start_failed', { orderId: order.id, error })
      throw new OrderFailure('payments_unavailable')
    }
    const redirect: PaymentRedirect = { method: started.method, url: started.url, fields: started.fields }
    const [recorded] = await this.db
      .update(orders)
      .set({
        paymentId: started.paymentId,
        paymentRedirect: redirect,
        // Callers sharing the attempt count it once.
        paymentAttempts: sql`case when ${orders.paymentId} is distinct from ${started.paymentId} then ${orders.paymentAttempts} + 1 else ${orders.paymentAttempts} end`,
        updatedAt: new Date(),
      })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'awaiting_payment')))
      .returning({ id: orders.id })
    if (!recorded) {
      // Settled or expired meanwhile: this page is not offered (an approval of it would be refunded).
      await this.deps.payments.close(started.paymentId, 'order_not_payable')
      throw new OrderFailure('order_not_payable')
    }
    return redirect
  }

  /** Until when the order's offers can be paid for; undefined when one of them no longer can. */
  private async payableUntil(order: OrderRow): Promise<Date | undefined> {
    const policies = await this.db.select({ offerId: orderPolicies.offerId }).from(orderPolicies).where(eq(orderPolicies.orderId, order.id))
    let until: Date | undefined
    for (const { offerId } of policies) {
      const offer = await this.deps.offers.offerForCheckout(offerId)
      if (!offer || offer === 'expired') return undefined
      const offerUntil = payableUntil({ product: order.product, expiresAt: offer.expiresAt, startDate: offer.startDate })
      if (offerUntil.getTime() <= Date.now()) return undefined
      if (!until || offerUntil < until) until = offerUntil
    }
    return until
  }

  /**
   * A new payment attempt after a failed one; the current one again while it is still awaited.
   * Of concurrent calls (a double click, two tabs) one reopens the order and all of them get the
   * same open attempt.
   */
  async payAgain(orderId: string, access: OrderAccess): Promise<{ id: string; status: OrderStatus; payment: PaymentRedirect }> {
    const order = await this.readable(orderId, access)
    if (order.status === 'awaiting_payment' && order.paymentRedirect) return { id: order.id, status: order.status, payment: order.paymentRedirect }
    if (order.status !== 'payment_failed' && order.status !== 'awaiting_payment') throw new OrderFailure('order_not_payable')
    const reopened =
      order.status === 'awaiting_payment'
        ? order
        : ((await transition(this.db, order.id, ['payment_failed'], 'awaiting_payment', { paymentRedirect: null, failureReason: null })) ?? (await this.row(order.id)))
    // Another call reopened it first: it is awaiting payment now, and this one joins its attempt.
    if (reopened?.status !== 'awaiting_payment') throw new OrderFailure('order_not_payable')
    const payment = await this.startPayment(reopened)
    return { id: order.id, status: 'awaiting_payment', payment }
  }

  /** The order if `access` may read it; not found otherwise, whether or not it exists. */
  private async readable(orderId: string, access: OrderAccess): Promise<OrderRow> {
    const order = await this.row(orderId)
    const owner = Boolean(order && access.userId && order.userId === access.userId)
    if (!order || !(owner || orderTokenMatches(order.guestTokenHash, access.orderToken))) throw new OrderFailure('not_found')
    return order
  }

  async get(orderId: string, access: OrderAccess): Promise<OrderView> {
    return this.view(await this.readable(orderId, access))
  }

  /**
   * The long-poll: the order as soon as its status is not `seen` (or at once when it is not),
   * else when `waitSeconds` have passed or the caller went away. Woken at once by changes made on
   * this node (`announce`); while it waits it re-reads only the status, one small statement, at
   * an interval (changes made by other nodes), instead of the whole order on every poll.
   */
  async waitFor(orderId: string, access: OrderAccess, seen: OrderStatus, waitSeconds: number, signal?: AbortSignal): Promise<OrderView> {
    const deadline = Date.now() + Math.min(waitSeconds, ORDER_MAX_WAIT_SECONDS) * 1000
    let order = await this.readable(orderId, access)
    const recheck = this.deps.soleProcess || this.deps.nodes ? ANNOUNCED_RECHECK_MS : UNANNOUNCED_RECHECK_MS
    while (order.status === seen && !signal?.aborted) {
      const left = deadline - Date.now()
      if (left <= 0) break
      // Woken by a change: the order is read again. Else (another node's change, or none) the status first.
      if (await this.changes.wait(orderId, Math.min(recheck, left), signal)) order = (await this.row(orderId)) ?? order
      else {
        const [now] = await this.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId))
        if (now && now.status !== seen) order = (await this.row(orderId)) ?? order
      }
    }
    return this.view(order)
  }

  async list(userId: string, page: number, perPage: number): Promise<{ data: OrderView[]; total: number }> {
    // The page and the count in one statement (every account page renders this list); a page past
    // the end has no row to carry the count, and asks for it alone.
    const found = await this.db
      .select({ order: orders, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(perPage)
      .offset((page - 1) * perPage)
    let total = found[0]?.total ?? 0
    if (found.length === 0 && page > 1) total = Number((await this.db.select({ n: count() }).from(orders).where(eq(orders.userId, userId)))[0]?.n ?? 0)
    return { data: await this.views(found.map((row) => row.order)), total }
  }

  /** The PDF of one policy of the order (the first when `policyId` is not given), to its owner only. */
  async document(orderId: string, access: OrderAccess, policyId?: string): Promise<{ filename: string; bytes: Uint8Array }> {
    const order = await this.readable(orderId, access)
    const policies = await this.db.select().from(orderPolicies).where(eq(orderPolicies.orderId, order.id)).orderBy(asc(orderPolicies.createdAt), asc(orderPolicies.id))
    const policy = policyId ? policies.find((p) => p.id === policyId) : policies[0]
    if (!policy) throw new OrderFailure('not_found')
    if (policy.status !== 'issued' || !policy.documentKey) throw new OrderFailure('document_not_ready')
    const bytes = await this.deps.store.get(policy.documentKey)
    if (!bytes) throw new OrderFailure('document_not_ready')
    return { filename: `${order.product}-${policy.series ? `${policy.series}-` : ''}${policy.number}.pdf`.replace(/[^A-Za-z0-9._-]/g, '_'), bytes }
  }

  async view(order: OrderRow): Promise<OrderView> {
    return (await this.views([order]))[0]!
  }

  async views(rows: OrderRow[]): Promise<OrderView[]> {
    if (rows.length === 0) return []
    const policies = await this.db
      .select({ policy: orderPolicies, insurerName: insurers.name })
      .from(orderPolicies)
      .leftJoin(insurers, eq(insurers.code, orderPolicies.insurerCode))
      .where(inArray(orderPolicies.orderId, rows.map((r) => r.id)))
      .orderBy(asc(orderPolicies.createdAt), asc(orderPolicies.id))
    return rows.map((order) =>
      toOrderView(
        order,
        policies.filter((p) => p.policy.orderId === order.id).map((p) => ({ ...p.policy, insurerName: p.insurerName ?? p.policy.insurerCode })),
        this.deps.config.PUBLIC_URL,
      ),
    )
  }

  /**
   * A payment's final answer (each verified notification, however often and late it comes),
   * applied inside the notification's transaction and with it only (decision 91).
   * Paid, for the order's amount, while its offers could still be bought: the order becomes paid
   * and its issuance job is queued in the same transaction, so one exists exactly when the order
   * is paid (decision 54). Paid but not for this order any more (too late, another amount, or
   * already paid by another attempt): a refund job is queued in the same transaction and runs
   * after it commits; nothing is issued. Failed: only the current attempt's failure counts.
   */
  async settle(settlement: PaymentSettlement): Promise<void> {
    /** The order as moved to paid, for `announce` (other outcomes are read again there). */
    let paid: OrderRow | undefined
    const apply = async (tx: Queryable): Promise<'moved' | 'refund' | 'unchanged'> => {
      // The order row is the lock: two approvals settling at once take turns, and the second
      // sees the order the first paid (read committed would let it miss that and keep the money).
      const [order] = await tx.select().from(orders).where(eq(orders.id, settlement.orderId)).for('update')
      if (!order) {
        log.warn('orders.settlement_unknown_order', { orderId: settlement.orderId, paymentId: settlement.paymentId })
        return 'unchanged'
      }
      if (settlement.status === 'failed') {
        const moved = await transition(tx, order.id, ['awaiting_payment'], 'payment_failed', { failureReason: settlement.reason ?? 'declined' }, eq(orders.paymentId, settlement.paymentId))
        return moved ? 'moved' : 'unchanged'
      }
      const refuse = async (reason: string): Promise<'refund'> => {
        log.warn('orders.payment_refused', { orderId: order.id, paymentId: settlement.paymentId, reason })
        await this.deps.jobs.enqueue(REFUND_JOB, { orderId: order.id, paymentId: settlement.paymentId, reason }, { dedupeKey: refundDedupeKey(settlement.paymentId), tx })
        return 'refund'
      }
      if (['paid', 'issued', 'issue_failed', 'refunded'].includes(order.status)) {
        // Already paid: by this attempt (nothing to do) or by another one (money taken twice is given back).
        return order.paymentId === settlement.paymentId ? 'unchanged' : refuse('duplicate_payment')
      }
      if (settlement.amount !== order.totalAmount || settlement.currency !== order.currency) {
        await transition(tx, order.id, ['awaiting_payment'], 'payment_failed', { failureReason: 'amount_mismatch' })
        return refuse('amount_mismatch')
      }
      if (order.status === 'expired' || !(await this.payableAt(tx, order, settlement.at))) {
        const expired = await transition(tx, order.id, ['awaiting_payment', 'payment_failed'], 'expired', { failureReason: 'paid_too_late' })
        if (!expired) await tx.update(orders).set({ failureReason: 'paid_too_late', updatedAt: new Date() }).where(and(eq(orders.id, order.id), eq(orders.status, 'expired')))
        return refuse('paid_too_late')
      }
      const moved = await transition(tx, order.id, ['awaiting_payment', 'payment_failed'], 'paid', { paymentId: settlement.paymentId, paidAt: settlement.at, failureReason: null })
      if (!moved) return 'unchanged'
      await this.deps.jobs.enqueue(ISSUE_JOB, { orderId: order.id }, { dedupeKey: issueDedupeKey(order.id), tx })
      paid = moved
      return 'moved'
    }
    const outcome = settlement.tx ? await apply(settlement.tx) : await this.db.transaction((tx) => apply(tx))
    if (outcome === 'unchanged') return
    log.info('orders.settled', { orderId: settlement.orderId, status: settlement.status, outcome })
    // Jobs queued inside a transaction wait for the next poll, or for a kick once it committed.
    const afterCommit = () => {
      if (outcome === 'refund' || settlement.status === 'paid') this.deps.jobs.kick(outcome === 'moved')
      void this.announce(paid ?? settlement.orderId)
    }
    if (settlement.tx) setImmediate(afterCommit)
    else afterCommit()
  }

  /** Whether every offer of the order could still be bought at `at` (read in the settlement's transaction). */
  private async payableAt(tx: Queryable, order: OrderRow, at: Date): Promise<boolean> {
    const rows = await tx
      .select({ startDate: orderPolicies.startDate, expiresAt: quotes.expiresAt })
      .from(orderPolicies)
      .innerJoin(offers, eq(offers.id, orderPolicies.offerId))
      .innerJoin(quotes, eq(quotes.id, offers.quoteId))
      .where(eq(orderPolicies.orderId, order.id))
    return rows.length > 0 && rows.every((row) => payableAt({ product: order.product, expiresAt: row.expiresAt, startDate: row.startDate }, at))
  }

  /**
   * After every change of an order (once committed): wakes its long-polls on every node and
   * publishes `order.updated` to the owner's devices (best effort, never throws).
   */
  async announce(changed: string | Pick<OrderRow, 'id' | 'userId' | 'status'>): Promise<void> {
    const orderId = typeof changed === 'string' ? changed : changed.id
    this.changes.notify(orderId)
    await this.deps.nodes?.notify(orderId).catch((error: unknown) => log.warn('orders.change_notice_failed', { orderId, error }))
    // The row the change returned, when the caller has it: no statement to read it again.
    const order = typeof changed === 'string' ? await this.row(orderId).catch(() => undefined) : changed
    if (!order?.userId) return
    const payload: RealtimeEventPayloads['order.updated'] = { id: order.id, status: order.status, at: new Date().toISOString() }
    await this.deps.events.publishUserEvent(order.userId, 'order.updated', payload)
  }

  // Operator calls.

  async operatorList(status: OrderStatus | undefined, limit: number) {
    const rows = await this.db
      .select()
      .from(orders)
      .where(status ? eq(orders.status, status) : undefined)
      .orderBy(desc(orders.createdAt))
      .limit(limit)
    const views = await this.views(rows)
    return rows.map((row, i) => ({ ...views[i]!, customer_email: row.customer.email, payment_id: row.paymentId, payment_attempts: row.paymentAttempts }))
  }

  async operatorShow(id: string) {
    const row = await this.row(id)
    if (!row) throw new OrderFailure('not_found')
    const [view] = await this.views([row])
    return { ...view!, customer_email: row.customer.email, payment_id: row.paymentId, payment_attempts: row.paymentAttempts }
  }

  /**
   * Queues issuance again: for a paid order whose job gave up or is stuck, or an order the
   * insurer refused whose refund has not gone out yet (it goes back to paid).
   */
  async retryIssue(id: string): Promise<{ id: string; status: OrderStatus; queued: boolean }> {
    const order = await this.row(id)
    if (!order) throw new OrderFailure('not_found')
    if (order.status !== 'paid' && order.status !== 'issue_failed') return { id, status: order.status, queued: false }
    const queued = await this.db.transaction(async (tx) => {
      if (order.status === 'issue_failed') {
        const moved = await transition(tx, id, ['issue_failed'], 'paid', { failureReason: null })
        if (!moved) return false
        await tx.update(orderPolicies).set({ status: 'pending', updatedAt: new Date() }).where(and(eq(orderPolicies.orderId, id), eq(orderPolicies.status, 'failed')))
      }
      const jobId = await this.deps.jobs.enqueue(ISSUE_JOB, { orderId: id }, { dedupeKey: `${issueDedupeKey(id)}:retry:${Date.now()}`, tx })
      return Boolean(jobId)
    })
    if (queued) this.deps.jobs.kick(true)
    if (queued && order.status === 'issue_failed') await this.announce(id)
    log.info('orders.retry_issue', { orderId: id, queued })
    const after = await this.row(id)
    return { id, status: after!.status, queued }
  }
}

/**
 * RCA's direct settlement clause bought with the policy: its price (kept with the offer) is added
 * to the premium; an offer without one cannot have it.
 */
function withDirectSettlement(offer: CheckoutOffer): CheckoutOffer {
  const price = offer.details.direct_settlement_premium
  if (typeof price !== 'number' || !Number.isInteger(price) || price < 0) throw new OrderFailure('offer_unavailable', 'direct_settlement')
  return { ...offer, premium: { ...offer.premium, amount: offer.premium.amount + price }, details: { ...offer.details, direct_settlement: true } }
}

/** The request field of the order's `index`-th offer: `offer_id`, then `with_offer_ids.0`, … */
function offerField(index: number): string {
  return index === 0 ? 'offer_id' : `with_offer_ids.${index - 1}`
}

/** What the card processor's page says is being paid: the product's name in the buyer's language and the order's reference. */
function paymentDescription(order: OrderRow): string {
  const locale = siteLocale(order.locale)
  const product = productName(locale, order.product as ProductCode)
  const reference = order.id.slice(0, 8)
  return i18nFor(locale)._(msg`${product}, order ${reference}`)
}
