import { countyOfCnpCode, type CountyCode } from './counties'
import { isIsoDate, wholeYearsBetween } from './iso-date'

/**
 * The Romanian personal numeric code (CNP), romania-insurance-facts.md §6.1: `S AA LL ZZ JJ NNN C`. Zod-free so the
 * owner form checks it as the visitor types; the contract schema wraps it.
 */

const KEY = [2, 7, 9, 1, 4, 6, 3, 5, 8, 2, 7, 9]

export type CnpProblem = 'format' | 'checksum' | 'birth_date' | 'county'
export type CnpFacts = { birthDate: string; sex: 'M' | 'F'; county: CountyCode | undefined; resident: 'ro' | 'foreign' }

/** The check digit of the first 12 digits (sum mod 11, 10 → 1). */
export function cnpCheckDigit(first12: string): number {
  const sum = KEY.reduce((acc, k, i) => acc + k * Number(first12[i]), 0)
  const c = sum % 11
  return c === 10 ? 1 : c
}

/** Spaces removed; nothing else is forgiven. */
export function normalizeCnp(value: string): string {
  return value.replace(/\s+/g, '')
}

/** The facts a CNP carries, or why it is not one. */
export function parseCnp(value: string): { ok: true; facts: CnpFacts } | { ok: false; problem: CnpProblem } {
  const cnp = normalizeCnp(value)
  if (!/^[1-9]\d{12}$/.test(cnp)) return { ok: false, problem: 'format' }
  if (cnpCheckDigit(cnp.slice(0, 12)) !== Number(cnp[12])) return { ok: false, problem: 'checksum' }
  const s = Number(cnp[0])
  // 7/8 foreign residents and 9 foreigners carry no century: the two-digit year is read as the
  // latest past century (no one alive was born before 1900 who would buy a policy online).
  const century = s <= 2 ? 1900 : s <= 4 ? 1800 : s <= 6 ? 2000 : null
  const yy = Number(cnp.slice(1, 3))
  const year = century !== null ? century + yy : yy + 2000 > new Date().getUTCFullYear() ? 1900 + yy : 2000 + yy
  const birthDate = `${year}-${cnp.slice(3, 5)}-${cnp.slice(5, 7)}`
  if (!isIsoDate(birthDate)) return { ok: false, problem: 'birth_date' }
  const jj = cnp.slice(7, 9)
  const county = countyOfCnpCode(jj)
  // Foreigners (9) may carry other county codes in practice; residents' codes must exist.
  if (!county && s !== 9) return { ok: false, problem: 'county' }
  return {
    ok: true,
    facts: { birthDate, sex: s % 2 === 1 ? 'M' : 'F', county, resident: s >= 7 ? 'foreign' : 'ro' },
  }
}

export function isValidCnp(value: string): boolean {
  return parseCnp(value).ok
}

/** The holder's age in whole years on `date` (YYYY-MM-DD), or undefined for an invalid CNP. */
export function cnpAgeOn(value: string, date: string): number | undefined {
  const parsed = parseCnp(value)
  return parsed.ok ? wholeYearsBetween(parsed.facts.birthDate, date) : undefined
}
