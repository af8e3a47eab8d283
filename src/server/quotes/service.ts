/**
 * The quote engine (decision 48): one request fanned out to every enabled insurer of the
 * product at once, each answer written as it arrives (offered, declined, failed, timed out),
 * the quote complete when all have answered; its offers can be bought until it expires.
 *
 * The fan-out runs in the process that took the request; readers on any node see the rows.
 * A node that dies mid fan-out leaves offers `pending`: the first read after every possible
 * timeout has passed marks them failed (`timeout`), so no quote stays pending for ever.
 */
import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { AppConfig } from '../../../app.config'
import { QuoteSubject, type Offer, type Quote } from '~/contract/quotes'
import { earliestStart } from '~/contract/earliest-start'
import type { Database } from '../db/client'
import { insurers, offers, quotes } from '../db/schema'
import { withOneRetry } from '../http/retry'
import { InsurerUnavailable, type InsurerQuoteAnswer } from '../insurers/adapter'
import { CallSlots, InsurerRateLimits, type QuotePriority } from '../insurers/rate-limit'
import type { FxRates } from '../fx/service'
import type { InsurerCatalogue, InsurerRow } from '../insurers/catalogue'
import { log } from '../log'
import type { AnyProductDefinition, PreparedQuote, ProductDeps } from '../products/definition'
import { RequestRuleError } from '../products/rules'
import { issueKey } from '~/contract/form-issues'
import { insurerDocumentsOf, OFFER_DOCUMENTS_KEY, offerDocuments } from '../documents/legal'
import type { InsurerDocumentKind } from '~/contract/legal-documents'
import { Batcher } from './batcher'
import { QuoteAdmission } from './admission'
import { LongPollWakeUps } from '../http/long-poll'

/** Random bytes drawn for 256 ids at a time: a renewal batch makes thousands of ids, and drawing 16 bytes for each was 8 % of a sweep's CPU. */
let idBytes = Buffer.alloc(0)
let idOffset = 0

/** 128 random bits, base64url (22 characters): quote and offer ids are capabilities. */
export function newCapabilityId(): string {
  if (idOffset + 16 > idBytes.length) {
    idBytes = randomBytes(4096)
    idOffset = 0
  }
  idOffset += 16
  return idBytes.toString('base64url', idOffset - 16, idOffset)
}


/**
 * The longest a visitor's quote waits for its turn to ask insurers (decision 167): about a crowd's
 * whole cycle on one busy process, so that the wait stays here and does not spill, all at once, onto
 * issuance; a page showing "asking insurers" for a minute beats a paid order waiting as long.
 */
const ADMISSION_MAX_WAIT_MS = 60_000
/** Longer than the wait for a turn plus any insurer timeout the catalogue allows (60 s), plus a margin for the writes. */
const STRANDED_AFTER_MS = ADMISSION_MAX_WAIT_MS + 70_000
/** How often a waiting long-poll re-reads the database, for answers written by other nodes. */
const POLL_RECHECK_MS = 250
export const MAX_WAIT_SECONDS = 25

export class QuoteError extends Error {
  constructor(readonly code: 'product_not_quotable' | 'no_insurers') {
    super(code)
    this.name = 'QuoteError'
  }
}

export interface QuoteOwner {
  /** The signed-in account the quote belongs to; null for a visitor. */
  userId?: string | null
  partnerCode?: string | null
}

/** How a quote made by the site itself differs (a prepared renewal): its clock, validity and a mark in its context. */
export interface QuoteOptions {
  now?: Date
  validityMinutes?: number
  context?: Record<string, unknown>
  /** `background`: the site's own quote, which leaves each insurer's rate reserve to visitors (`TokenBucket`). */
  priority?: QuotePriority
}

/** One quote of a batch (`createMany`): the request as the product's schema gives it, its owner and a mark in its context. */
export interface BatchQuoteRequest {
  request: unknown
  owner: QuoteOwner
  context?: Record<string, unknown>
}

/**
 * A renewal call's time budget grows by this much for each request it carries: nobody waits on a
 * renewal, and an insurer's bulk endpoint is slower than its quotes (a failed call costs a hundred
 * prices of that insurer).
 */
const RENEWAL_ITEM_BUDGET_MS = 100
/** Renewal calls open at once at one insurer (from this process). */
const RENEWAL_CALLS_PER_INSURER = 2

/** Who reads a quote: an account's quote is visible to that account only. */
export interface QuoteViewer {
  userId?: string | null
}

type OfferRow = typeof offers.$inferSelect
type QuoteRow = typeof quotes.$inferSelect
type OfferWithName = OfferRow & { insurerName: string }

/** An insurer's answer as the offer row's new fields. */
type Answer = Pick<OfferRow, 'status' | 'premium' | 'currency' | 'insurerReference' | 'details' | 'reason'>

/** An answer to write; `completes`: the quote it is the last answer of, completed in the same statement. */
interface AnswerWrite {
  offerId: string
  answer: Answer
  completes: string | null
}

/** Insurer names in Romanian order (one collator: `localeCompare` with a locale builds one per call). */
const byName = new Intl.Collator('ro')

/**
 * A quote this node is asking insurers for, mirrored in memory after each write, so its
 * long-polls are answered without reading the database back; kept a little after completion
 * for the last polls.
 */
interface LiveQuote {
  quote: QuoteRow
  offers: OfferWithName[]
}

const LIVE_AFTER_COMPLETE_MS = 15_000

/** An offer as the checkout takes it (`offerForCheckout`). */
export interface CheckoutOffer {
  ok: true
  /** The public view, as `GET /api/v1/quotes/{id}` shows it. */
  offer: Offer
  quote: {
    id: string
    product: string
    userId: string | null
    partnerCode: string | null
    /** The validated request (the product's own shape). */
    request: Record<string, unknown>
    context: Record<string, unknown>
    /** What the insurer was sent; send it again with `reference` to issue. */
    insurerPayload: Record<string, unknown>
    expiresAt: Date
  }
  insurer: { code: string; name: string; asfRegistration: string; adapter: string; commissionBasisPoints: number }
  /** The insurer's reference of the price (`IssueRequest.reference`). */
  reference: string
  premium: { amount: number; currency: 'RON' }
  /** Stored product figures (RCA: `direct_settlement_premium`). */
  details: Record<string, unknown>
}

export type CheckoutRefusal = { ok: false; error: 'not_found' | 'not_offered' | 'expired' }

export class QuoteService {
  readonly notifier = new LongPollWakeUps()
  private readonly inFlight = new Map<string, Promise<void>>()
  private readonly live = new Map<string, LiveQuote>()
  /** New quotes with their pending offers, several to a statement under load. */
  private readonly creations = new Batcher<{ quote: QuoteRow; offers: OfferRow[] }>((items) => this.writeQuotes(items))
  /** Insurer answers (the last of a quote completes it), several to a statement under load. */
  private readonly answers = new Batcher<AnswerWrite>((items) => this.writeAnswers(items))
  /** Visitors' quotes asking insurers at once (`QUOTES_AT_ONCE`): a crowd waits here, before paying, not after. */
  readonly admission: QuoteAdmission

  constructor(
    private readonly db: Database,
    private readonly config: AppConfig,
    private readonly catalogue: InsurerCatalogue,
    private readonly definitions: Record<string, AnyProductDefinition>,
    private readonly fx: FxRates,
    private readonly onAnswer?: (quoteId: string, answered: number, total: number) => void,
  ) {
    this.admission = new QuoteAdmission(config.QUOTES_AT_ONCE, ADMISSION_MAX_WAIT_MS)
  }

  /** Each insurer's rate limit, kept in this process. */
  private readonly rates = new InsurerRateLimits()
  /** Renewal calls open at each insurer: a few, so a chunk's time budget is spent at the insurer, not queued behind the others. */
  private readonly renewalSlots = new Map<string, CallSlots>()

  definition(product: string): AnyProductDefinition | undefined {
    return Object.hasOwn(this.definitions, product) ? this.definitions[product] : undefined
  }

  /**
   * Creates a quote for `request` (already validated with the product's schema) and starts
   * asking insurers; answers with the quote as it is now (pending, nobody answered yet).
   */
  async create(product: string, request: unknown, owner: QuoteOwner = {}, options: QuoteOptions = {}): Promise<Quote> {
    const definition = this.definition(product)
    if (!definition) throw new QuoteError('product_not_quotable')
    const now = options.now ?? new Date()
    const prepared = await definition.prepare(request as never, { config: this.config, fx: this.fx, now })
    const asked = (await this.catalogue.enabledFor(product)).filter((insurer) => !prepared.insurers || prepared.insurers.includes(insurer.code))
    const { quote, offerRows } = this.rowsOf(definition, prepared, asked, owner, options, now, request)
    await this.creations.write({ quote, offers: offerRows })
    const live: LiveQuote = { quote, offers: offerRows.map((o, i) => ({ ...o, insurerName: asked[i]?.name ?? o.insurerCode })) }
    if (asked.length > 0) {
      this.live.set(quote.id, live)
      const work = this.fanOut(live, definition, prepared.payload, asked, options.priority ?? 'visitor').finally(() => {
        this.inFlight.delete(quote.id)
        setTimeout(() => this.live.delete(quote.id), LIVE_AFTER_COMPLETE_MS).unref()
      })
      this.inFlight.set(quote.id, work)
    }
    return this.view(definition, quote, live.offers)
  }

  /** A new quote's row and its pending offers, one per insurer asked. */
  private rowsOf(definition: AnyProductDefinition, prepared: PreparedQuote, asked: InsurerRow[], owner: QuoteOwner, options: QuoteOptions, now: Date, request: unknown): { quote: QuoteRow; offerRows: OfferRow[] } {
    const validity = options.validityMinutes ?? definition.offerValidityMinutes ?? this.config.QUOTE_OFFER_TTL_MINUTES
    const quote: QuoteRow = {
      id: newCapabilityId(),
      product: definition.code,
      userId: owner.userId ?? null,
      partnerCode: owner.partnerCode ?? null,
      request: prepared.request ?? (request as Record<string, unknown>),
      context: { ...prepared.context, months: prepared.months, ...options.context },
      insurerPayload: prepared.payload,
      status: asked.length === 0 ? 'complete' : 'pending',
      insurersTotal: asked.length,
      expiresAt: earliest(new Date(now.getTime() + validity * 60_000), prepared.pricesHoldUntil),
      completedAt: asked.length === 0 ? now : null,
      createdAt: now,
    }
    const offerRows: OfferRow[] = asked.map((insurer) => ({
      id: newCapabilityId(),
      quoteId: quote.id,
      insurerCode: insurer.code,
      status: 'pending',
      premium: null,
      currency: 'RON',
      insurerReference: null,
      details: {},
      reason: null,
      startDate: prepared.startDate,
      endDate: prepared.endDate,
      answeredAt: null,
      createdAt: now,
    }))
    return { quote, offerRows }
  }

  /**
   * Quotes of the site's own, many at once (a renewal batch): prepared together (the product's
   * `renewal.prepareMany`, one claims-history call), each insurer asked once per chunk through its
   * renewal endpoint and quota (`InsurerAdapter.renewals`), or, without one, quote by quote as
   * `background` ones, then written complete with every answer in one statement (nobody reads a
   * renewal's quote while it is made: a run that stops midway leaves nothing, its claims run out
   * and the next sweep asks again). Per request, in order, the quote's id and end of validity, or
   * the Error that kept it from being made.
   */
  async createMany(product: string, requests: readonly BatchQuoteRequest[], options: Omit<QuoteOptions, 'context' | 'priority'> = {}): Promise<({ id: string; expiresAt: Date } | Error)[]> {
    const definition = this.definition(product)
    if (!definition) throw new QuoteError('product_not_quotable')
    const now = options.now ?? new Date()
    const deps = { config: this.config, fx: this.fx, now }
    const prepared = await prepareAll(definition, requests.map((r) => r.request), deps)
    const enabled = await this.catalogue.enabledFor(product)
    const made = prepared.map((p, i) => {
      if (p instanceof Error) return p
      const asked = enabled.filter((insurer) => !p.insurers || p.insurers.includes(insurer.code))
      const { request, owner, context } = requests[i]!
      return { ...this.rowsOf(definition, p, asked, owner, { ...options, ...(context ? { context } : {}) }, now, request), payload: p.payload }
    })
    const quotesMade = made.filter((m) => !(m instanceof Error)) as Exclude<(typeof made)[number], Error>[]
    // Answers are kept here, not written as they come: each offer is inserted once, answered, with
    // its quote complete (an offer written pending, then updated, cost every price two row writes).
    const answers = new Map<string, Answer>()
    await Promise.all(
      enabled.map(async (insurer) => {
        const asked = quotesMade.flatMap(({ quote, offerRows, payload }) => {
          const offer = offerRows.find((o) => o.insurerCode === insurer.code)
          return offer ? [{ quoteId: quote.id, offerId: offer.id, payload }] : []
        })
        for await (const answered of this.askMany(insurer, definition, asked)) for (const { entry, answer } of answered) answers.set(entry.offerId, answer)
      }),
    )
    if (quotesMade.length > 0) {
      const answeredAt = new Date()
      try {
        await this.writeQuotes(
          quotesMade.map(({ quote, offerRows }) => ({
            quote: { ...quote, status: 'complete', completedAt: answeredAt },
            offers: offerRows.map((offer) => ({ ...offer, ...(answers.get(offer.id) ?? failedAnswer('insurer_error')), answeredAt })),
          })),
        )
      } catch (error) {
        const failed = error instanceof Error ? error : new Error(String(error))
        return made.map((m) => (m instanceof Error ? m : failed))
      }
    }
    return made.map((m) => (m instanceof Error ? m : { id: m.quote.id, expiresAt: m.quote.expiresAt }))
  }

  /**
   * One insurer's answers to many requests, chunk by chunk as they arrive: through its renewal
   * endpoint (each chunk waits for its share of the renewal quota, then one call, once more after a
   * passing failure), or else quote by quote (`ask`, `background`: the per-quote limit's reserve
   * stays with visitors). A chunk that finds no answer fails its requests, as a quote's insurer would.
   */
  private async *askMany<E extends { quoteId: string; payload: Record<string, unknown> }>(insurer: InsurerRow, definition: AnyProductDefinition, entries: E[]): AsyncGenerator<{ entry: E; answer: Answer }[]> {
    if (entries.length === 0) return
    const renewals = this.catalogue.adapterFor(insurer).renewals
    if (!renewals) {
      yield await Promise.all(entries.map(async (entry) => ({ entry, answer: await this.ask(insurer, definition, entry.payload, 'background') })))
      return
    }
    const bucket = this.rates.forRenewals(insurer.code, renewals.perSecond)
    const chunks: E[][] = []
    for (let from = 0; from < entries.length; from += renewals.batchMax) chunks.push(entries.slice(from, from + renewals.batchMax))
    // A chunk's time budget: the insurer's for one quote, and a little more for each request in it.
    const budgetMs = this.catalogue.quoteTimeoutMs(insurer) + RENEWAL_ITEM_BUDGET_MS * renewals.batchMax
    const slots = this.renewalSlots.get(insurer.code) ?? new CallSlots(RENEWAL_CALLS_PER_INSURER)
    this.renewalSlots.set(insurer.code, slots)
    const pending = new Map<number, Promise<{ index: number; answers: { entry: E; answer: Answer }[] }>>()
    chunks.forEach((chunk, index) => {
      const call = async () => {
        try {
          await bucket.take(chunk.length)
          const answers = await withOneRetry(
            budgetMs,
            async (signal, attempt) => {
              if (attempt > 1) await bucket.take(chunk.length, signal)
              try {
                return await renewals.quote(definition.code, chunk.map((e) => ({ id: e.quoteId, payload: e.payload })), signal, attempt)
              } catch (error) {
                if (error instanceof InsurerUnavailable && error.reason === 'rate_limited') bucket.pause(error.retryAfterMs ?? 1000)
                throw error
              }
            },
            (error) => error instanceof InsurerUnavailable && error.transient,
          )
          return chunk.map((entry) => {
            const answer = answers.get(entry.quoteId)
            return { entry, answer: answer ? answerOf(definition, answer) : failedAnswer('insurer_error') }
          })
        } catch (error) {
          const reason = error instanceof InsurerUnavailable && error.reason === 'timeout' ? 'timeout' : 'insurer_error'
          log.warn('quotes.renewal_chunk_failed', { insurer: insurer.code, reason, count: chunk.length, message: error instanceof Error ? error.message : String(error) })
          return chunk.map((entry) => ({ entry, answer: failedAnswer(reason) }))
        }
      }
      pending.set(index, slots.run(call).then((answers) => ({ index, answers })))
    })
    while (pending.size > 0) {
      const { index, answers } = await Promise.race(pending.values())
      pending.delete(index)
      yield answers
    }
  }

  /**
   * The same request asked again as a new quote, for a visitor whose offers ran out: same
   * product and partner, the account's if the quote or the viewer has one; nothing to type
   * again. The request passes the product's schema again (a start date may have gone by:
   * RequestRuleError). Undefined when the quote is unknown or another account's.
   */
  async renew(id: string, viewer: QuoteViewer = {}): Promise<Quote | undefined> {
    const [quote] = await this.db.select().from(quotes).where(eq(quotes.id, id))
    if (!quote || (quote.userId !== null && quote.userId !== (viewer.userId ?? null))) return undefined
    const definition = this.definition(quote.product)
    if (!definition) return undefined
    const checked = definition.requestSchema.safeParse({ ...quote.request, token: '' })
    if (!checked.success) throw new RequestRuleError(checked.error.issues.map((issue) => ({ path: issue.path.join('.'), key: issueKey(issue) })))
    const { token: _token, ...request } = checked.data as Record<string, unknown>
    return this.create(quote.product, request, { userId: quote.userId ?? viewer.userId ?? null, partnerCode: quote.partnerCode })
  }

  /**
   * Ends the validity of a quote's offers now (an insurer withdrew its prices): they can no
   * longer be bought. Answers the quote's end of validity, undefined for an unknown quote.
   */
  async expireNow(id: string, now = new Date()): Promise<Date | undefined> {
    const [row] = await this.db.select({ expiresAt: quotes.expiresAt }).from(quotes).where(eq(quotes.id, id))
    if (!row) return undefined
    if (row.expiresAt.getTime() <= now.getTime()) return row.expiresAt
    await this.db.update(quotes).set({ expiresAt: now }).where(eq(quotes.id, id))
    const live = this.live.get(id)
    if (live) live.quote.expiresAt = now
    return now
  }

  /** The quote as its viewer may see it; undefined when unknown or another account's. */
  async get(id: string, viewer: QuoteViewer = {}): Promise<Quote | undefined> {
    const live = this.live.get(id)
    if (live) {
      const definition = this.definition(live.quote.product)
      if (!definition || (live.quote.userId !== null && live.quote.userId !== (viewer.userId ?? null))) return undefined
      return this.view(definition, live.quote, live.offers)
    }
    const [quote] = await this.db.select().from(quotes).where(eq(quotes.id, id))
    if (!quote || (quote.userId !== null && quote.userId !== (viewer.userId ?? null))) return undefined
    const definition = this.definition(quote.product)
    if (!definition) return undefined
    if (quote.status === 'pending' && !this.inFlight.has(id) && Date.now() - quote.createdAt.getTime() > STRANDED_AFTER_MS) {
      await this.abandon(id)
      return this.get(id, viewer)
    }
    const rows = await this.db
      .select({ offer: offers, insurerName: insurers.name })
      .from(offers)
      .innerJoin(insurers, eq(insurers.code, offers.insurerCode))
      .where(eq(offers.quoteId, id))
    return this.view(
      definition,
      quote,
      rows.map((r) => ({ ...r.offer, insurerName: r.insurerName })),
    )
  }

  /**
   * The long-poll: the quote as soon as more than `after` insurers have answered (or it is
   * complete), else when `waitSeconds` have passed. Woken at once by answers written on this
   * node; answers written by another node are seen by re-reading every 250 ms.
   */
  async waitFor(id: string, viewer: QuoteViewer, after: number, waitSeconds: number, signal?: AbortSignal): Promise<Quote | undefined> {
    const deadline = Date.now() + Math.min(waitSeconds, MAX_WAIT_SECONDS) * 1000
    for (;;) {
      const quote = await this.get(id, viewer)
      const left = deadline - Date.now()
      if (!quote || quote.status === 'complete' || quote.insurers_answered > after || left <= 0 || signal?.aborted) return quote
      // Answers to a quote this node asks for wake the poll; others' are seen by re-reading.
      await this.notifier.wait(id, this.inFlight.has(id) ? left : Math.min(POLL_RECHECK_MS, left), signal)
    }
  }

  /**
   * The offer a visitor chose, for the checkout: refused when unknown, not a price
   * (declined, failed, pending), or expired: the quote's validity passed, or its cover
   * would start before the product's earliest start by now (`earliestStart`).
   */
  async offerForCheckout(offerId: string, now = new Date()): Promise<CheckoutOffer | CheckoutRefusal> {
    const [row] = await this.db
      .select({ offer: offers, quote: quotes, insurer: insurers })
      .from(offers)
      .innerJoin(quotes, eq(quotes.id, offers.quoteId))
      .innerJoin(insurers, eq(insurers.code, offers.insurerCode))
      .where(eq(offers.id, offerId))
    const definition = row && this.definition(row.quote.product)
    if (!row || !definition) return { ok: false, error: 'not_found' }
    const { offer, quote, insurer } = row
    if (offer.status !== 'offered' || offer.premium === null || !offer.insurerReference) return { ok: false, error: 'not_offered' }
    if (quote.expiresAt.getTime() <= now.getTime()) return { ok: false, error: 'expired' }
    if (offer.startDate !== null && offer.startDate < earliestStart(quote.product, now)) return { ok: false, error: 'expired' }
    return {
      ok: true,
      offer: this.offerView(definition, quote, { ...offer, insurerName: insurer.name }),
      quote: {
        id: quote.id,
        product: quote.product,
        userId: quote.userId,
        partnerCode: quote.partnerCode,
        request: quote.request,
        context: quote.context,
        insurerPayload: quote.insurerPayload,
        expiresAt: quote.expiresAt,
      },
      insurer: { code: insurer.code, name: insurer.name, asfRegistration: insurer.asfRegistration, adapter: insurer.adapter, commissionBasisPoints: insurer.commissionBasisPoints },
      reference: offer.insurerReference,
      premium: { amount: offer.premium, currency: 'RON' },
      details: offer.details,
    }
  }

  /** Resolves when this node's fan-out of one quote has finished (at once when it has none). */
  async settled(id: string): Promise<void> {
    await this.inFlight.get(id)
  }

  /** Resolves when every fan-out this node started has finished (tests, a graceful stop). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight.values()])
  }

  /** Waits for the quote's turn (`admission`), then asks every insurer at once. */
  private async fanOut(live: LiveQuote, definition: AnyProductDefinition, payload: Record<string, unknown>, asked: InsurerRow[], priority: QuotePriority): Promise<void> {
    const leave = await this.admission.enter()
    try {
      await this.askAll(live, definition, payload, asked, priority)
    } finally {
      leave()
    }
  }

  private async askAll(live: LiveQuote, definition: AnyProductDefinition, payload: Record<string, unknown>, asked: InsurerRow[], priority: QuotePriority): Promise<void> {
    const quoteId = live.quote.id
    let arrived = 0
    let answered = 0
    await Promise.all(
      asked.map(async (insurer, i) => {
        const offer = live.offers[i]
        if (!offer) return
        const answer = await this.ask(insurer, definition, payload, priority)
        // The last answer completes the quote in the same statement, so no reader ever sees
        // every insurer answered and the quote still pending (a long-poll would answer twice).
        arrived += 1
        const last = arrived === asked.length
        try {
          await this.answers.write({ offerId: offer.id, answer, completes: last ? quoteId : null })
          Object.assign(offer, answer, { answeredAt: new Date() })
          if (last) Object.assign(live.quote, { status: 'complete', completedAt: new Date() })
        } catch (error) {
          log.error(last ? 'quotes.complete_not_written' : 'quotes.answer_not_written', { quote: quoteId, insurer: insurer.code, error })
          // Readers go to the database, where the stranded-quote check finishes it.
          if (last) this.live.delete(quoteId)
        }
        answered += 1
        this.notifier.notify(quoteId)
        this.onAnswer?.(quoteId, answered, asked.length)
      }),
    )
  }

  /**
   * One statement for a batch of new quotes and their offers, pending or answered (no transaction: a single
   * statement is atomic). The rows travel as two JSON parameters, so the text never changes
   * and no query builder runs per quote.
   */
  private async writeQuotes(items: { quote: QuoteRow; offers: OfferRow[] }[]): Promise<void> {
    const quoteRows = JSON.stringify(items.map(({ quote: q }) => q))
    const offerRows = JSON.stringify(items.flatMap((item) => item.offers))
    await this.db.execute(sql`
      with created as (
        insert into ${quotes} (id, product, user_id, partner_code, request, context, insurer_payload, status, insurers_total, expires_at, completed_at, created_at)
        select id, product, "userId", "partnerCode", request, context, "insurerPayload", status, "insurersTotal", "expiresAt", "completedAt", "createdAt"
        from jsonb_to_recordset(${quoteRows}::jsonb) as q(id text, product text, "userId" uuid, "partnerCode" text, request jsonb, context jsonb, "insurerPayload" jsonb,
          status text, "insurersTotal" integer, "expiresAt" timestamptz, "completedAt" timestamptz, "createdAt" timestamptz)
      )
      insert into ${offers} (id, quote_id, insurer_code, status, premium, currency, insurer_reference, details, reason, start_date, end_date, answered_at, created_at)
      select id, "quoteId", "insurerCode", status, premium, currency, "insurerReference", details, reason, "startDate", "endDate", "answeredAt", "createdAt"
      from jsonb_to_recordset(${offerRows}::jsonb) as o(id text, "quoteId" text, "insurerCode" text, status text, premium integer, currency text, "insurerReference" text,
        details jsonb, reason text, "startDate" date, "endDate" date, "answeredAt" timestamptz, "createdAt" timestamptz)`)
  }

  /**
   * One statement for a batch of answers, completing the quotes whose last answer is among them;
   * an offer already answered (or repaired), a quote already complete, is left alone.
   */
  private async writeAnswers(items: AnswerWrite[]): Promise<void> {
    const rows = JSON.stringify(items.map(({ offerId, answer: a, completes }) => ({ ...a, id: offerId, completes })))
    await this.db.execute(sql`
      with v as (
        select * from jsonb_to_recordset(${rows}::jsonb)
          as v(id text, status text, premium integer, currency text, "insurerReference" text, details jsonb, reason text, completes text)
      ), answered as (
        update ${offers} as o set status = v.status, premium = v.premium, currency = v.currency, insurer_reference = v."insurerReference",
          details = v.details, reason = v.reason, answered_at = now()
        from v where o.id = v.id and o.status = 'pending'
      )
      update ${quotes} as q set status = 'complete', completed_at = now()
      from v where q.id = v.completes and q.status = 'pending'`)
  }

  /**
   * One insurer's answer, as the offer row's new fields. Never throws. A timeout or a 5xx is asked
   * once more at once, inside the insurer's time budget (`withOneRetry`): a passing failure
   * should not cost the visitor that insurer's price.
   */
  private async ask(insurer: InsurerRow, definition: AnyProductDefinition, payload: Record<string, unknown>, priority: QuotePriority): Promise<Answer> {
    const budgetMs = this.catalogue.quoteTimeoutMs(insurer)
    const adapter = this.catalogue.adapterFor(insurer)
    // The insurer's rate limit: the wait for a turn comes before its time budget starts.
    const bucket = this.rates.for(insurer)
    try {
      await bucket?.acquire(priority)
      const answer = await withOneRetry(
        budgetMs,
        async (signal, attempt) => {
          if (attempt > 1) await bucket?.acquire(priority, signal)
          try {
            return await adapter.quote(definition.code, payload, signal, attempt)
          } catch (error) {
            if (error instanceof InsurerUnavailable && error.reason === 'rate_limited') bucket?.pause(error.retryAfterMs ?? 1000)
            throw error
          }
        },
        (error) => error instanceof InsurerUnavailable && error.transient,
      )
      return answerOf(definition, answer)
    } catch (error) {
      const reason = error instanceof InsurerUnavailable && error.reason === 'timeout' ? 'timeout' : 'insurer_error'
      log.warn('quotes.insurer_failed', { insurer: insurer.code, reason, message: error instanceof Error ? error.message : String(error) })
      return failedAnswer(reason)
    }
  }

  /** Offers left pending by a node that stopped mid fan-out become failed (`timeout`). */
  private async abandon(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(offers)
        .set({ status: 'failed', reason: 'timeout', answeredAt: new Date() })
        .where(and(eq(offers.quoteId, id), eq(offers.status, 'pending')))
      await tx
        .update(quotes)
        .set({ status: 'complete', completedAt: sql`now()` })
        .where(and(eq(quotes.id, id), eq(quotes.status, 'pending')))
    })
  }

  private view(definition: AnyProductDefinition, quote: QuoteRow, rows: OfferWithName[]): Quote {
    const views = rows.map((row) => this.offerView(definition, quote, row))
    const rank = { offered: 0, declined: 1, failed: 2, pending: 3 } as const
    views.sort((a, b) => rank[a.status] - rank[b.status] || (a.premium?.amount ?? 0) - (b.premium?.amount ?? 0) || byName.compare(a.insurer.name, b.insurer.name))
    return {
      id: quote.id,
      product: quote.product,
      status: quote.status,
      ...subjectOf(definition, quote.request),
      ...definition.quoteView(quote.context, views),
      insurers_total: quote.insurersTotal,
      insurers_answered: rows.filter((r) => r.status !== 'pending').length,
      offers: views,
      expires_at: quote.expiresAt.toISOString(),
    }
  }

  private offerView(definition: AnyProductDefinition, quote: QuoteRow, row: OfferWithName): Offer {
    const offered = row.status === 'offered' && row.premium !== null
    const months = typeof quote.context.months === 'number' ? quote.context.months : 12
    return {
      id: row.id,
      insurer: { code: row.insurerCode, name: row.insurerName },
      status: row.status,
      premium: offered ? { amount: row.premium ?? 0, currency: 'RON' } : null,
      ...(offered ? definition.offerView(row.details, row.currency) : definition.offerView({}, row.currency)),
      months,
      start_date: row.startDate ?? '',
      end_date: row.endDate ?? '',
      reason: row.reason,
      documents: offered ? offerDocuments(row, { version: this.config.BROKER_NOTICE_VERSION, publicUrl: this.config.PUBLIC_URL }) : [],
    }
  }

  /**
   * One of the documents an insurer gave with an offer (its IPID or general conditions), read from
   * where the insurer publishes it, through its adapter; undefined when the offer has no such document.
   */
  async offerDocument(offerId: string, kind: InsurerDocumentKind): Promise<{ filename: string; bytes: Uint8Array } | undefined> {
    const [row] = await this.db.select({ offer: offers, insurer: insurers }).from(offers).innerJoin(insurers, eq(insurers.code, offers.insurerCode)).where(eq(offers.id, offerId))
    const document = row && insurerDocumentsOf(row.offer.details).find((d) => d.kind === kind)
    if (!row || !document) return undefined
    const bytes = await this.catalogue.adapterFor(row.insurer).document(document.url, AbortSignal.timeout(this.catalogue.quoteTimeoutMs(row.insurer)))
    return { filename: `${row.insurer.code}-${kind}-${document.version}.pdf`, bytes }
  }
}

/** The quote's subject from its stored request; left out for a request stored in an older shape. */
function subjectOf(definition: AnyProductDefinition, request: Record<string, unknown>): { subject?: QuoteSubject } {
  let subject: unknown
  try {
    subject = definition.subject(request as never)
  } catch {
    return {}
  }
  const read = QuoteSubject.safeParse(subject)
  return read.success ? { subject: read.data } : {}
}

const earliest = (a: Date, b: Date | undefined): Date => (b && b < a ? b : a)

/** An insurer's answer as the offer row's new fields. */
function answerOf(definition: AnyProductDefinition, answer: InsurerQuoteAnswer): Answer {
  const none = { premium: null, currency: 'RON', insurerReference: null, details: {} }
  if (answer.status === 'declined') return { ...none, status: 'declined', reason: answer.reason.slice(0, 80) }
  // The insurer's documents are kept with its price: the buyer accepts these editions.
  const details = { ...definition.offerDetails(answer.details), ...(answer.documents.length > 0 ? { [OFFER_DOCUMENTS_KEY]: answer.documents } : {}) }
  return { status: 'offered', premium: answer.premium.amount, currency: answer.premium.currency, insurerReference: answer.reference, details, reason: null }
}

function failedAnswer(reason: 'timeout' | 'insurer_error'): Answer {
  return { status: 'failed', premium: null, currency: 'RON', insurerReference: null, details: {}, reason }
}

/** Requests prepared a few at a time when the product has no batch preparation (house, travel). */
const PREPARED_AT_ONCE = 16

/** `prepare` for a batch: the product's `renewal.prepareMany` when it has one (all fail together if it throws), else each in turn. */
async function prepareAll(definition: AnyProductDefinition, requests: unknown[], deps: ProductDeps): Promise<(PreparedQuote | Error)[]> {
  const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)))
  const many = definition.renewal?.prepareMany
  if (many) return many(requests as never[], deps).catch((error: unknown) => requests.map(() => asError(error)))
  const prepared: (PreparedQuote | Error)[] = []
  for (let from = 0; from < requests.length; from += PREPARED_AT_ONCE) {
    prepared.push(...(await Promise.all(requests.slice(from, from + PREPARED_AT_ONCE).map((r) => definition.prepare(r as never, deps).catch(asError)))))
  }
  return prepared
}
