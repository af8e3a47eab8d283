/**
 * Insurers' rate limits on quotes: the broker's token bucket (visitors first, the site's own
 * quotes leaving a reserve) and the sandbox insurers' refusal beyond their limit, on an injected
 * clock: the arithmetic is checked, nothing sleeps.
 */
import { describe, expect, it } from 'vitest'
import { TokenBucket, VISITOR_RESERVE } from '~/server/insurers/rate-limit'
import { SandboxRateLimits, sandboxQuotesPerSecond } from '~/server/sandbox/insurers/rate-limits'
import { sandboxRenewalQuota } from '~/server/insurers/sandbox-protocol'

describe('the broker’s bucket per insurer', () => {
  it('lets a second of calls through at once, then spaces visitors’ calls at the rate, in turn', () => {
    let now = 0
    const bucket = new TokenBucket(10, () => now)
    const waits = Array.from({ length: 13 }, () => bucket.reserve('visitor'))
    expect(waits.slice(0, 10).every((w) => w.taken && w.waitMs === 0)).toBe(true)
    expect(waits.slice(10).map((w) => Math.round(w.waitMs))).toEqual([100, 200, 300])
    // Half a second later five calls' worth came back: three were taken ahead, two go at once, the next waits.
    now = 500
    expect(bucket.reserve('visitor')).toEqual({ taken: true, waitMs: 0 })
    expect(bucket.reserve('visitor')).toEqual({ taken: true, waitMs: 0 })
    expect(Math.round(bucket.reserve('visitor').waitMs)).toBe(100)
  })

  it('keeps a reserve for visitors: the site’s own quotes wait for it to refill, visitors do not', () => {
    let now = 0
    const bucket = new TokenBucket(10, () => now)
    const background = Array.from({ length: 10 }, () => bucket.reserve('background'))
    const allowed = 10 - 10 * VISITOR_RESERVE
    expect(background.filter((w) => w.taken)).toHaveLength(allowed)
    const refused = background.find((w) => !w.taken)!
    expect(refused.waitMs).toBeCloseTo(100)
    // The reserve is the visitors’: theirs go out at once.
    expect(bucket.reserve('visitor')).toEqual({ taken: true, waitMs: 0 })
    expect(bucket.reserve('visitor')).toEqual({ taken: true, waitMs: 0 })
    // Once the bucket has refilled past the reserve, the site's quote goes.
    now = 1000
    expect(bucket.reserve('background').taken).toBe(true)
  })

  it('holds every call back for the insurer’s Retry-After after a 429', () => {
    let now = 0
    const bucket = new TokenBucket(10, () => now)
    bucket.pause(2000)
    expect(bucket.reserve('visitor').waitMs).toBeGreaterThanOrEqual(2000)
    expect(bucket.reserve('background').taken).toBe(false)
    now = 2200
    expect(bucket.reserve('background').taken).toBe(false)
    now = 4000
    expect(bucket.reserve('background')).toEqual({ taken: true, waitMs: 0 })
  })
})

describe('the sandbox insurers’ limit', () => {
  it('answers calls up to one and a half seconds of its rate, refuses the next with a Retry-After, and takes them again as it refills', () => {
    let now = 0
    const limits = new SandboxRateLimits(() => now)
    const rate = sandboxQuotesPerSecond('allianz-tiriac')
    expect(rate).toBeGreaterThanOrEqual(200)
    const answers = Array.from({ length: rate * 2 }, () => limits.admit('allianz-tiriac'))
    expect(answers.filter((a) => a.ok)).toHaveLength(rate * 1.5)
    expect(answers.at(-1)).toEqual({ ok: false, retryAfterSeconds: 1 })
    // Another insurer has a bucket of its own.
    expect(limits.admit('groupama')).toEqual({ ok: true })
    now = 1000
    expect(Array.from({ length: rate + 1 }, () => limits.admit('allianz-tiriac')).filter((a) => a.ok)).toHaveLength(rate)
  })
})

describe('the renewal quota (bulk renewal quotes)', () => {
  it('counts each request of a call, apart from the per-quote limit, and refuses a call beyond it with a Retry-After', () => {
    let now = 0
    const limits = new SandboxRateLimits(() => now)
    const { perSecond, batchMax } = sandboxRenewalQuota('allianz-tiriac')
    expect(perSecond).toBe(sandboxQuotesPerSecond('allianz-tiriac') * 5)
    const calls = Array.from({ length: Math.ceil((perSecond * 1.5) / batchMax) + 1 }, () => limits.admitRenewals('allianz-tiriac', batchMax))
    expect(calls.filter((c) => c.ok)).toHaveLength(Math.floor((perSecond * 1.5) / batchMax))
    expect(calls.at(-1)).toEqual({ ok: false, retryAfterSeconds: 1 })
    // Visitors' quotes have their own limit, untouched by the renewals.
    expect(limits.admit('allianz-tiriac')).toEqual({ ok: true })
    now = 1000
    expect(limits.admitRenewals('allianz-tiriac', batchMax)).toEqual({ ok: true })
  })

  it('the broker takes a call’s worth of tokens at once, waiting for the refill when short', () => {
    let now = 0
    const bucket = new TokenBucket(1000, () => now)
    expect(bucket.tryTake(now, 600)).toBe(0)
    expect(bucket.tryTake(now, 600)).toBeCloseTo(200)
    now = 200
    expect(bucket.tryTake(now, 600)).toBe(0)
  })
})
