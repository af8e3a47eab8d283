/**
 * Form text turned into the API's types, for the account area's form schemas
 * (`account-area-forms.ts`). Text that is not a number stays text, so the schema answers with its
 * sentence for the field instead of the value silently becoming something else. Zod-free.
 */
import { zoneOffsetMs } from './iso-date'

const clean = (value: string) => value.trim().replace(/\s/g, '')

export const nullable = (value: string): string | null => (value.trim() === '' ? null : value)

export function integerOf(value: string): number | string | null {
  const v = clean(value).replace(/\.(?=\d{3}(\D|$))/g, '')
  if (v === '') return null
  return /^-?\d+$/.test(v) ? Number(v) : value
}

export function decimalOf(value: string): number | string | null {
  const v = clean(value).replace(',', '.')
  if (v === '') return null
  return /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : value
}

/** Lei as typed (`250,50`, `250.5`, `1 250`) → bani; anything else is passed on for the API to refuse. */
export function bani(value: string): number | string {
  const v = clean(value).replace(',', '.')
  if (!/^-?\d+(\.\d{1,2})?$/.test(v)) return value
  return Math.round(Number(v) * 100)
}

export const boolOf = (value: unknown): boolean => value === true || value === 'on' || value === 'true' || value === '1'

/**
 * A `datetime-local` value (`2026-11-25T09:30`) read as Bucharest wall-clock time, as an ISO
 * instant with its offset. Anything else is passed on as it is.
 */
export function bucharestInstant(value: string): string | null {
  const v = value.trim()
  if (v === '') return null
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(v)
  if (!m) return v
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number]
  const asUtc = Date.UTC(y, mo - 1, d, h, mi)
  // The zone's offset at that moment (twice, so a time near a DST change settles on the right side).
  let instant = asUtc
  for (let i = 0; i < 2; i++) instant = asUtc - zoneOffsetMs(new Date(instant))
  return new Date(instant).toISOString()
}
