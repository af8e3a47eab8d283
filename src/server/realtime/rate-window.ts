/**
 * A fixed one-second window of allowed actions: the client events of one connection, the HTTP
 * API requests of a lone node (nodes sharing Redis count those there, redis-adapter.ts). Two
 * numbers and no timer; limits meant to stop floods, not to meter.
 */
export class RateWindow {
  private start = 0
  private used = 0

  constructor(private readonly perSecond: number) {}

  /** Counts one action; false when this second's allowance was already used up. */
  take(now = Date.now()): boolean {
    if (now - this.start >= 1000) {
      this.start = now
      this.used = 0
    }
    this.used++
    return this.used <= this.perSecond
  }

  /** Whether this window's second is over (its counts no longer matter). */
  over(now = Date.now()): boolean {
    return now - this.start >= 1000
  }

  /** Whole seconds until the window starts again (a `Retry-After`), at least 1. */
  retryAfterS(now = Date.now()): number {
    return Math.max(1, Math.ceil((this.start + 1000 - now) / 1000))
  }
}
