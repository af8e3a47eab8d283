import { describe, expect, it } from 'vitest'
import { earliestStart } from '~/contract/earliest-start'

describe('earliest start of an offer that can still be bought', () => {
  // 22:30 UTC: already the 28th in Bucharest, still the 27th in Budapest.
  const lateEvening = new Date('2026-11-27T22:30:00Z')

  it('lets vignettes start the day they are bought, in their country’s time', () => {
    expect(earliestStart('ro-vignette', lateEvening)).toBe('2026-11-28')
    expect(earliestStart('hu-vignette', lateEvening)).toBe('2026-11-27')
  })

  it('starts policies tomorrow at the earliest, Bucharest time', () => {
    for (const product of ['rca', 'travel', 'house-insurance']) expect(earliestStart(product, lateEvening)).toBe('2026-11-29')
    expect(earliestStart('rca', new Date('2026-11-27T10:00:00Z'))).toBe('2026-11-28')
  })
})
