import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm'
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
  /** A run that has not finished after this long is presumed dead (its node stopped) and run again (default 5 min). */
  leaseMs?: number
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
const DEFAULT_LEASE_MS = 5 * 60_000
const defaultBackoff = (attempt: number) => Math.min(15_000 * 2 ** (attempt - 1), 3_600_000)
const BATCH = 10
/** Jobs one process runs side by side: most of a job's time is waiting on someone else (an insurer, a mail server). */
export const DEFAULT_JOB_CONCURRENCY = 4

/**
 * The one durable job queue (decision 46): jobs are rows, claimed by a conditional update so
 * that nodes sharing the database never run one twice at the same time, retried with backoff,
 * and picked up again after a crash once their lease runs out. Handlers must be idempotent
 * (a node can die after the work and before marking it done); the purchase path makes them so
 * with the order's own state. A process runs up to `concurrency` claimed jobs at a time.
 */
export class JobQueue {
  private readonly definitions = new Map<string, JobDefinition<z.ZodType>>()
  private timer: NodeJS.Timeout | undefined
  private running: Promise<unknown> | undefined
  private kicked = false
  private stopped = true

  constructor(
    private readonly db: Database,
    private readonly options: { pollMs?: number; concurrency?: number } = {},
  ) {}

  define<S extends z.ZodType>(definition: JobDefinition<S>): void {
    if (this.definitions.has(definition.kind)) throw new Error(`job kind defined twice: ${definition.kind}`)
    this.definitions.set(definition.kind, definition as unknown as JobDefinition<z.ZodType>)
  }

  /** Queues a job; returns its id, or undefined when `dedupeKey` was already used. */
  async enqueue(kind: string, payload: unknown, options: EnqueueOptions = {}): Promise<string | undefined> {
    const [row] = await (options.tx ?? this.db)
      .insert(jobs)
      .values({ kind, payload, runAt: options.runAt ?? new Date(), dedupeKey: options.dedupeKey ?? null })
      .onConflictDoNothing({ target: jobs.dedupeKey })
      .returning({ id: jobs.id })
    if (row && !options.tx && (!options.runAt || options.runAt.getTime() <= Date.now())) this.kick()
    return row?.id
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
   * Runs every job due at `now` (the workers' loop, and tests that want determinism), up to
   * `concurrency` at a time, oldest first; resolves when none is left. Returns how many ran.
   */
  async runDue(now = new Date()): Promise<number> {
    await this.reclaimExpiredLeases(now)
    const concurrency = Math.max(1, this.options.concurrency ?? DEFAULT_JOB_CONCURRENCY)
    let ran = 0
    for (;;) {
      const kinds = [...this.definitions.keys()]
      if (kinds.length === 0) return ran
      const batch = Math.max(BATCH, concurrency * 2)
      const due = await this.db
        .select({ id: jobs.id, kind: jobs.kind })
        .from(jobs)
        .where(and(eq(jobs.status, 'queued'), lte(jobs.runAt, now), inArray(jobs.kind, kinds)))
        .orderBy(asc(jobs.runAt))
        .limit(batch)
      const waiting = [...due]
      const worker = async () => {
        for (let candidate = waiting.shift(); candidate; candidate = waiting.shift()) {
          const lease = this.definitions.get(candidate.kind)?.leaseMs ?? DEFAULT_LEASE_MS
          const job = await this.claim(candidate.id, now, lease)
          if (job) {
            await this.execute(job)
            ran++
          }
        }
      }
      await Promise.all(Array.from({ length: Math.min(concurrency, due.length) }, worker))
      if (due.length < batch) return ran
    }
  }

  /** Starts polling (every `pollMs`, 1 s by default) and runs due jobs at once. */
  start(): void {
    if (!this.stopped) return
    this.stopped = false
    this.timer = setInterval(() => this.kick(), this.options.pollMs ?? 1000)
    this.timer.unref()
    this.kick()
  }

  /** Stops polling and waits for the jobs in flight to finish (graceful shutdown). */
  async stop(): Promise<void> {
    this.stopped = true
    clearInterval(this.timer)
    await this.running
  }

  /** Asks for a run soon; runs never overlap within a process. */
  kick(): void {
    if (this.stopped) return
    if (this.running) {
      this.kicked = true
      return
    }
    this.running = this.runDue()
      .catch((error: unknown) => log.error('jobs.loop_failed', { error }))
      .finally(() => {
        this.running = undefined
        if (this.kicked) {
          this.kicked = false
          this.kick()
        }
      })
  }

  /** Counts by kind and status, for the operator's metrics. */
  async counts(): Promise<{ kind: string; status: string; count: number }[]> {
    const rows = await this.db
      .select({ kind: jobs.kind, status: jobs.status, count: sql<number>`count(*)::int` })
      .from(jobs)
      .groupBy(jobs.kind, jobs.status)
    return rows.map((r) => ({ ...r, count: Number(r.count) }))
  }

  private async claim(id: string, now: Date, leaseMs: number) {
    const [job] = await this.db
      .update(jobs)
      .set({ status: 'running', attempts: sql`${jobs.attempts} + 1`, lockedUntil: new Date(now.getTime() + leaseMs), updatedAt: now })
      .where(and(eq(jobs.id, id), eq(jobs.status, 'queued')))
      .returning()
    return job
  }

  private async execute(job: typeof jobs.$inferSelect): Promise<void> {
    const definition = this.definitions.get(job.kind)!
    const maxAttempts = definition.maxAttempts ?? DEFAULT_ATTEMPTS
    const context: JobContext = { jobId: job.id, attempt: job.attempts, lastAttempt: job.attempts >= maxAttempts }
    try {
      const payload = definition.payload.safeParse(job.payload)
      if (!payload.success) throw new PermanentJobError(`payload does not match ${job.kind}`)
      const started = performance.now()
      await definition.run(payload.data, context)
      await this.finish(job.id, { status: 'done', lastError: null })
      // Which node ran what: the one line that shows a job ran once among several nodes.
      log.info('jobs.done', { kind: job.kind, jobId: job.id, attempt: job.attempts, ms: Math.round(performance.now() - started) })
    } catch (error) {
      const message = error instanceof Error ? error.message.slice(0, 500) : String(error)
      if (error instanceof PermanentJobError || context.lastAttempt) {
        log.error('jobs.failed', { kind: job.kind, jobId: job.id, attempt: job.attempts, error })
        await this.finish(job.id, { status: 'failed', lastError: message })
        return
      }
      const delay = (definition.backoffMs ?? defaultBackoff)(job.attempts)
      log.warn('jobs.retry', { kind: job.kind, jobId: job.id, attempt: job.attempts, retryInMs: delay, error })
      await this.db
        .update(jobs)
        .set({ status: 'queued', lastError: message, lockedUntil: null, runAt: new Date(Date.now() + delay), updatedAt: new Date() })
        .where(eq(jobs.id, job.id))
    }
  }

  private async finish(id: string, values: { status: 'done' | 'failed'; lastError: string | null }): Promise<void> {
    const now = new Date()
    await this.db
      .update(jobs)
      .set({ ...values, lockedUntil: null, finishedAt: now, updatedAt: now })
      .where(eq(jobs.id, id))
  }

  /** Jobs whose node stopped while running them go back to the queue. */
  private async reclaimExpiredLeases(now: Date): Promise<void> {
    await this.db
      .update(jobs)
      .set({ status: 'queued', lockedUntil: null, runAt: now, updatedAt: now })
      .where(and(eq(jobs.status, 'running'), lte(jobs.lockedUntil, now)))
  }
}
