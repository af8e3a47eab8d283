import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bonusMalusCodes } from '~/contract/bonus-malus'
import { cnpAgeOn, cnpCheckDigit, parseCnp } from '~/contract/cnp'
import { checkCui, cuiCheckDigit } from '~/contract/cui'
import { addDays, isIsoDate } from '~/contract/iso-date'
import { checkVin, vinCheckDigit } from '~/contract/vehicle'
import { rcaQuoteInputSchema } from '~/contract/rca'
import { rcaInsurers } from '~/server/products/rca/insurers'
import { rcaRisk, vehicleBand } from '~/server/products/rca/risk'
import { isDecline, rcaPremium } from '~/server/sandbox/insurers/rca-tariff'
import { rcaTariffs } from '~/server/sandbox/insurers/rca-tariffs'
import { RCA_TEST_NOW, rcaRequest } from '../support/rca'

const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(''))
const day = fc.integer({ min: 0, max: 365 * 99 }).map((n) => addDays('1920-01-01', n))

describe('identifiers, for any input', () => {
  it('a CNP with a real date, a known county and its check digit is valid; any other last digit is not', () => {
    fc.assert(
      fc.property(day, fc.constantFrom('01', '12', '40', '46', '51', '52'), digits(3), fc.integer({ min: 1, max: 9 }), (birth, county, serial, bump) => {
        const s = birth < '2000' ? '1' : '5'
        const first12 = `${s}${birth.slice(2, 4)}${birth.slice(5, 7)}${birth.slice(8, 10)}${county}${serial}`
        const check = cnpCheckDigit(first12)
        const parsed = parseCnp(first12 + check)
        expect(parsed).toMatchObject({ ok: true, facts: { birthDate: birth } })
        expect(parseCnp(first12 + ((check + bump) % 10))).toEqual({ ok: false, problem: 'checksum' })
        expect(cnpAgeOn(first12 + check, birth)).toBe(0)
      }),
    )
  })

  it('a CUI with its check digit is valid, with or without RO; any other last digit is not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999 }), fc.integer({ min: 1, max: 9 }), (body, bump) => {
        const check = cuiCheckDigit(String(body))
        expect(checkCui(`${body}${check}`)).toEqual({ ok: true, cui: `${body}${check}` })
        expect(checkCui(`RO${body}${check}`)).toMatchObject({ ok: true })
        expect(checkCui(`${body}${(check + bump) % 10}`)).toEqual({ ok: false, problem: 'checksum' })
      }),
    )
  })

  it('a North-American VIN must carry its check digit; other VINs need not', () => {
    const vinChar = fc.constantFrom(...'0123456789ABCDEFGHJKLMNPRSTUVWXYZ')
    const tail = fc.array(vinChar, { minLength: 16, maxLength: 16 }).map((c) => c.join(''))
    fc.assert(
      fc.property(fc.constantFrom('1', '4', '5', 'W', 'V', 'U', 'K'), tail, (first, rest) => {
        const raw = first + rest
        const right = raw.slice(0, 8) + vinCheckDigit(raw) + raw.slice(9)
        expect(checkVin(right)).toMatchObject({ ok: true, checkDigitMatches: true })
        const wrong = right.slice(0, 8) + (right[8] === '0' ? '1' : '0') + right.slice(9)
        expect(checkVin(wrong).ok).toBe(!/^[1-5]/.test(first))
      }),
    )
  })

  it('date arithmetic stays on real dates', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: -400, max: 400 }), (d, n) => {
        expect(isIsoDate(addDays(d, n))).toBe(true)
      }),
    )
  })
})

describe('tariffs, for any reasonable car', () => {
  const schema = rcaQuoteInputSchema(() => RCA_TEST_NOW)
  // Parsed once: the property varies the risk itself, so the run stays cheap on a busy machine.
  const reference = rcaRisk(schema.parse(rcaRequest()), { bonusMalus: 'B0' })
  it('more power never costs less, a better class never costs more, and premiums are whole bani', () => {
    fc.assert(
      fc.property(fc.integer({ min: 20, max: 400 }), fc.integer({ min: 1, max: 12 }), fc.constantFrom(...rcaInsurers.map((i) => i.code)), (kw, months, code) => {
        const price = (powerKw: number, cls: (typeof bonusMalusCodes)[number]) => {
          const risk = { ...reference, powerKw, band: vehicleBand('car', { powerKw, totalMassKg: 1800, seats: 5 }), months, bonusMalus: cls }
          const result = rcaPremium(rcaTariffs[code], risk)
          if (isDecline(result)) throw new Error('an ordinary car was declined')
          expect(Number.isInteger(result.premium)).toBe(true)
          return result.premium
        }
        expect(price(kw + 30, 'B0')).toBeGreaterThanOrEqual(price(kw, 'B0'))
        // Up to M4: from M5 one insurer declines (tariffs-data.ts).
        const byClass = bonusMalusCodes.slice(0, bonusMalusCodes.indexOf('M5')).map((cls) => price(kw, cls))
        for (let i = 1; i < byClass.length; i++) expect(byClass[i]).toBeGreaterThanOrEqual(byClass[i - 1]!)
      }),
      { numRuns: 200 },
    )
  })
})
