/**
 * Each insurer's rate limit on quotes (the catalogue's `quotes_per_second`), kept by a token
 * bucket per insurer in each process. A visitor's quote always takes the next token (queued
 * behind others when the bucket is empty); the site's own quotes (prepared renewals) only take
 * one while a reserve is left for visitors, and otherwise wait for the bucket to refill, so a
 * sweep never makes a visitor wait for an insurer. A 429 from the insurer empties the bucket for
 * its `Retry-After`. Pure arithmetic on an injected clock (`reserve`), with one waiting loop
 * around it (`acquire`).
 */
export type QuotePriority = 'visitor' | 'background'

/** The share of the bucket kept for visitors: the site's own quotes leave this much untouched. */
export const VISITOR_RESERVE = 0.2

export class TokenBucket {
  private tokens: number
  private updatedAt: number

  private readonly capacity: number

  /** `perSecond` tokens a second, at most `burstSeconds` of them kept. */
  constructor(
    readonly perSecond: number,
    private readonly clock: () => number = () => performance.now(),
    burstSeconds = 1,
  ) {
    this.capacity = perSecond * burstSeconds
    this.tokens = this.capacity
    this.updatedAt = clock()
  }

  private refill(now: number): void {
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.updatedAt) / 1000) * this.perSecond)
    this.updatedAt = now
  }

  /** The insurer's side: takes `count` tokens if there are (answers 0), or answers the milliseconds until there are, taking nothing. */
  tryTake(now: number = this.clock(), count = 1): number {
    this.refill(now)
    if (this.tokens >= count) {
      this.tokens -= count
      return 0
    }
    return ((count - this.tokens) / this.perSecond) * 1000
  }

  /**
   * The broker's side of a quota of its own (renewal quotes, no visitor to leave room for): waits
   * until `count` tokens are there and takes them. `count` must not exceed the bucket.
   */
  async take(count: number, signal?: AbortSignal): Promise<void> {
    for (;;) {
      signal?.throwIfAborted()
      const waitMs = this.tryTake(this.clock(), count)
      if (waitMs === 0) return
      await delay(Math.max(1, waitMs), signal)
    }
  }

  /**
   * Takes a token for a call starting in the answered milliseconds (0: now), or answers how long
   * to wait before asking again without taking one (`taken: false`, background only). A visitor's
   * token may be one the bucket has not refilled yet: the calls then go out at the rate, in turn.
   */
  reserve(priority: QuotePriority, now: number = this.clock()): { taken: boolean; waitMs: number } {
    this.refill(now)
    if (priority === 'visitor') {
      this.tokens -= 1
      return { taken: true, waitMs: this.tokens >= 0 ? 0 : (-this.tokens / this.perSecond) * 1000 }
    }
    const floor = this.capacity * VISITOR_RESERVE
    if (this.tokens - 1 >= floor) {
      this.tokens -= 1
      return { taken: true, waitMs: 0 }
    }
    return { taken: false, waitMs: Math.max(1, ((floor + 1 - this.tokens) / this.perSecond) * 1000) }
  }

  /** The insurer answered 429: nothing goes out before `retryAfterMs` has passed. */
  pause(retryAfterMs: number, now: number = this.clock()): void {
    this.refill(now)
    this.tokens = Math.min(this.tokens, -(retryAfterMs / 1000) * this.perSecond)
  }

  /** Waits until a call may go out (or `signal` aborts, which throws its reason). */
  async acquire(priority: QuotePriority, signal?: AbortSignal): Promise<void> {
    for (;;) {
      signal?.throwIfAborted()
      const { taken, waitMs } = this.reserve(priority)
      if (waitMs > 0) await delay(waitMs, signal)
      if (taken) return
    }
  }
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(done, ms)
    function done() {
      signal?.removeEventListener('abort', abort)
      resolve()
    }
    function abort() {
      clearTimeout(timer)
      reject(signal!.reason)
    }
    signal?.addEventListener('abort', abort, { once: true })
  })
}

/** The buckets of a process, one per insurer and rate (a changed rate starts a new bucket). */
export class InsurerRateLimits {
  private readonly buckets = new Map<string, TokenBucket>()

  constructor(private readonly clock?: () => number) {}

  /** The insurer's bucket, or undefined when the catalogue declares no limit. */
  for(insurer: { code: string; quotesPerSecond: number | null }): TokenBucket | undefined {
    return insurer.quotesPerSecond ? this.bucket(`${insurer.code}:${insurer.quotesPerSecond}`, insurer.quotesPerSecond) : undefined
  }

  /** The bucket of an insurer's renewal quota (its renewal endpoint's own limit). */
  forRenewals(code: string, perSecond: number): TokenBucket {
    return this.bucket(`renewals:${code}:${perSecond}`, perSecond)
  }

  private bucket(key: string, perSecond: number): TokenBucket {
    let bucket = this.buckets.get(key)
    if (!bucket) this.buckets.set(key, (bucket = new TokenBucket(perSecond, this.clock)))
    return bucket
  }
}

/** At most `size` calls at once; the others wait their turn in order (an insurer's connections for renewal calls). */
export class CallSlots {
  private busy = 0
  private readonly waiting: (() => void)[] = []

  constructor(private readonly size: number) {}

  async run<T>(call: () => Promise<T>): Promise<T> {
    if (this.busy >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve))
    else this.busy++
    try {
      return await call()
    } finally {
      // The slot passes straight to the next in line, or is freed.
      const next = this.waiting.shift()
      if (next) next()
      else this.busy--
    }
  }
}
