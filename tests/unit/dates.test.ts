import { describe, expect, it } from 'vitest'
import { bucharestInstant } from '~/contract/account-area-form-values'
import { wallClockInput } from '~/contract/iso-date'
import { formatDate, yearInBucharest } from '~/i18n/dates'

describe('dates in Europe/Bucharest', () => {
  // 2026-03-29 00:30 UTC: 02:30 in Bucharest, just before the spring change (01:00 UTC, 03:00 local → 04:00).
  const spring = new Date('2026-03-29T00:30:00Z')
  // 2026-10-25 22:30 UTC: 00:30 on the 26th in Bucharest (EET, UTC+2, after the autumn change).
  const lateOctober = new Date('2026-10-25T22:30:00Z')

  it('formats in each site language', () => {
    expect(formatDate(lateOctober, 'ro')).toBe('26 octombrie 2026')
    expect(formatDate(lateOctober, 'en')).toBe('26 October 2026')
    expect(formatDate(lateOctober, 'fr')).toBe('26 octobre 2026')
    expect(formatDate(lateOctober, 'ro', 'shortDate')).toBe('26.10.2026')
    expect(formatDate(lateOctober, 'fr', 'shortDate')).toBe('26/10/2026')
  })

  it('uses Bucharest time across daylight-saving changes', () => {
    expect(formatDate(spring, 'ro', 'time')).toBe('02:30')
    expect(formatDate(spring.getTime() + 3_600_000, 'ro', 'time')).toBe('04:30') // the hour from 03:00 is skipped
    expect(formatDate(lateOctober, 'en', 'time')).toBe('00:30')
  })

  it('knows the year in Bucharest at New Year', () => {
    expect(yearInBucharest(new Date('2026-12-31T22:30:00Z'))).toBe(2027)
    expect(yearInBucharest(new Date('2026-12-31T21:30:00Z'))).toBe(2026)
  })

  it('reads and writes a form’s date and time as Bucharest wall-clock time, both ways', () => {
    expect(wallClockInput(lateOctober)).toBe('2026-10-26T00:30')
    expect(bucharestInstant('2026-10-26T00:30')).toBe(lateOctober.toISOString())
    expect(wallClockInput(spring)).toBe('2026-03-29T02:30')
    expect(bucharestInstant('2026-03-29T02:30')).toBe(spring.toISOString())
  })

  it('writes a calendar day as that day in every language, and a month short', () => {
    expect(formatDate('2026-11-28', 'ro')).toBe('28 noiembrie 2026')
    expect(formatDate('2026-01-01', 'en', 'month')).toBe('Jan 26')
  })
})
