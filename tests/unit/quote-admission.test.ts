/**
 * Paid orders before new quotes (decision 167): the line, the places issuances take, the longest
 * wait; on vitest's fake timers (nothing sleeps).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { QuoteAdmission } from '~/server/quotes/admission'

const MAX_WAIT = 60_000

describe('quote admission', () => {
  beforeEach(() => void vi.useFakeTimers())
  afterEach(() => void vi.useRealTimers())

  /** Enters `n` quotes; `admitted` lists who is through, in order. */
  function crowd(admission: QuoteAdmission, n: number) {
    const admitted: number[] = []
    const leaves = new Map<number, () => void>()
    for (let i = 0; i < n; i++)
      void admission.enter().then((leave) => {
        admitted.push(i)
        leaves.set(i, leave)
      })
    return { admitted, leave: (i: number) => leaves.get(i)!() }
  }

  it('lets `places` quotes through, the others in line in order as places are given back', async () => {
    const admission = new QuoteAdmission(2, MAX_WAIT)
    const { admitted, leave } = crowd(admission, 5)
    await vi.advanceTimersByTimeAsync(0)
    expect(admitted).toEqual([0, 1])
    expect(admission.queued).toBe(3)
    leave(1)
    leave(1) // a second call gives nothing back twice
    await vi.advanceTimersByTimeAsync(0)
    expect(admitted).toEqual([0, 1, 2])
    leave(0)
    leave(2)
    await vi.advanceTimersByTimeAsync(0)
    expect(admitted).toEqual([0, 1, 2, 3, 4])
    leave(3)
    leave(4)
    // Everyone gone: two places free again, not more.
    const { admitted: later } = crowd(admission, 3)
    await vi.advanceTimersByTimeAsync(0)
    expect(later).toEqual([0, 1])
  })

  it('gives an issuance its place at once, over the bound, and admits no quote until issuances are back under it', async () => {
    const admission = new QuoteAdmission(2, MAX_WAIT)
    const { admitted, leave } = crowd(admission, 1)
    await vi.advanceTimersByTimeAsync(0)
    const issuances = [admission.occupy(), admission.occupy()] // three places taken of two
    const { admitted: waiting } = crowd(admission, 2)
    leave(0)
    await vi.advanceTimersByTimeAsync(0)
    expect(admitted).toEqual([0])
    expect(waiting).toEqual([])
    issuances[0]!()
    await vi.advanceTimersByTimeAsync(0)
    expect(waiting).toEqual([0])
    issuances[1]!()
    await vi.advanceTimersByTimeAsync(0)
    expect(waiting).toEqual([0, 1])
  })

  it('never keeps a quote waiting longer than the longest wait: it goes ahead over the bound', async () => {
    const admission = new QuoteAdmission(1, MAX_WAIT)
    const issuance = admission.occupy()
    const { admitted } = crowd(admission, 3)
    await vi.advanceTimersByTimeAsync(MAX_WAIT - 1)
    expect(admitted).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(admitted).toEqual([0, 1, 2])
    expect(admission.queued).toBe(0)
    issuance()
  })

  it('has no bound at 0 places', async () => {
    const admission = new QuoteAdmission(0, MAX_WAIT)
    admission.occupy()
    const { admitted } = crowd(admission, 50)
    await vi.advanceTimersByTimeAsync(0)
    expect(admitted).toHaveLength(50)
  })
})
