import type { DiaryEntry } from '~/contract/account-area'

const HEADER = ['date', 'category', 'amount_lei', 'currency', 'odometer_km', 'litres', 'full_tank', 'place', 'note']

/**
 * A cell as spreadsheets read it: quoted when needed, and text that a spreadsheet would run as
 * a formula (`=`, `+`, `-`, `@`, tab, CR) prefixed with an apostrophe (CSV injection).
 */
function cell(value: string | number | boolean | null): string {
  if (value === null) return ''
  let text = String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** The diary as CSV (RFC 4180, CRLF), amounts in lei with a dot for decimals. */
export function diaryCsv(entries: readonly DiaryEntry[]): string {
  const lines = [HEADER.join(',')]
  for (const e of entries) {
    lines.push([e.date, e.category, (e.amount / 100).toFixed(2), e.currency, e.odometer_km, e.litres, e.full_tank, e.place, e.note].map(cell).join(','))
  }
  return lines.join('\r\n') + '\r\n'
}
