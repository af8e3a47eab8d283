import { and, asc, eq, getTableColumns, inArray, lte, notInArray, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Database, Queryable } from '../db/client'
import { jobs } from '../db/schema'
import { log } from '../log'

export interface JobContext {
  jobId: string
  /** 1 on the first run. */
  attempt: number
  /** True on the last run this job will get: a handler may then give up cleanly (refund, tell the customer). */
  lastAttempt: boolean
}

export interface JobDefinition<S extends z.ZodType> {
  kind: string
  /** The payload is checked when the job runs: a job queued by an older release cannot crash a newer one. */
  payload: S
  run(payload: z.output<S>, context: JobContext): Promise<void>
  /** Runs allowed before the job is marked failed (default 8). */
  maxAttempts?: number
  /** Wait before the next run after a failure (default 15 s doubling, at most an hour). */
  backoffMs?(attempt: number): number
  /** Claimed before every other due job, however older (issuance: a paid customer waits for it; decision 167). */
  urgent?: boolean
}

/** A failure that no retry can fix (bad payload, a refusal): the job is marked failed at once. */
export class PermanentJobError extends Error {}

export interface EnqueueOptions {
  runAt?: Date
  /** At most one job with this key is ever queued: a second enqueue with it does nothing. */
  dedupeKey?: string
  /** Queue inside the caller's transaction: the job exists exactly when the caller's change commits. */
  tx?: Queryable
}

const DEFAULT_ATTEMPTS = 8
/** A claim not renewed for this long is a dead node's (decision 97): short, because a paid customer waits for it. */
export const DEFAULT_LEASE_MS = 15_000
const defaultBackoff = (attempt: number) => Math.min(15_000 * 2 ** (attempt - 1), 3_600_000)
/** Jobs one process runs side by side: most of a job's time is waiting on someone else (an insurer, a mail server). */
export const DEFAULT_JOB_CONCURRENCY = 4

export interface JobQueueOptions {
  /** How often the workers look for due jobs (default 1 s). */
  pollMs?: number
  /** Claimed jobs run side by side (default `DEFAULT_JOB_CONCURRENCY`). */
  concurrency?: number
  /** Urgent jobs run besides those, by workers that claim only them (default 0; decision 167). */
  urgentConcurrency?: number
  /** How long a claim lasts unless renewed (default 15 s). */
  leaseMs?: number
  /** How often a running job renews its claim (default a third of the lease). */
  heartbeatMs?: number
  /** The queue's clock: run times, leases and their renewals are read from it (tests move it). */
  clock?: () => Date
  /**
   * The database is this process's alone (embedded PGlite opens its folder in one process): at
   * `start()` every claim still held is a dead process's, and goes back to the queue at once.
   */
  soleProcess?: boolean
  /** Wakes the other nodes sharing the database when a job is queued (PostgreSQL's LISTEN/NOTIFY). */
  nodes?: NodeWakeUp
}

/**
 * How a node that queues a job wakes the others: the notice is sent in the queuing transaction,
 * so it reaches them when the job is committed, never before (a node woken early would find nothing).
 */
export interface NodeWakeUp {
  notify(db: Queryable): Promise<void>
  /** Calls `onWake` for every notice, this node's own included; resolves to the way to stop listening. */
  listen(onWake: () => void): Promise<() => Promise<void>>
}

type JobRow = typeof jobs.$inferSelect

/** Jobs one `runDue` call claims at most: each claim passes over the ones this call ran, by id. */
const PASS_LIMIT = 500

/**
 * The one durable job queue (decision 46): jobs are rows, claimed with `FOR UPDATE SKIP LOCKED`
 * so that nodes sharing the database never run one twice at the same time nor wait on each
 * other's claims, retried with backoff. A claim is a short lease that the running job renews
 * (a heartbeat, decision 97): a job that runs long keeps it, a job whose node died is picked up
 * again once its lease runs out, at most `leaseMs` later, and at once by a sole process that
 * starts on the embedded database. Handlers must be idempotent (a node can die after the work
 * and before marking it done); the purchase path makes them so with the order's own state.
 * A process runs up to `concurrency` claimed jobs at a time.
 */
export class JobQueue {
  private readonly definitions = new Map<string, JobDefinition<z.ZodType>>()
  /** The kinds claimed first (`urgent`). */
  private readonly urgentKinds: string[] = []
  private timer: NodeJS.Timeout | undefined
  /** The background workers claiming and running jobs now (at most `concurrency`), and those claiming only urgent jobs. */
  private readonly workers = new Set<Promise<void>>()
  private readonly urgentWorkers = new Set<Promise<void>>()
  /** Counts wake-ups: a worker that found nothing goes on when one came while it looked. */
  private wakes = 0
  private tick: Promise<void> | undefined
  private unlisten: Promise<(() => Promise<void>) | undefined> | undefined
  private stopped = true
  private recoverAtStart: boolean
  /** When the poll last gave expired leases back (ms since the epoch, the queue's clock). */
  private sweptAt = -Infinity
  private readonly clock: () => Date
  private readonly leaseMs: number
  private readonly concurrency: number
  private readonly urgentConcurrency: number

  constructor(
    private readonly db: Database,
    private readonly options: JobQueueOptions = {},
  ) {
    this.clock = options.clock ?? (() => new Date())
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS
    this.recoverAtStart = options.soleProcess ?? false
    this.concurrency = Math.max(1, options.concurrency ?? DEFAULT_JOB_CONCURRENCY)
    this.urgentConcurrency = Math.max(0, options.urgentConcurrency ?? 0)
  }

  define<S extends z.ZodType>(definition: JobDefinition<S>): void {
    if (this.definitions.has(definition.kind)) throw new Error(`job kind defined twice: ${definition.kind}`)
    this.definitions.set(definition.kind, definition as unknown as JobDefinition<z.ZodType>)
    if (definition.urgent) this.urgentKinds.push(definition.kind)
  }

  /** Queues a job; returns its id, or undefined when `dedupeKey` was already used. */
  async enqueue(kind: string, payload: unknown, options: EnqueueOptions = {}): Promise<string | undefined> {
    const [row] = await (options.tx ?? this.db)
      .insert(jobs)
      .values({ kind, payload, runAt: options.runAt ?? this.clock(), dedupeKey: options.dedupeKey ?? null })
      .onConflictDoNothing({ target: jobs.dedupeKey })
      .returning({ id: jobs.id })
    const due = !options.runAt || options.runAt.getTime() <= this.clock().getTime()
    if (row && due) await this.options.nodes?.notify(options.tx ?? this.db)
    if (row && due && !options.tx) this.kick(this.urgentKinds.includes(kind))
    return row?.id
  }

  /**
   * Queues several jobs of one kind in one statement (an order's reminders); returns how many were
   * new (a `dedupeKey` already used is skipped, as with `enqueue`).
   */
  async enqueueMany(kind: string, entries: { payload: unknown; runAt?: Date; dedupeKey?: string }[], options: Pick<EnqueueOptions, 'tx'> = {}): Promise<number> {
    if (entries.length === 0) return 0
    const now = this.clock()
    const rows = await (options.tx ?? this.db)
      .insert(jobs)
      .values(entries.map((entry) => ({ kind, payload: entry.payload, runAt: entry.runAt ?? now, dedupeKey: entry.dedupeKey ?? null })))
      .onConflictDoNothing({ target: jobs.dedupeKey })
      .returning({ id: jobs.id, runAt: jobs.runAt })
    const due = rows.some((row) => row.runAt.getTime() <= now.getTime())
    if (due) await this.options.nodes?.notify(options.tx ?? this.db)
    if (due && !options.tx) this.kick(this.urgentKinds.includes(kind))
    return rows.length
  }

  /** Cancels a queued job by its key (a reminder whose policy was refunded). Running or finished jobs are left alone. */
  async cancel(dedupeKey: string): Promise<boolean> {
    const rows = await this.db
      .update(jobs)
      .set({ status: 'cancelled', finishedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(jobs.dedupeKey, dedupeKey), eq(jobs.status, 'queued')))
      .returning({ id: jobs.id })
    return rows.length > 0
  }

  /**
   * Runs every job due at `now` in one pass (tests and tools that want determinism; a server runs
   * `start()`'s workers), up to `concurrency` at a time, oldest first; resolves when none is
   * left, or after `PASS_LIMIT` jobs. A job runs at most once per call (a retry due before `now`
   * waits for the next). Returns how many ran.
   */
  async runDue(now = this.clock()): Promise<number> {
    await this.reclaimExpiredLeases(now)
    const kinds = [...this.definitions.keys()]
    if (kinds.length === 0) return 0
    const concurrency = this.concurrency
    const ran: string[] = []
    const worker = async () => {
      while (ran.length < PASS_LIMIT) {
        const claim = await this.claimNext(now, kinds, ran)
        if (!claim) return
        ran.push(claim.job.id)
        await this.execute(claim.job)
      }
    }
    await Promise.all(Array.from({ length: concurrency }, worker))
    return ran.length
  }

  /**
   * Starts the background workers: woken at once by `kick()` (the caller that queued a job, once
   * its transaction committed) and by other nodes' notices, and every `pollMs` (1 s by default)
   * for what no one announced (retries, scheduled jobs, leases run out).
   */
  start(): void {
    if (!this.stopped) return
    this.stopped = false
    this.timer = setInterval(() => this.poll(), this.options.pollMs ?? 1000)
    this.timer.unref()
    this.unlisten = this.options.nodes?.listen(() => this.kick(true)).catch((error: unknown) => {
      log.warn('jobs.listen_failed', { error })
      return undefined
    })
    this.poll()
  }

  /** Stops the workers and waits for the jobs in flight to finish (graceful shutdown). */
  async stop(): Promise<void> {
    this.stopped = true
    clearInterval(this.timer)
    const unlisten = await this.unlisten
    await unlisten?.().catch(() => {})
    await Promise.all([this.tick, ...this.workers, ...this.urgentWorkers])
  }

  /**
   * A job may be due now: a worker looks for it at once, unless every worker is busy (each
   * claims the next due job as soon as it is free). `urgent`: it may be of an urgent kind, so an
   * urgent-only worker looks when the others are all busy.
   */
  kick(urgent = false): void {
    if (this.stopped) return
    this.wakes++
    if (this.workers.size < this.concurrency) this.addWorker(false)
    // Only for what may be urgent: an urgent-only worker woken for a mail would claim nothing.
    else if (urgent && this.urgentWorkers.size < this.urgentConcurrency && this.urgentKinds.length > 0) this.addWorker(true)
  }

  /**
   * The poll: leases run out go back to the queue (every claim, at a sole process's start), then a
   * worker looks. The leases are swept every third of a lease, not at every poll: a dead node's
   * job waits for its lease anyway, and a statement a second was most of an idle server's queries.
   */
  private poll(): void {
    if (this.stopped || this.tick) return
    this.tick = (async () => {
      if (this.recoverAtStart) {
        await this.reclaimAbandoned()
        this.recoverAtStart = false
      }
      const now = this.clock()
      if (now.getTime() - this.sweptAt >= this.leaseMs / 3) {
        this.sweptAt = now.getTime()
        await this.reclaimExpiredLeases(now)
      }
    })()
      .catch((error: unknown) => log.error('jobs.loop_failed', { error }))
      .finally(() => {
        this.tick = undefined
        this.kick(true)
      })
  }

  /** `urgentOnly`: one of the workers beyond `concurrency`, claiming urgent kinds only. */
  private addWorker(urgentOnly: boolean): void {
    const pool = urgentOnly ? this.urgentWorkers : this.workers
    const worker: Promise<void> = this.work(urgentOnly)
      .catch((error: unknown) => log.error('jobs.loop_failed', { error }))
      .finally(() => pool.delete(worker))
    pool.add(worker)
  }

  /**
   * Claims and runs due jobs one after another until none is left. A claim that saw another job
   * due asks for a helper, so a burst fans out; one that saw none ends the worker after its job
   * unless a wake-up came meanwhile, so neither asks the database again only to find nothing
   * (a purchase's jobs came one at a time, and each cost two empty claims besides its own).
   */
  private async work(urgentOnly: boolean): Promise<void> {
    const kinds = urgentOnly ? this.urgentKinds : [...this.definitions.keys()]
    if (kinds.length === 0) return
    while (!this.stopped) {
      const wakes = this.wakes
      const claim = await this.claimNext(this.clock(), kinds, [])
      if (!claim) {
        if (this.wakes === wakes) return
        continue
      }
      // A helper: another general worker while there are fewer than `concurrency`, else (when the
      // job seen besides is urgent) an urgent-only one, so a burst of paid orders never waits behind mail.
      if (claim.more && !this.stopped) {
        if (!urgentOnly && this.workers.size < this.concurrency) this.addWorker(false)
        else if (claim.nextUrgent && this.urgentWorkers.size < this.urgentConcurrency) this.addWorker(true)
      }
      await this.execute(claim.job)
      if (!claim.more && this.wakes === wakes) return
    }
  }

  /** Counts by kind and status, for the operator's metrics. */
  async counts(): Promise<{ kind: string; status: string; count: number }[]> {
    const rows = await this.db
      .select({ kind: jobs.kind, status: jobs.status, count: sql<number>`count(*)::int` })
      .from(jobs)
      .groupBy(jobs.kind, jobs.status)
    return rows.map((r) => ({ ...r, count: Number(r.count) }))
  }

  /**
   * Claims the oldest due job not in `skip`, urgent kinds first, and says whether another was due
   * besides it (`more`: the first two are looked at). `SKIP LOCKED`: a row another node is claiming
   * right now is passed over, not waited for (one statement, so the row locks last only the update).
   */
  private async claimNext(now: Date, kinds: string[], skip: string[]): Promise<{ job: JobRow; more: boolean; nextUrgent: boolean } | undefined> {
    // 0 for an urgent kind, 1 otherwise: the claim's order, before the age.
    const rank = this.urgentKinds.length > 0 ? sql<number>`case when ${inArray(jobs.kind, this.urgentKinds)} then 0 else 1 end` : sql<number>`1`
    const due = this.db.$with('due').as(
      this.db
        .select({ id: jobs.id, rank: rank.as('rank'), runAt: jobs.runAt })
        .from(jobs)
        .where(and(eq(jobs.status, 'queued'), lte(jobs.runAt, now), inArray(jobs.kind, kinds), skip.length > 0 ? notInArray(jobs.id, skip) : undefined))
        .orderBy(rank, asc(jobs.runAt))
        .limit(2)
        .for('update', { skipLocked: true }),
    )
    const [row] = await this.db
      .with(due)
      .update(jobs)
      .set({ status: 'running', attempts: sql`${jobs.attempts} + 1`, lockedUntil: new Date(now.getTime() + this.leaseMs), updatedAt: now })
      .where(and(eq(jobs.id, sql`(select "id" from "due" order by "rank", "run_at" limit 1)`), eq(jobs.status, 'queued')))
      .returning({ ...getTableColumns(jobs), due: sql<number>`(select count(*) from "due")`.mapWith(Number), urgentDue: sql<number>`(select count(*) from "due" where "rank" = 0)`.mapWith(Number) })
    if (!row) return undefined
    const { due: seen, urgentDue, ...job } = row
    // The other job seen is urgent when both were, or when this one was not (urgent ones come first).
    const thisUrgent = this.urgentKinds.includes(job.kind)
    return { job, more: seen > 1, nextUrgent: seen > 1 && urgentDue > (thisUrgent ? 1 : 0) }
  }

  /** This run's claim: the job is still running under the attempt this worker claimed (not taken back and claimed again). */
  private held(job: JobRow) {
    return and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.attempts, job.attempts))
  }

  /** Pushes the lease of a running job forward; false when the claim was lost (taken back after a stall). */
  private async renew(job: JobRow): Promise<boolean> {
    const now = this.clock()
    const rows = await this.db
      .update(jobs)
      // Never earlier than the claim: a claim made at a test's later `now` is not shortened.
      .set({ lockedUntil: sql`greatest(${jobs.lockedUntil}, ${new Date(now.getTime() + this.leaseMs).toISOString()}::timestamptz)`, updatedAt: now })
      .where(this.held(job))
      .returning({ id: jobs.id })
    return rows.length > 0
  }

  private async execute(job: JobRow): Promise<void> {
    const definition = this.definitions.get(job.kind)!
    const maxAttempts = definition.maxAttempts ?? DEFAULT_ATTEMPTS
    const context: JobContext = { jobId: job.id, attempt: job.attempts, lastAttempt: job.attempts >= maxAttempts }
    const heartbeat = setInterval(() => {
      this.renew(job)
        .then((held) => held || log.warn('jobs.lease_lost', { kind: job.kind, jobId: job.id, attempt: job.attempts }))
        .catch((error: unknown) => log.warn('jobs.renew_failed', { kind: job.kind, jobId: job.id, error }))
    }, this.options.heartbeatMs ?? this.leaseMs / 3)
    heartbeat.unref()
    try {
      await this.settle(job, definition, context)
    } finally {
      clearInterval(heartbeat)
    }
  }

  private async settle(job: JobRow, definition: JobDefinition<z.ZodType>, context: JobContext): Promise<void> {
    try {
      const payload = definition.payload.safeParse(job.payload)
      if (!payload.success) throw new PermanentJobError(`payload does not match ${job.kind}`)
      const started = performance.now()
      await definition.run(payload.data, context)
      await this.finish(job, { status: 'done', lastError: null })
      // Which node ran what: the one line that shows a job ran once among several nodes.
      log.info('jobs.done', { kind: job.kind, jobId: job.id, attempt: job.attempts, ms: Math.round(performance.now() - started) })
    } catch (error) {
      const message = error instanceof Error ? error.message.slice(0, 500) : String(error)
      if (error instanceof PermanentJobError || context.lastAttempt) {
        log.error('jobs.failed', { kind: job.kind, jobId: job.id, attempt: job.attempts, error })
        await this.finish(job, { status: 'failed', lastError: message })
        return
      }
      const delay = (definition.backoffMs ?? defaultBackoff)(job.attempts)
      log.warn('jobs.retry', { kind: job.kind, jobId: job.id, attempt: job.attempts, retryInMs: delay, error })
      const now = this.clock()
      await this.db
        .update(jobs)
        .set({ status: 'queued', lastError: message, lockedUntil: null, runAt: new Date(now.getTime() + delay), updatedAt: now })
        .where(this.held(job))
    }
  }

  /** Records the outcome, unless the claim was lost meanwhile (the job is another worker's now). */
  private async finish(job: JobRow, values: { status: 'done' | 'failed'; lastError: string | null }): Promise<void> {
    const now = this.clock()
    await this.db
      .update(jobs)
      .set({ ...values, lockedUntil: null, finishedAt: now, updatedAt: now })
      .where(this.held(job))
  }

  /** Jobs whose node stopped while running them (their lease ran out unrenewed) go back to the queue. */
  private async reclaimExpiredLeases(now: Date): Promise<void> {
    const rows = await this.db
      .update(jobs)
      .set({ status: 'queued', lockedUntil: null, runAt: now, updatedAt: now })
      .where(and(eq(jobs.status, 'running'), lte(jobs.lockedUntil, now)))
      .returning({ id: jobs.id })
    if (rows.length > 0) log.warn('jobs.lease_expired', { count: rows.length })
  }

  /** A sole process starting: every claim still held was its dead predecessor's. */
  private async reclaimAbandoned(): Promise<void> {
    const now = this.clock()
    const rows = await this.db
      .update(jobs)
      .set({ status: 'queued', lockedUntil: null, runAt: now, updatedAt: now })
      .where(eq(jobs.status, 'running'))
      .returning({ id: jobs.id })
    if (rows.length > 0) log.warn('jobs.reclaimed_at_start', { count: rows.length })
  }
}
