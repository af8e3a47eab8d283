import { XMLParser } from 'fast-xml-parser'
import { isIsoDate } from '~/contract/iso-date'

export interface ParsedRate {
  currency: string
  date: string
  ronPerUnitMicros: number
}

/**
 * A rate or a BNR document that cannot be stored; its message is a sentence for the operator,
 * never a parser's or the database's text.
 */
export class RateError extends Error {
  override name = 'RateError'
}

/**
 * The dearest rate the table holds: millionths of a leu in a 32-bit integer, 2 147.483647 lei
 * per unit (BNR's dearest currency is a small fraction of that). Above it the insert failed.
 */
export const MAX_RON_PER_UNIT_MICROS = 2_147_483_647

/** "5.0912" → 5 091 200 millionths, exactly (no floating point). */
export function decimalToMicros(value: string): number {
  const m = /^(\d{1,6})(?:\.(\d{1,6}))?$/.exec(value.trim())
  if (!m) throw new RateError(`not a rate: ${value.slice(0, 40)}`)
  return Number(m[1]) * 1_000_000 + Number((m[2] ?? '').padEnd(6, '0'))
}

/** Why a rate cannot be stored (at most 2 147.483647 lei per unit, above zero), if it cannot. */
export function rateProblem(ronPerUnitMicros: number): string | undefined {
  if (ronPerUnitMicros <= 0) return 'A rate must be above zero.'
  if (ronPerUnitMicros > MAX_RON_PER_UNIT_MICROS) return 'A rate must be at most 2147.483647 lei per unit.'
  return undefined
}

/**
 * The rates of BNR's reference-rate feed (`nbrfxrates.xml`, and the yearly `nbrfxrates2026.xml`):
 * `<DataSet><Body><Cube date="…"><Rate currency="EUR">5.0912</Rate><Rate currency="HUF" multiplier="100">1.3150</Rate>…`.
 * A `multiplier` means the rate is for that many units, so it is divided back to one unit.
 */
export function parseBnrXml(xml: string): ParsedRate[] {
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => name === 'Cube' || name === 'Rate', textNodeName: 'value' })
  let doc: { DataSet?: { Body?: { Cube?: { date?: unknown; Rate?: { currency?: unknown; multiplier?: unknown; value?: unknown }[] }[] } } }
  try {
    doc = parser.parse(xml) as typeof doc
  } catch {
    throw new RateError('not an XML document')
  }
  const cubes = doc.DataSet?.Body?.Cube
  if (!Array.isArray(cubes)) throw new RateError('not a BNR rates document (no DataSet/Body/Cube)')
  // Every value is checked here, so what reaches the table fits it (a date, a code, a rate in range).
  return cubes.flatMap((cube) => {
    const date = cube.date
    if (typeof date !== 'string' || !isIsoDate(date)) throw new RateError('a Cube without a valid date (YYYY-MM-DD)')
    return (Array.isArray(cube.Rate) ? cube.Rate : []).map((rate) => {
      const currency = rate.currency
      if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) throw new RateError('a Rate without a currency code (three capital letters)')
      const micros = decimalToMicros(String(rate.value))
      const multiplier = rate.multiplier === undefined ? 1 : Number(rate.multiplier)
      if (!Number.isInteger(multiplier) || multiplier <= 0) throw new RateError(`bad multiplier for ${currency}`)
      const ronPerUnitMicros = Math.round(micros / multiplier)
      const problem = rateProblem(ronPerUnitMicros)
      if (problem) throw new RateError(`${currency}: ${problem}`)
      return { currency, date, ronPerUnitMicros }
    })
  })
}
