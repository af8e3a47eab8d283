import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addDays, daysBetween, isIsoDate, periodLastDay } from '~/contract/iso-date'
import { rcaPolicyEndDate } from '~/contract/rca'
import { houseEndDate } from '~/server/products/house/rules'
import { travelEndDate } from '~/server/products/travel/rules'
import { huVignetteValidity, roVignetteValidity } from '~/server/products/vignettes/validity'

const day = fc.integer({ min: 0, max: 365 * 12 }).map((n) => addDays('2024-01-01', n))
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate()

describe('a period of N months from day D (one rule for every product)', () => {
  it('ends the day before day D of the month N later, or that month’s last day when it has no day D', () => {
    expect(periodLastDay('2026-03-01', 12)).toBe('2027-02-28')
    expect(periodLastDay('2028-02-29', 12)).toBe('2029-02-28')
    expect(periodLastDay('2027-01-28', 1)).toBe('2027-02-27')
    expect(periodLastDay('2027-01-29', 1)).toBe('2027-02-28')
    expect(periodLastDay('2027-01-30', 1)).toBe('2027-02-28')
    expect(periodLastDay('2027-01-31', 1)).toBe('2027-02-28')
    expect(periodLastDay('2028-01-29', 1)).toBe('2028-02-28')
    expect(periodLastDay('2028-01-30', 1)).toBe('2028-02-29')
    expect(periodLastDay('2026-03-31', 1)).toBe('2026-04-30')
    expect(periodLastDay('2026-03-30', 1)).toBe('2026-04-29')
    expect(periodLastDay('2026-08-31', 6)).toBe('2027-02-28')
    expect(periodLastDay('2026-12-15', 1)).toBe('2027-01-14')
  })

  it('holds for any start and any length of 1–12 months', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 12 }), (start, months) => {
        const end = periodLastDay(start, months)
        expect(isIsoDate(end)).toBe(true)
        const [y, m, d] = start.split('-').map(Number) as [number, number, number]
        const targetYear = y + Math.floor((m - 1 + months) / 12)
        const targetMonth = ((m - 1 + months) % 12) + 1
        const next = addDays(end, 1)
        if (d <= daysIn(targetYear, targetMonth)) {
          // The next period would start on day D of the target month.
          expect(next).toBe(`${targetYear}-${String(targetMonth).padStart(2, '0')}-${String(d).padStart(2, '0')}`)
        } else {
          // No day D: the period ends on the target month's last day.
          expect(end.slice(8)).toBe(String(daysIn(targetYear, targetMonth)))
          expect(next.slice(8)).toBe('01')
        }
        // A month is 28–31 days: N months are never shorter than N × 28 − 3 nor longer than N × 31.
        const length = daysBetween(start, end) + 1
        expect(length).toBeGreaterThanOrEqual(months * 28 - 3)
        expect(length).toBeLessThanOrEqual(months * 31)
        // A longer period never ends earlier.
        if (months < 12) expect(periodLastDay(start, months + 1) > end).toBe(true)
      }),
      { numRuns: 500 },
    )
  })

  it('is the end of every product sold by the month', () => {
    for (const [start, months, end] of [
      ['2028-02-29', 12, '2029-02-28'],
      ['2027-01-30', 1, '2027-02-28'],
      ['2027-01-31', 1, '2027-02-28'],
    ] as const) {
      expect(rcaPolicyEndDate(start, months, 'standard')).toBe(end)
    }
    expect(houseEndDate('2028-02-29')).toBe('2029-02-28')
    expect(travelEndDate({ trip: 'annual', start_date: '2028-02-29', end_date: '2028-02-29' } as Parameters<typeof travelEndDate>[0])).toBe('2029-02-28')
    const now = new Date('2028-02-20T10:00:00Z')
    expect(roVignetteValidity({ period: '12m', start_date: '2028-02-29' }, now).lastDay).toBe('2029-02-28')
    // Provisional plates run in 30-day periods, not months (romania-insurance-facts.md §1.2).
    expect(rcaPolicyEndDate('2028-02-29', 1, 'provisional')).toBe('2028-03-29')
  })

  it('leaves the Hungarian monthly vignette its own decree’s rule: to the same day-number, or the month’s last day', () => {
    const now = new Date('2027-01-10T10:00:00Z')
    expect(huVignetteValidity({ period: 'monthly', start_date: '2027-01-15' }, now).lastDay).toBe('2027-02-15')
    expect(huVignetteValidity({ period: 'monthly', start_date: '2027-01-31' }, now).lastDay).toBe('2027-02-28')
  })
})
