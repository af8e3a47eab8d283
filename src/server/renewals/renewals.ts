import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { addDays, today } from '~/contract/iso-date'
import { priceChange, type Renewal } from '~/contract/renewals'
import { QuoteSubject } from '~/contract/quotes'
import { normalizePlate } from '~/contract/vehicle'
import type { Database, Queryable } from '../db/client'
import { insurers, orderPolicies, orders, policyRenewals, quotes, vehicles, type OrderCustomer } from '../db/schema'
import { paperColumn } from '../account-area/vehicles'
import type { JobQueue } from '../jobs/queue'
import { log } from '../log'
import { productDefinitions, purchaseOf } from '../products'
import type { AnyProductDefinition } from '../products/definition'
import type { QuoteService } from '../quotes/service'
import { preparedWindow, RENEWAL_GRACE_DAYS, renewalStart } from './window'

export const RENEWAL_SWEEP_JOB = 'renewals.sweep'
/** How often the sweep looks for windows that opened and prices that ran out. */
const SWEEP_EVERY_MS = 60 * 60_000
/** Policies read per statement, and quoted together: memory stays bounded whatever the number of policies ending. */
export const RENEWAL_BATCH = 500
/** Policy batches quoted side by side by default: a batch ends with its slowest insurer call (a hung one holds it ~10 s), so with few in flight the sweep waits rather than works (decision 165). */
export const RENEWAL_BATCHES_AT_ONCE = 8
/** Vehicles insured elsewhere, quoted one by one, side by side (they are few: one per account's typed-in end). */
const VEHICLE_QUOTES_AT_ONCE = 16
/** A run quoting a renewal holds it this long: enough for every insurer to answer or time out. */
const QUOTING_LEASE_MS = 5 * 60_000
/** A prepared renewal's prices hold three days (never beyond what the product allows, e.g. the exchange rate's day). */
export const RENEWAL_PRICES_HOLD_MINUTES = 3 * 24 * 60

type RenewalRow = typeof policyRenewals.$inferSelect
/** A renewal a batch claimed: what quoting it needs. */
type Claimed = Pick<RenewalRow, 'id' | 'orderPolicyId' | 'userId' | 'product'>

/** A renewal that is not the caller's, or no longer open. */
export class RenewalNotFound extends Error {}

export interface RenewalsDeps {
  db: Database
  jobs: JobQueue
  quotes: Pick<QuoteService, 'create' | 'createMany' | 'get' | 'settled'>
  definitions?: Record<string, AnyProductDefinition>
  clock?: () => Date
  /** Policies read and quoted together (`RENEWAL_BATCH` by default). */
  batchSize?: number
  /** Batches quoted side by side (`RENEWAL_BATCHES_AT_ONCE` by default). */
  batchesAtOnce?: number
}

/** What one sweep did, for the log and the benchmark. */
export interface SweepResult {
  examined: number
  quoted: number
  failed: number
  /** Milliseconds spent in each step, summed over batches (batches overlap: more than the sweep's time in all). */
  ms: { candidates: number; claim: number; quote: number; record: number }
}

/**
 * The renewal autopilot (decisions 135-139). A sweep on the one job queue, hourly, reads the
 * policies bought here whose last day falls in the window (batches, by id), upserts one row per
 * policy and window (the unique key is the idempotence, on any number of nodes), claims it
 * with a short lease so one run only asks the insurers, and quotes the product's renewal
 * request (`ProductDefinition.renewal`) from the day after the old end with the account's
 * owner, as any quote. Prices that ran out are quoted again until the old policy ends. The
 * order that buys one of its quotes closes it (`closeRenewedBy`, in the issuing transaction).
 */
/** No renewal yet, or an open one whose prices have run out and that no sweep is quoting now. */
function dueForPrices(now: Date) {
  return or(
    isNull(policyRenewals.id),
    and(
      eq(policyRenewals.status, 'open'),
      or(isNull(policyRenewals.pricesHoldUntil), lte(policyRenewals.pricesHoldUntil, now)),
      or(isNull(policyRenewals.quotingUntil), lte(policyRenewals.quotingUntil, now)),
    ),
  )
}

/** An open renewal no run is quoting now, whose prices ran out (unless `force`: the owner asked for fresh ones). */
function claimable(now: Date, force: boolean) {
  return and(
    eq(policyRenewals.status, 'open'),
    or(isNull(policyRenewals.quotingUntil), lte(policyRenewals.quotingUntil, now)),
    force ? undefined : or(isNull(policyRenewals.pricesHoldUntil), lte(policyRenewals.pricesHoldUntil, now)),
  )
}

export class Renewals {
  private readonly definitions: Record<string, AnyProductDefinition>
  private readonly clock: () => Date

  constructor(private readonly deps: RenewalsDeps) {
    this.definitions = deps.definitions ?? productDefinitions
    this.clock = deps.clock ?? (() => new Date())
  }

  private renewable(): string[] {
    return Object.keys(this.definitions).filter((code) => this.definitions[code]!.renewal)
  }

  defineJobs(): void {
    this.deps.jobs.define({
      kind: RENEWAL_SWEEP_JOB,
      payload: z.object({}),
      maxAttempts: 3,
      run: async () => {
        const now = this.clock()
        const result = await this.sweep(now)
        log.info('renewals.swept', { ...result })
        await this.scheduleSweep(new Date(now.getTime() + SWEEP_EVERY_MS))
      },
    })
  }

  /** Queues the sweep of the hour of `at` (once per hour whatever the nodes: its key is the hour). */
  async scheduleSweep(at: Date = this.clock()): Promise<void> {
    const hour = new Date(Math.floor(at.getTime() / SWEEP_EVERY_MS) * SWEEP_EVERY_MS)
    await this.deps.jobs.enqueue(RENEWAL_SWEEP_JOB, {}, { runAt: hour, dedupeKey: `${RENEWAL_SWEEP_JOB}:${hour.toISOString()}` })
  }

  /** Prepares every renewal due at `now`, batch after batch; returns counts. */
  async sweep(now: Date = this.clock()): Promise<SweepResult> {
    const result: SweepResult = { examined: 0, quoted: 0, failed: 0, ms: { candidates: 0, claim: 0, quote: 0, record: 0 } }
    const products = this.renewable()
    if (products.length === 0) return result
    const { from, to } = preparedWindow(now)
    const running = new Set<Promise<void>>()
    let after: string | undefined
    for (;;) {
      const started = performance.now()
      const { rows: batch, last } = await this.candidates(products, from, to, now, after)
      result.ms.candidates += performance.now() - started
      if (!last) break
      after = last
      result.examined += batch.length
      if (batch.length === 0) continue
      const work: Promise<void> = this.prepareBatch(batch, now, result).finally(() => running.delete(work))
      running.add(work)
      // Bounded: at most so many batches' policies, quotes and insurer calls in memory at once.
      if (running.size >= (this.deps.batchesAtOnce ?? RENEWAL_BATCHES_AT_ONCE)) await Promise.race(running)
    }
    await Promise.all(running)
    // Then the vehicles whose cover was bought elsewhere, product by product.
    for (const { product, column } of this.renewedFromVehicles(products)) {
      let afterVehicle: string | undefined
      for (;;) {
        const batch = await this.vehicleCandidates(product, column, from, to, now, afterVehicle)
        if (batch.length === 0) break
        afterVehicle = batch.at(-1)!.vehicleId
        await this.pool(batch, (c) => this.prepareVehicle(product, c, now), result)
      }
    }
    return result
  }

  /** Prepares vehicles with a pool rather than slices: one slow insurer answer does not hold the others' slots. */
  private async pool<C>(batch: C[], prepare: (c: C) => Promise<'quoted' | 'skipped' | 'failed'>, result: SweepResult): Promise<void> {
    result.examined += batch.length
    let next = 0
    const worker = async () => {
      while (next < batch.length) {
        const outcome = await prepare(batch[next++]!)
        if (outcome === 'quoted') result.quoted++
        else if (outcome === 'failed') result.failed++
      }
    }
    await Promise.all(Array.from({ length: Math.min(VEHICLE_QUOTES_AT_ONCE, batch.length) }, worker))
  }

  /**
   * The products renewed from a vehicle's known end as well: those that renew and whose purchase
   * feeds a vehicle paper (RCA: `rca_valid_until`), the vehicle column the owner types it into.
   */
  private renewedFromVehicles(products: string[]): { product: string; column: (typeof paperColumn)[keyof typeof paperColumn] }[] {
    return products.flatMap((product) => {
      const paper = purchaseOf(product)?.vehiclePaper
      return paper ? [{ product, column: paperColumn[paper.field] }] : []
    })
  }

  /**
   * Vehicles of accounts whose paper for `product` ends in the window and was not bought here
   * (a policy bought here ending that day has its own renewal), with no renewal yet for that
   * day or an open one whose prices ran out and that no run is quoting.
   */
  private async vehicleCandidates(product: string, column: (typeof paperColumn)[keyof typeof paperColumn], from: string, to: string, now: Date, after: string | undefined) {
    const end = vehicles[column]
    return this.deps.db
      .select({ vehicleId: vehicles.id, userId: vehicles.userId, plate: vehicles.registrationPlate, endDate: end })
      .from(vehicles)
      .leftJoin(policyRenewals, and(eq(policyRenewals.vehicleId, vehicles.id), eq(policyRenewals.product, product), eq(policyRenewals.endDate, end)))
      .where(
        and(
          gte(end, from),
          lte(end, to),
          after ? gt(vehicles.id, after) : undefined,
          sql`not exists (select 1 from ${orderPolicies} as p join ${orders} as o on o.id = p.order_id
            where o.user_id = ${vehicles.userId} and o.product = ${product} and o.status = 'issued' and p.status = 'issued'
              and p.registration_plate = ${vehicles.registrationPlate} and p.end_date = ${end})`,
          dueForPrices(now),
        ),
      )
      .orderBy(asc(vehicles.id))
      .limit(RENEWAL_BATCH)
  }

  /**
   * A vehicle's renewal starts from the account's latest quote of the product for that vehicle
   * (its owner and vehicle details: nothing is typed again); without one there is nothing to
   * renew from, and the vehicle keeps its calendar reminder only.
   */
  private async prepareVehicle(product: string, c: Awaited<ReturnType<Renewals['vehicleCandidates']>>[number], now: Date): Promise<'quoted' | 'skipped' | 'failed'> {
    const definition = this.definitions[product]
    if (!definition?.renewal || !c.endDate) return 'skipped'
    const basis = await this.basisQuote(definition, c.userId, c.plate)
    if (!basis) return 'skipped'
    const { startDate } = renewalStart(product, c.endDate, now)
    const request = definition.renewal.request(basis.request as never, startDate)
    if (!request) return 'skipped'
    await this.deps.db
      .insert(policyRenewals)
      .values({ vehicleId: c.vehicleId, endDate: c.endDate, userId: c.userId, product, basisQuoteId: basis.id, previousPremium: null })
      .onConflictDoNothing({ target: [policyRenewals.vehicleId, policyRenewals.product, policyRenewals.endDate] })
    const [row] = await this.claim(and(eq(policyRenewals.vehicleId, c.vehicleId), eq(policyRenewals.product, product), eq(policyRenewals.endDate, c.endDate))!, now, false)
    if (!row) return 'skipped'
    return (await this.quote(row, definition, request, now)) ? 'quoted' : 'failed'
  }

  /** The account's newest quote of the product whose subject is the vehicle of `plate` (by the product's own `subject`). */
  private async basisQuote(definition: AnyProductDefinition, userId: string, plate: string): Promise<{ id: string; request: unknown } | undefined> {
    const recent = await this.deps.db
      .select({ id: quotes.id, request: quotes.request })
      .from(quotes)
      .where(and(eq(quotes.userId, userId), eq(quotes.product, definition.code)))
      .orderBy(sql`${quotes.createdAt} desc`)
      .limit(20)
    return recent.find((q) => {
      const subject = QuoteSubject.safeParse(safely(() => definition.subject(q.request as never)))
      return subject.success && 'registration_plate' in subject.data && normalizePlate(subject.data.registration_plate) === plate
    })
  }

  /**
   * The next page of policies whose last day is in the window (by id, after `after`), then those of
   * them whose renewal is due: issued, bought from an account, the order's first policy (a bundle
   * renews as one), with no renewal yet or an open one whose prices ran out and that no run is
   * quoting. Two statements, so each batch reads its own page of ids (the primary key, in order)
   * rather than every policy still ahead of it: the sweep's reads grow with the number of
   * policies, not with its square. `last`: where the next page starts (undefined: none left).
   */
  private async candidates(products: string[], from: string, to: string, now: Date, after: string | undefined) {
    const page = await this.deps.db
      .select({ id: orderPolicies.id })
      .from(orderPolicies)
      .where(and(eq(orderPolicies.status, 'issued'), gte(orderPolicies.endDate, from), lte(orderPolicies.endDate, to), after ? gt(orderPolicies.id, after) : undefined))
      .orderBy(asc(orderPolicies.id))
      .limit(this.deps.batchSize ?? RENEWAL_BATCH)
    if (page.length === 0) return { rows: [], last: undefined }
    const rows = await this.deps.db
      .select({
        policyId: orderPolicies.id,
        endDate: orderPolicies.endDate,
        premium: orderPolicies.premium,
        userId: orders.userId,
        product: orders.product,
        request: quotes.request,
      })
      .from(orderPolicies)
      .innerJoin(orders, eq(orders.id, orderPolicies.orderId))
      .innerJoin(quotes, eq(quotes.id, orders.quoteId))
      .leftJoin(policyRenewals, and(eq(policyRenewals.orderPolicyId, orderPolicies.id), eq(policyRenewals.endDate, orderPolicies.endDate)))
      .where(
        and(
          inArray(
            orderPolicies.id,
            page.map((p) => p.id),
          ),
          eq(orders.status, 'issued'),
          isNotNull(orders.userId),
          inArray(orders.product, products),
          // Inside, "order_policies" names the outer row: the sibling is aliased.
          sql`not exists (select 1 from ${orderPolicies} as sibling where sibling.order_id = ${orderPolicies.orderId} and sibling.status = 'issued' and sibling.id < ${orderPolicies.id})`,
          dueForPrices(now),
        ),
      )
    return { rows, last: page.at(-1)!.id }
  }

  /**
   * A batch of policies in a few statements whatever its size: their rows upserted and claimed in
   * one (`upsertClaimed`: of several nodes, one claims each row), quoted per product in one
   * batch of the quote engine, and the quotes recorded in one. A renewal whose quote could not be
   * made is released for the next sweep.
   */
  private async prepareBatch(batch: Awaited<ReturnType<Renewals['candidates']>>['rows'], now: Date, result: SweepResult): Promise<void> {
    const wanted = new Map<string, unknown>()
    const rows = batch.flatMap((c) => {
      const definition = this.definitions[c.product]
      const request = c.endDate && definition?.renewal?.request(c.request as never, renewalStart(c.product, c.endDate, now).startDate)
      if (!request || !c.userId || !c.endDate) return []
      wanted.set(c.policyId, request)
      return [{ orderPolicyId: c.policyId, endDate: c.endDate, userId: c.userId, product: c.product, previousPremium: c.premium }]
    })
    if (rows.length === 0) return
    let started = performance.now()
    const claimed = await this.upsertClaimed(rows, now)
    result.ms.claim += performance.now() - started

    started = performance.now()
    const outcomes: { id: string; quote?: { id: string; expiresAt: Date } }[] = []
    for (const product of new Set(claimed.map((r) => r.product))) {
      const ofProduct = claimed.filter((r) => r.product === product)
      const made = await this.deps.quotes
        .createMany(
          product,
          ofProduct.map((r) => ({ request: wanted.get(r.orderPolicyId!), owner: { userId: r.userId }, context: { renewal_of: r.id } })),
          { now, validityMinutes: RENEWAL_PRICES_HOLD_MINUTES },
        )
        .catch((error: unknown) => ofProduct.map(() => (error instanceof Error ? error : new Error(String(error)))))
      made.forEach((quote, i) => outcomes.push(quote instanceof Error ? { id: ofProduct[i]!.id } : { id: ofProduct[i]!.id, quote }))
      const failed = made.filter((m) => m instanceof Error)
      // Once per batch: a claims history that did not answer fails the whole batch alike.
      if (failed.length > 0) log.warn('renewals.quotes_failed', { product, count: failed.length, error: failed[0] })
    }
    result.ms.quote += performance.now() - started

    started = performance.now()
    await this.record(outcomes, now)
    result.ms.record += performance.now() - started
    for (const o of outcomes) {
      if (o.quote) result.quoted++
      else result.failed++
    }
  }

  /**
   * A batch's rows upserted and claimed in one statement: a new window is inserted already claimed;
   * an existing one is claimed by the conflict's update only when it is open, its prices ran out
   * and no run holds it. The unique window serialises nodes on each row: of any number of runs,
   * one gets it back (`returning`).
   */
  private async upsertClaimed(rows: { orderPolicyId: string; endDate: string; userId: string; product: string; previousPremium: number }[], now: Date): Promise<Claimed[]> {
    const until = new Date(now.getTime() + QUOTING_LEASE_MS).toISOString()
    // The rows travel as one JSON parameter: the query builder's cost per value was a tenth of the sweep's CPU.
    const result = await this.deps.db.execute(sql`
      insert into ${policyRenewals} (order_policy_id, end_date, user_id, product, previous_premium, quoting_until, updated_at)
      select p, e, u, product, premium, ${until}::timestamptz, ${now.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ p: r.orderPolicyId, e: r.endDate, u: r.userId, product: r.product, premium: r.previousPremium })))}::jsonb)
        as w(p uuid, e date, u uuid, product text, premium integer)
      on conflict (order_policy_id, end_date) do update set quoting_until = excluded.quoting_until, updated_at = excluded.updated_at
        where ${claimable(now, false)}
      returning id, order_policy_id as "orderPolicyId", user_id as "userId", product`)
    // PGlite answers `{ rows }`, postgres.js the rows themselves.
    return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Claimed[]
  }

  /** One statement for a batch's outcomes: each renewal's new quote and its end of validity, or its claim released (no quote). */
  private async record(outcomes: { id: string; quote?: { id: string; expiresAt: Date } }[], now: Date): Promise<void> {
    if (outcomes.length === 0) return
    const values = JSON.stringify(outcomes.map((o) => ({ id: o.id, quote: o.quote?.id ?? null, until: o.quote?.expiresAt.toISOString() ?? null })))
    await this.deps.db.execute(sql`
      update ${policyRenewals} as r set
        quote_id = coalesce(v.quote, r.quote_id),
        prices_hold_until = case when v.quote is null then r.prices_hold_until else v.until end,
        quoting_until = null, updated_at = ${now.toISOString()}::timestamptz
      from jsonb_to_recordset(${values}::jsonb) as v(id uuid, quote text, until timestamptz)
      where r.id = v.id`)
  }

  /**
   * Claims an open renewal for quoting: one conditional update, so of any number of runs one
   * wins. Unless `force` (the owner asked for fresh prices), only when its prices ran out.
   */
  private claim(where: SQL, now: Date, force: boolean): Promise<RenewalRow[]> {
    return this.deps.db
      .update(policyRenewals)
      .set({ quotingUntil: new Date(now.getTime() + QUOTING_LEASE_MS), updatedAt: now })
      .where(and(where, claimable(now, force)))
      .returning()
  }

  /** Asks the insurers (outside any transaction) and records the quote; a failure releases the claim for the next sweep. */
  private async quote(row: RenewalRow, definition: AnyProductDefinition, request: unknown, now: Date): Promise<boolean> {
    try {
      const quote = await this.deps.quotes.create(row.product, request, { userId: row.userId }, { now, validityMinutes: RENEWAL_PRICES_HOLD_MINUTES, context: { renewal_of: row.id }, priority: 'background' })
      await this.deps.db
        .update(policyRenewals)
        .set({ quoteId: quote.id, pricesHoldUntil: new Date(quote.expires_at), quotingUntil: null, updatedAt: now })
        .where(eq(policyRenewals.id, row.id))
      // Answers are awaited here, so a sweep never has more than a few quotes' fan-outs in flight.
      await this.deps.quotes.settled(quote.id)
      return true
    } catch (error) {
      log.warn('renewals.quote_failed', { renewalId: row.id, product: definition.code, error })
      await this.deps.db.update(policyRenewals).set({ quotingUntil: null }).where(eq(policyRenewals.id, row.id))
      return false
    }
  }

  /**
   * Fresh prices on the owner's request (they ran out, or the old policy ended and the cover
   * must start from tomorrow): quoted now, and the card as it then is.
   */
  async requote(userId: string, id: string, now: Date = this.clock()): Promise<Renewal> {
    const [found] = await this.rows(and(eq(policyRenewals.id, id), eq(policyRenewals.userId, userId), eq(policyRenewals.status, 'open'))!)
    const definition = found && this.definitions[found.renewal.product]
    if (!found || !definition?.renewal || today(now) > addDays(found.renewal.endDate, RENEWAL_GRACE_DAYS)) throw new RenewalNotFound()
    const { startDate } = renewalStart(found.renewal.product, found.renewal.endDate, now)
    const request = definition.renewal.request(found.previousRequest as never, startDate)
    const [row] = await this.claim(eq(policyRenewals.id, id), now, true)
    if (row && request) await this.quote(row, definition, request, now)
    return this.card(userId, id, now)
  }

  /**
   * Where the one-click link of a reminder leads: the checkout of the current insurer's new
   * offer (the cheapest when it made none), everything filled in from the last purchase. Prices
   * that ran out since the mail went are asked again first; `null` when no insurer priced it.
   */
  async checkout(userId: string, id: string, now: Date = this.clock()): Promise<{ quote: string; offer: string; renewal: string } | null> {
    let card = await this.card(userId, id, now)
    if (card.status !== 'open') throw new RenewalNotFound()
    if (card.prices === 'expired') card = await this.requote(userId, id, now)
    const offer = card.current?.offer ?? card.best[0]
    return card.prices === 'ready' && card.quote_id && offer ? { quote: card.quote_id, offer: offer.id, renewal: card.id } : null
  }

  /** The policy and last day a renewal reminds of (any owner: the operator's). */
  async remindedPolicy(id: string): Promise<{ policyId: string; endDate: string }> {
    const [row] = await this.deps.db.select({ policyId: policyRenewals.orderPolicyId, endDate: policyRenewals.endDate }).from(policyRenewals).where(eq(policyRenewals.id, id))
    if (!row?.policyId) throw new RenewalNotFound()
    return { policyId: row.policyId, endDate: row.endDate }
  }

  /** The owner bought the next policy elsewhere: the card and the reminders stop. */
  async boughtElsewhere(userId: string, id: string, now: Date = this.clock()): Promise<Renewal> {
    const [row] = await this.deps.db
      .update(policyRenewals)
      .set({ status: 'bought_elsewhere', closedAt: now, updatedAt: now })
      .where(and(eq(policyRenewals.id, id), eq(policyRenewals.userId, userId), ne(policyRenewals.status, 'renewed')))
      .returning({ id: policyRenewals.id })
    if (!row) throw new RenewalNotFound()
    return this.card(userId, id, now)
  }

  /** Turns the end reminders of that policy (this window) off or on again. */
  async setReminders(userId: string, id: string, enabled: boolean, now: Date = this.clock()): Promise<Renewal> {
    const [row] = await this.deps.db
      .update(policyRenewals)
      .set({ remindersOff: !enabled, updatedAt: now })
      .where(and(eq(policyRenewals.id, id), eq(policyRenewals.userId, userId)))
      .returning({ id: policyRenewals.id })
    if (!row) throw new RenewalNotFound()
    return this.card(userId, id, now)
  }

  /** The account's open renewals, soonest end first: the "renewal ready" cards. */
  async list(userId: string, now: Date = this.clock()): Promise<Renewal[]> {
    // A window whose policy now ends on another day (changed by the insurer, or by its owner on the vehicle's page) is stale: not shown.
    const rows = await this.rows(
      and(
        eq(policyRenewals.userId, userId),
        eq(policyRenewals.status, 'open'),
        or(and(eq(policyRenewals.endDate, orderPolicies.endDate), eq(orderPolicies.status, 'issued')), isNotNull(policyRenewals.vehicleId)),
        gte(policyRenewals.endDate, addDays(today(now), -RENEWAL_GRACE_DAYS)),
      )!,
    )
    const current = rows.filter(({ renewal, vehicle }) => {
      const paper = vehicle && purchaseOf(renewal.product)?.vehiclePaper
      return !vehicle || (paper && vehicle[paperColumn[paper.field]] === renewal.endDate)
    })
    return Promise.all(current.map((r) => this.view(r, now)))
  }

  async card(userId: string, id: string, now: Date = this.clock()): Promise<Renewal> {
    const [row] = await this.rows(and(eq(policyRenewals.id, id), eq(policyRenewals.userId, userId))!)
    if (!row) throw new RenewalNotFound()
    return this.view(row, now)
  }

  private rows(where: NonNullable<ReturnType<typeof and>>) {
    return this.deps.db
      .select({ renewal: policyRenewals, policy: orderPolicies, vehicle: vehicles, customer: orders.customer, insurerName: insurers.name, previousContext: quotes.context, previousRequest: quotes.request })
      .from(policyRenewals)
      .leftJoin(orderPolicies, eq(orderPolicies.id, policyRenewals.orderPolicyId))
      .leftJoin(orders, eq(orders.id, orderPolicies.orderId))
      .leftJoin(vehicles, eq(vehicles.id, policyRenewals.vehicleId))
      // The request renewed: the old order's quote, or for a vehicle the account's quote it started from.
      .innerJoin(quotes, eq(quotes.id, sql`coalesce(${orders.quoteId}, ${policyRenewals.basisQuoteId})`))
      .leftJoin(insurers, eq(insurers.code, orderPolicies.insurerCode))
      .where(where)
      .orderBy(asc(policyRenewals.endDate), asc(policyRenewals.id))
  }

  private async view(row: Awaited<ReturnType<Renewals['rows']>>[number], now: Date): Promise<Renewal> {
    const { renewal, policy } = row
    const definition = this.definitions[renewal.product]
    const quote = renewal.quoteId && renewal.userId ? await this.deps.quotes.get(renewal.quoteId, { userId: renewal.userId }) : undefined
    const { startDate, late } = renewalStart(renewal.product, renewal.endDate, now)
    const held = quote && new Date(quote.expires_at).getTime() > now.getTime()
    const offered = held ? quote.offers.filter((o) => o.status === 'offered' && o.premium) : []
    const current = policy ? offered.find((o) => o.insurer.code === policy.insurerCode) : undefined
    const before = definition?.renewal?.ratingClass?.(row.previousContext) ?? null
    const after = quote && definition?.renewal?.ratingClass ? await this.ratingAfter(renewal.quoteId!, definition) : undefined
    const subject = definition ? QuoteSubject.safeParse(safely(() => definition.subject(row.previousRequest as never))) : undefined
    return {
      id: renewal.id,
      product: renewal.product,
      status: renewal.status,
      subject: subject?.success ? subject.data : null,
      registration_plate: policy ? policy.registrationPlate : (row.vehicle?.registrationPlate ?? null),
      // Bought elsewhere (a vehicle's known end): the insurer and price are not known here.
      previous: {
        insurer: policy ? { code: policy.insurerCode, name: row.insurerName ?? policy.insurerCode } : null,
        premium: policy ? { amount: policy.premium, currency: 'RON' } : null,
        start_date: policy?.startDate ?? null,
        end_date: renewal.endDate,
        rating_class: before,
      },
      start_date: startDate,
      late,
      // A quote whose start has gone by (the old policy ended) cannot be bought: prices are asked again.
      prices: !quote ? 'preparing' : !held || quote.offers[0]?.start_date !== startDate ? 'expired' : quote.status === 'pending' ? 'preparing' : 'ready',
      quote_id: held ? quote.id : null,
      prices_hold_until: held ? quote.expires_at : null,
      best: offered.slice(0, 3),
      current: current && policy ? { offer: current, change: priceChange(policy.premium, current.premium!.amount) } : null,
      rating_class: after ? { before, after } : null,
      reminders: !renewal.remindersOff,
      buyer: row.customer ? buyerOf(row.customer) : null,
    }
  }

  private async ratingAfter(quoteId: string, definition: AnyProductDefinition): Promise<string | undefined> {
    const [q] = await this.deps.db.select({ context: quotes.context }).from(quotes).where(eq(quotes.id, quoteId))
    return q ? definition.renewal?.ratingClass?.(q.context) : undefined
  }
}

function buyerOf({ phone, address }: OrderCustomer): Renewal['buyer'] {
  if (!address) return null
  const { county, city, street, postal_code: postalCode } = address
  return { phone, address: { county, city, street, ...(postalCode ? { postal_code: postalCode } : {}) } }
}

function safely<T>(read: () => T): T | undefined {
  try {
    return read()
  } catch {
    return undefined
  }
}

/**
 * Closes the renewal an order bought (its quote was made for it), inside the transaction that
 * marks the order issued: the card, the reminders and the calendar's end date stop with it.
 */
export async function closeRenewedBy(tx: Queryable, orderId: string, now: Date = new Date()): Promise<number> {
  // Only the server writes `renewal_of` (a renewal's id): cast, the primary key finds the row.
  const rows = await tx.execute(sql`
    update ${policyRenewals} as r set status = 'renewed', renewed_by_order_id = o.id, closed_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
    from ${orders} as o join ${quotes} as q on q.id = o.quote_id
    where o.id = ${orderId} and r.id = (q.context->>'renewal_of')::uuid and r.status = 'open'
    returning r.id`)
  // PGlite answers `{ rows }`, postgres.js the rows themselves.
  return Array.isArray(rows) ? rows.length : ((rows as { rows?: unknown[] }).rows?.length ?? 0)
}

/** Whether the reminders of a policy's window stop: renewed here, bought elsewhere, or turned off. */
export async function remindersStopped(db: Queryable, orderPolicyId: string, endDate: string): Promise<boolean> {
  const [row] = await db
    .select({ id: policyRenewals.id })
    .from(policyRenewals)
    .where(and(eq(policyRenewals.orderPolicyId, orderPolicyId), eq(policyRenewals.endDate, endDate), or(ne(policyRenewals.status, 'open'), eq(policyRenewals.remindersOff, true))))
  return Boolean(row)
}
