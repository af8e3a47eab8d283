/** The sandbox insurers keep the rate limit their protocol documents (`sandboxQuotesPerSecond`): 429 with `Retry-After` beyond it. */
import { TokenBucket } from '~/server/insurers/rate-limit'
import { sandboxQuotesPerSecond } from '~/server/insurers/sandbox-protocol'

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
    let bucket = this.buckets.get(insurer)
    if (!bucket) this.buckets.set(insurer, (bucket = new TokenBucket(sandboxQuotesPerSecond(insurer), this.clock, 1.5)))
    const waitMs = bucket.tryTake()
    return waitMs === 0 ? { ok: true } : { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) }
  }
}
