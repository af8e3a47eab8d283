/** The sandbox insurers keep the rate limit their protocol documents (`sandboxQuotesPerSecond`): 429 with `Retry-After` beyond it. */
import { TokenBucket } from '~/server/insurers/rate-limit'
import { sandboxQuotesPerSecond, sandboxRenewalQuota } from '~/server/insurers/sandbox-protocol'

export { sandboxQuotesPerSecond }

/**
 * What the sandbox lets through: a bucket of the insurer's rate holding one and a half seconds
 * of calls, so a broker keeping the same rate is never refused for the network's jitter.
 */
export class SandboxRateLimits {
  private readonly buckets = new Map<string, TokenBucket>()

  constructor(private readonly clock?: () => number) {}

  /** Whether a request may be answered now; otherwise the whole seconds to wait. */
  admit(insurer: string): { ok: true } | { ok: false; retryAfterSeconds: number } {
    return this.take(insurer, sandboxQuotesPerSecond(insurer), 1)
  }

  /** The same for a call of the renewal endpoint pricing `count` requests, under the renewal quota. */
  admitRenewals(insurer: string, count: number): { ok: true } | { ok: false; retryAfterSeconds: number } {
    return this.take(`renewals:${insurer}`, sandboxRenewalQuota(insurer).perSecond, count)
  }

  private take(key: string, perSecond: number, count: number): { ok: true } | { ok: false; retryAfterSeconds: number } {
    let bucket = this.buckets.get(key)
    if (!bucket) this.buckets.set(key, (bucket = new TokenBucket(perSecond, this.clock, 1.5)))
    const waitMs = bucket.tryTake(undefined, count)
    return waitMs === 0 ? { ok: true } : { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) }
  }
}
