import { describe, expect, it } from 'vitest'
import { payableAt, payableUntil } from '~/server/orders/pay-window'

describe('how long an offer can be paid for (decision 91)', () => {
  const far = new Date('2026-12-31T00:00:00Z')

  it('ends a policy at the Bucharest midnight its cover starts: quoted on 27 Nov for the 28th, paid on 1 Dec, is not payable', () => {
    const offer = { product: 'rca', expiresAt: far, startDate: '2026-11-28' }
    // 00:00 on 28 Nov in Bucharest (UTC+2) is 22:00 UTC on the 27th.
    expect(payableUntil(offer)).toEqual(new Date('2026-11-27T22:00:00Z'))
    expect(payableAt(offer, new Date('2026-11-27T21:59:59Z'))).toBe(true)
    expect(payableAt(offer, new Date('2026-11-27T22:00:00Z'))).toBe(false)
    expect(payableAt(offer, new Date('2026-12-01T10:00:00Z'))).toBe(false)
  })

  it('lets a vignette be paid until its day ends, in its country’s time', () => {
    expect(payableUntil({ product: 'ro-vignette', expiresAt: far, startDate: '2026-11-28' })).toEqual(new Date('2026-11-28T22:00:00Z'))
    // Budapest is UTC+1: its midnight comes an hour after Bucharest's.
    const hu = { product: 'hu-vignette', expiresAt: far, startDate: '2026-11-28' }
    expect(payableUntil(hu)).toEqual(new Date('2026-11-28T23:00:00Z'))
    expect(payableAt(hu, new Date('2026-11-28T22:30:00Z'))).toBe(true)
  })

  it('ends with the quote when that comes first, and the page never outlives what the settlement accepts', () => {
    const expiresAt = new Date('2026-11-27T12:00:00Z')
    const offer = { product: 'travel', expiresAt, startDate: '2026-12-10' }
    expect(payableUntil(offer)).toEqual(expiresAt)
    expect(payableAt(offer, new Date(expiresAt.getTime() - 1))).toBe(true)
    expect(payableAt(offer, expiresAt)).toBe(false)
    for (const product of ['rca', 'ro-vignette', 'hu-vignette']) {
      const dated = { product, expiresAt: far, startDate: '2027-03-28' } // the spring clock change
      const until = payableUntil(dated)
      expect(payableAt(dated, new Date(until.getTime() - 1))).toBe(true)
      expect(payableAt(dated, until)).toBe(false)
    }
  })

  it('ends an offer without a start date with its quote', () => {
    expect(payableUntil({ product: 'rca', expiresAt: far, startDate: null })).toEqual(far)
  })
})
