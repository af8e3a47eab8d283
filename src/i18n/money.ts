/** Bani as lei for people: `25050` → `250,50 lei` (ro), `250.50 lei` (en). */
export function formatLei(bani: number, locale: string): string {
  return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(bani / 100)} lei`
}

/** Bani as the number typed in a form field (`250,50` in Romanian and French). */
export function leiInput(bani: number, locale: string): string {
  const text = (bani / 100).toFixed(2)
  return locale === 'en' ? text : text.replace('.', ',')
}

/** An exchange rate (lei per unit, a decimal string from the API) in the locale's digits: `5.0912` → `5,0912` (ro, fr). */
export function formatRate(ronPerUnit: string, locale: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 6 }).format(Number(ronPerUnit))
}
