/**
 * The Romanian company fiscal code (CUI / CIF), romania-insurance-facts.md §6.2: 2–10 digits, no leading zero, an
 * optional `RO` prefix for VAT-registered companies. Zod-free.
 */

const KEY = [7, 5, 3, 2, 1, 7, 5, 3, 2]

/** `RO 18547290` / `ro18547290` → `18547290` (the prefix says VAT registration, not identity). */
export function normalizeCui(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase().replace(/^RO/, '')
}

/** The check digit of the digits before it: left-padded to 9, `(Σ·10) mod 11`, 10 → 0. */
export function cuiCheckDigit(body: string): number {
  const padded = body.padStart(9, '0')
  const sum = KEY.reduce((acc, k, i) => acc + k * Number(padded[i]), 0)
  const c = (sum * 10) % 11
  return c === 10 ? 0 : c
}

export type CuiProblem = 'format' | 'checksum'

export function checkCui(value: string): { ok: true; cui: string } | { ok: false; problem: CuiProblem } {
  const cui = normalizeCui(value)
  if (!/^[1-9]\d{1,9}$/.test(cui)) return { ok: false, problem: 'format' }
  if (cuiCheckDigit(cui.slice(0, -1)) !== Number(cui.at(-1))) return { ok: false, problem: 'checksum' }
  return { ok: true, cui }
}

export function isValidCui(value: string): boolean {
  return checkCui(value).ok
}
