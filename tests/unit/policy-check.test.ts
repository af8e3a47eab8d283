import { describe, expect, it } from 'vitest'
import { addDays, today } from '~/contract/iso-date'
import { PolicyCheckForm, PolicyCheckQuery, policyCheckQueryOf } from '~/contract/policy-check'
import { maskPlate, standingOf } from '~/server/orders/policy-check'

describe('the public policy check', () => {
  it('tells a plate from a VIN in the one field of the form, and normalises both', () => {
    expect(policyCheckQueryOf(PolicyCheckForm.parse({ vehicle: 'cj 12 abc', date: '' }))).toEqual({ registration_plate: 'CJ12ABC', date: undefined })
    expect(policyCheckQueryOf(PolicyCheckForm.parse({ vehicle: 'uu1hsdac5l5123456' }))).toEqual({ vin: 'UU1HSDAC5L5123456', date: undefined })
    const day = addDays(today(), 3)
    expect(policyCheckQueryOf(PolicyCheckForm.parse({ vehicle: 'B123ABC', date: day }))).toEqual({ registration_plate: 'B123ABC', date: day })
  })

  it('refuses what is neither, and a day more than a year away, with their own keys', () => {
    const issues = (input: unknown) => PolicyCheckForm.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`)
    expect(issues({ vehicle: 'B!23' })).toEqual(['vehicle:check_vehicle_invalid'])
    expect(issues({ vehicle: '' })).toEqual(['vehicle:check_vehicle_invalid'])
    expect(issues({ vehicle: 'B123ABC', date: addDays(today(), 367) })).toEqual(['date:check_date_invalid'])
    expect(issues({ vehicle: 'B123ABC', date: '2026-02-30' })).toEqual(['date:check_date_invalid'])
    expect(PolicyCheckQuery.safeParse({ registration_plate: 'B123ABC', date: addDays(today(), -366) }).success).toBe(true)
  })

  it('says where a policy stands on a day: from its first to its last day in force', () => {
    const policy = { issued: true, start: '2026-11-27', end: '2027-11-26' }
    expect(standingOf(policy, '2026-11-26')).toBe('not_yet_in_force')
    expect(standingOf(policy, '2026-11-27')).toBe('in_force')
    expect(standingOf(policy, '2027-11-26')).toBe('in_force')
    expect(standingOf(policy, '2027-11-27')).toBe('ended')
    expect(standingOf({ ...policy, issued: false }, '2027-01-01')).toBe('cancelled')
  })

  it('shows only the county and the last two characters of a plate', () => {
    expect(maskPlate('CJ12ABC')).toBe('CJ***BC')
    expect(maskPlate('B123ABC')).toBe('B****BC')
  })
})
