import { addDays, daysBetween, today } from '~/contract/iso-date'
import { isBankingDay } from '../fx/rate-day'
import { failure, methodNotAllowed } from './http'

/**
 * The BNR sandbox: stands in for the National Bank of Romania's reference-rate feed, in its XML
 * format (`DataSet/Body/Cube date=…/Rate currency=… multiplier=…`).
 *
 *   GET /sandbox/bnr/nbrfxrates.xml                      → the latest banking day's rates
 *   GET /sandbox/bnr/files/xml/years/nbrfxrates2026.xml  → every banking day of 2026 so far
 *     → 404 for a year that has not begun
 *
 * Rates are fixed by the date (plausible: EUR 4.95–5.10 lei, 100 HUF 1.29–1.34 lei), published
 * for each banking day up to today (the process's clock, so a test that moves `Date` moves it).
 */

const YEAR_PATH = /^\/files\/xml\/years\/nbrfxrates(\d{4})\.xml$/

/** The sandbox's rate of `currency` on `day`, as BNR writes it (4 decimals; HUF per 100). */
export function sandboxBnrRate(currency: 'EUR' | 'HUF' | 'USD', day: string): string {
  const n = daysBetween('2026-01-01', day)
  const value =
    currency === 'EUR' ? 5.02 + 0.0001 * n + 0.04 * Math.sin(n / 23) : currency === 'HUF' ? 1.315 + 0.02 * Math.sin(n / 31) : 4.35 + 0.0002 * n + 0.1 * Math.sin(n / 17)
  return (Math.round(value * 10_000) / 10_000).toFixed(4)
}

function cube(day: string): string {
  return `<Cube date="${day}"><Rate currency="EUR">${sandboxBnrRate('EUR', day)}</Rate><Rate currency="HUF" multiplier="100">${sandboxBnrRate('HUF', day)}</Rate><Rate currency="USD">${sandboxBnrRate('USD', day)}</Rate></Cube>`
}

function document(published: string, days: string[]): Response {
  const xml = `<?xml version="1.0" encoding="utf-8"?>
<DataSet xmlns="http://www.bnr.ro/xsd" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><Header><Publisher>National Bank of Romania</Publisher><PublishingDate>${published}</PublishingDate><MessageType>DR</MessageType></Header><Body><Subject>Reference rates</Subject><OrigCurrency>RON</OrigCurrency>${days.map(cube).join('')}</Body></DataSet>`
  return new Response(xml, { headers: { 'content-type': 'text/xml; charset=utf-8', 'cache-control': 'no-store' } })
}

/** Banking days from `from` to `to`, both included. */
function bankingDays(from: string, to: string): string[] {
  const days: string[] = []
  for (let day = from; day <= to; day = addDays(day, 1)) if (isBankingDay(day)) days.push(day)
  return days
}

export async function bnrSandboxService(request: Request, path: string): Promise<Response> {
  if (request.method !== 'GET') return methodNotAllowed('GET')
  const now = today()
  if (path === '/nbrfxrates.xml') {
    let day = now
    while (!isBankingDay(day)) day = addDays(day, -1)
    return document(day, [day])
  }
  const year = YEAR_PATH.exec(path)?.[1]
  if (!year) return failure(404, 'not_found', 'Unknown BNR resource.')
  if (`${year}-01-01` > now) return failure(404, 'not_found', 'No rates for a year that has not begun.')
  const last = `${year}-12-31` < now ? `${year}-12-31` : now
  const days = bankingDays(`${year}-01-01`, last)
  return document(days.at(-1) ?? last, days)
}
