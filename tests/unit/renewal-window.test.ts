import { describe, expect, it } from 'vitest'
import { periodLastDay, zonedInstant } from '~/contract/iso-date'
import { preparedWindow, renewalStart } from '~/server/renewals/window'

const at = (day: string, time = '10:00') => zonedInstant(day, time)

describe('the renewal window and the next cover’s start', () => {
  it('opens when the new cover starts within 30 days and closes on the old last day', () => {
    expect(preparedWindow(at('2027-03-01'))).toEqual({ from: '2027-03-01', to: '2027-03-30' })
    // Bucharest's day, not UTC's: 00:30 in Bucharest on 1 March is still 28 February in UTC.
    expect(preparedWindow(at('2027-03-01', '00:30')).from).toBe('2027-03-01')
  })

  it.each([
    ['2027-01-31', '2027-02-01', '2028-01-31'],
    ['2027-02-28', '2027-03-01', '2028-02-29'],
    ['2028-02-29', '2028-03-01', '2029-02-28'],
    ['2027-04-30', '2027-05-01', '2028-04-30'],
    ['2027-12-31', '2028-01-01', '2028-12-31'],
  ])('a policy ending %s is followed on %s, for twelve months to %s: no gap, no overlap', (end, start, nextEnd) => {
    expect(renewalStart('rca', end, at('2027-01-20'))).toEqual({ startDate: start, late: false })
    expect(periodLastDay(start, 12)).toBe(nextEnd)
  })

  it('gives a late buyer tomorrow (a vignette today) and says so', () => {
    expect(renewalStart('rca', '2027-12-31', at('2028-01-02'))).toEqual({ startDate: '2028-01-03', late: true })
    expect(renewalStart('ro-vignette', '2027-12-31', at('2028-01-02'))).toEqual({ startDate: '2028-01-02', late: true })
    // On the last day itself the next day can still be bought: on time.
    expect(renewalStart('rca', '2027-12-31', at('2027-12-31', '23:30'))).toEqual({ startDate: '2028-01-01', late: false })
  })
})
