import { describe, expect, it } from 'vitest'
import { cnpCheckDigit, isValidCnp, parseCnp } from '~/contract/cnp'
import { countyCodes, countyOfCnpCode, isBucharestIlfov } from '~/contract/counties'
import { checkCui, isValidCui } from '~/contract/cui'
import { addMonths, isIsoDate, wholeYearsBetween } from '~/contract/iso-date'
import { categoryOfRegistrationCode, checkVin, parsePlate, vinCheckDigit } from '~/contract/vehicle'
import { decodeVin, vinModelYear } from '~/contract/vin-decode'
import { todayInBucharest } from '~/i18n/dates'

describe('CNP (romania-insurance-facts.md §6.1)', () => {
  it('accepts the test vectors and reads birth date, sex and county', () => {
    for (const cnp of ['1630615123457', '1070504429315', '2700116065277', '4910527475018']) expect(isValidCnp(cnp)).toBe(true)
    expect(parseCnp('1630615123457')).toEqual({ ok: true, facts: { birthDate: '1963-06-15', sex: 'M', county: 'CJ', resident: 'ro' } })
    // S = 4: a woman born in the 1800s; JJ 47 = former Bucharest sector 7.
    expect(parseCnp('4910527475018')).toMatchObject({ ok: true, facts: { birthDate: '1891-05-27', sex: 'F', county: 'B' } })
    expect(parseCnp('2700116065277')).toMatchObject({ ok: true, facts: { birthDate: '1970-01-16', county: 'BN' } })
  })

  it('rejects a wrong check digit, an impossible date, an unknown county and bad formats', () => {
    expect(parseCnp('1630615123458')).toEqual({ ok: false, problem: 'checksum' })
    const withCheck = (first12: string) => first12 + cnpCheckDigit(first12)
    expect(parseCnp(withCheck('163023012345'))).toEqual({ ok: false, problem: 'birth_date' }) // 30 February
    expect(parseCnp(withCheck('163061549345'))).toEqual({ ok: false, problem: 'county' }) // JJ 49
    expect(parseCnp('163061512345')).toEqual({ ok: false, problem: 'format' })
    expect(parseCnp('0630615123457')).toEqual({ ok: false, problem: 'format' })
    expect(parseCnp('16306151234a7')).toEqual({ ok: false, problem: 'format' })
    expect(isValidCnp(' 1630615 123457 ')).toBe(true)
  })

  it('maps every CNP county code of romania-insurance-facts.md §7', () => {
    expect(countyCodes).toHaveLength(42)
    expect(countyOfCnpCode('51')).toBe('CL')
    expect(countyOfCnpCode('52')).toBe('GR')
    expect(countyOfCnpCode('43')).toBe('B')
    expect(countyOfCnpCode('28')).toBe('OT')
    expect(isBucharestIlfov('IF')).toBe(true)
    expect(isBucharestIlfov('CJ')).toBe(false)
  })
})

describe('CUI (romania-insurance-facts.md §6.2)', () => {
  it('checks with (Σ·10) mod 11 and accepts the RO prefix', () => {
    expect(isValidCui('18547290')).toBe(true)
    expect(isValidCui('RO18547290')).toBe(true)
    expect(isValidCui('ro 18547290')).toBe(true)
    expect(checkCui('18547291')).toEqual({ ok: false, problem: 'checksum' })
    expect(checkCui('018547290')).toEqual({ ok: false, problem: 'format' })
    expect(checkCui('1')).toEqual({ ok: false, problem: 'format' })
    expect(checkCui('12345678901')).toEqual({ ok: false, problem: 'format' })
  })
})

describe('plates (romania-insurance-facts.md §6.3)', () => {
  it('knows standard plates of every county and Bucharest', () => {
    expect(parsePlate('B 123 ABC')).toEqual({ plate: 'B123ABC', kind: 'standard', county: 'B' })
    expect(parsePlate('b-12-abc')).toEqual({ plate: 'B12ABC', kind: 'standard', county: 'B' })
    expect(parsePlate('CJ 12 ABC')).toEqual({ plate: 'CJ12ABC', kind: 'standard', county: 'CJ' })
    expect(parsePlate('BV99XYZ')).toMatchObject({ county: 'BV' })
    expect(parsePlate('OT01AAA')).toMatchObject({ county: 'OT' })
  })

  it('refuses Q, a letter group starting with I or O, unknown counties, three digits outside Bucharest and reserved groups', () => {
    for (const plate of ['B12QAB', 'B12ABQ', 'CJ12IAB', 'CJ12OAB', 'OL12ABC', 'XX12ABC', 'CJ123ABC', 'B1234ABC', 'B12POL', 'CJ12AB']) {
      expect(parsePlate(plate), plate).toBeUndefined()
    }
  })

  it('knows provisional (red), test, temporary and diplomatic plates', () => {
    expect(parsePlate('B 0123')).toEqual({ plate: 'B0123', kind: 'provisional', county: 'B' })
    expect(parsePlate('CJ012345')).toMatchObject({ kind: 'provisional', county: 'CJ' })
    expect(parsePlate('CJ00123')).toBeUndefined() // second digit of a red plate is never 0
    expect(parsePlate('CJ123PROBE')).toMatchObject({ kind: 'test', county: 'CJ' })
    expect(parsePlate('IF123456')).toMatchObject({ kind: 'temporary', county: 'IF' })
    expect(parsePlate('CD 123101')).toEqual({ plate: 'CD123101', kind: 'diplomatic', county: undefined })
  })
})

describe('VIN (romania-insurance-facts.md §6.4)', () => {
  it('accepts 17 characters without I, O, Q', () => {
    expect(checkVin('uu1hsdac5l5123456')).toEqual({ ok: true, vin: 'UU1HSDAC5L5123456', checkDigitMatches: true })
    expect(checkVin('UU1HSDAC5L512345')).toEqual({ ok: false, problem: 'format' })
    expect(checkVin('UU1HSDAC5L51234O6')).toEqual({ ok: false, problem: 'format' })
    expect(checkVin('UU1HSDAC5L51234Q6')).toEqual({ ok: false, problem: 'format' })
  })

  it('enforces the check digit for North America only', () => {
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X')
    expect(checkVin('1M8GDM9AXKP042788')).toMatchObject({ ok: true })
    expect(checkVin('1M8GDM9A1KP042788')).toEqual({ ok: false, problem: 'check_digit' })
    // A real Kia VIN that fails the North-American check: not an error in Europe.
    expect(checkVin('KNEJC524585810962')).toEqual({ ok: true, vin: 'KNEJC524585810962', checkDigitMatches: false })
  })

  it('decodes the maker and the model year', () => {
    expect(decodeVin('UU1HSDAC5L5123456', 2026)).toEqual({ wmi: 'UU1', make: 'Dacia', modelYear: 2020 })
    expect(decodeVin('WVWZZZAU5KW123456', 2026)).toMatchObject({ make: 'Volkswagen', modelYear: 2019 })
    expect(decodeVin('KNEJC524585810962', 2026)).toMatchObject({ make: 'Kia', modelYear: 2008 })
    expect(decodeVin('ZZZ11111111111111', 2026)).toMatchObject({ make: undefined, modelYear: 2031 - 30 })
    expect(decodeVin('not a vin')).toBeUndefined()
    // Next year's models are on sale: in 2026 an `A` is 2010, a `T` (2026) is this year, a `V` 2027.
    expect(vinModelYear('XXXXXXXXXAXXXXXXX', 2026)).toBe(2010)
    expect(vinModelYear('XXXXXXXXXTXXXXXXX', 2026)).toBe(2026)
    expect(vinModelYear('XXXXXXXXXVXXXXXXX', 2026)).toBe(2027)
    expect(vinModelYear('XXXXXXXXX0XXXXXXX', 2026)).toBeUndefined()
  })

  it('maps the registration certificate category (J) to the tariff category', () => {
    expect(categoryOfRegistrationCode('M1')).toBe('car')
    expect(categoryOfRegistrationCode('N3')).toBe('goods-vehicle')
    expect(categoryOfRegistrationCode('M3')).toBe('bus')
    expect(categoryOfRegistrationCode('L3e')).toBe('motorcycle')
    expect(categoryOfRegistrationCode('O2')).toBe('trailer')
    expect(categoryOfRegistrationCode('T1')).toBe('tractor')
    expect(categoryOfRegistrationCode('X')).toBeUndefined()
  })
})

describe('calendar dates', () => {
  it('does date arithmetic on calendar days', () => {
    expect(isIsoDate('2025-02-29')).toBe(false)
    expect(isIsoDate('2024-02-29')).toBe(true)
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28')
    expect(addMonths('2026-11-25', 12)).toBe('2027-11-25')
    expect(wholeYearsBetween('1970-06-15', '2026-06-14')).toBe(55)
    expect(wholeYearsBetween('1970-06-15', '2026-06-15')).toBe(56)
  })

  it('takes today in Bucharest, not UTC', () => {
    expect(todayInBucharest(new Date('2026-11-24T21:59:00Z'))).toBe('2026-11-24')
    expect(todayInBucharest(new Date('2026-11-24T22:01:00Z'))).toBe('2026-11-25')
  })
})
