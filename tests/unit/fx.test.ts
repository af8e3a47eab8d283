import { describe, expect, it } from 'vitest'
import { formatRate } from '~/i18n/money'
import { decimalToMicros, parseBnrXml } from '~/server/fx/bnr'
import { bankingDaysAfter, rateDayFor, rateHoldsUntil } from '~/server/fx/rate-day'
import { toBani } from '~/server/fx/service'
import { sandboxFetch } from '~/server/sandbox'

describe('exchange rates', () => {
  it('reads BNR’s feed, dividing rates quoted per 100 units', () => {
    const xml = `<?xml version="1.0" encoding="utf-8"?>
<DataSet xmlns="http://www.bnr.ro/xsd"><Header><Publisher>National Bank of Romania</Publisher><PublishingDate>2026-11-23</PublishingDate><MessageType>DR</MessageType></Header>
<Body><Subject>Reference rates</Subject><OrigCurrency>RON</OrigCurrency>
<Cube date="2026-11-23"><Rate currency="EUR">5.0912</Rate><Rate currency="HUF" multiplier="100">1.3150</Rate><Rate currency="USD">4.4021</Rate></Cube></Body></DataSet>`
    expect(parseBnrXml(xml)).toEqual([
      { currency: 'EUR', date: '2026-11-23', ronPerUnitMicros: 5_091_200 },
      { currency: 'HUF', date: '2026-11-23', ronPerUnitMicros: 13_150 },
      { currency: 'USD', date: '2026-11-23', ronPerUnitMicros: 4_402_100 },
    ])
    expect(() => parseBnrXml('<html></html>')).toThrow(/BNR/)
  })

  it('divides by any multiplier and refuses a malformed feed with a sentence', () => {
    const cube = (inner: string, date = '2026-11-23') => `<DataSet><Body><Cube date="${date}">${inner}</Cube></Body></DataSet>`
    expect(parseBnrXml(cube('<Rate currency="JPY" multiplier="100">2.9876</Rate><Rate currency="KRW" multiplier="1000">3.0555</Rate>'))).toEqual([
      { currency: 'JPY', date: '2026-11-23', ronPerUnitMicros: 29_876 },
      { currency: 'KRW', date: '2026-11-23', ronPerUnitMicros: 3_056 },
    ])
    expect(() => parseBnrXml('<DataSet><Body><Cube date="2026-11-23"><Rate currency="EUR">5.09')).toThrow(/XML|BNR|rate/)
    expect(() => parseBnrXml(cube('<Rate currency="EUR">5,0912</Rate>'))).toThrow(/not a rate/)
    expect(() => parseBnrXml(cube('<Rate currency="HUF" multiplier="cent">1.3150</Rate>'))).toThrow(/multiplier/)
    expect(() => parseBnrXml(cube('<Rate currency="EUR">5.0912</Rate>', '2026-02-30'))).toThrow(/date/)
    expect(() => parseBnrXml('<DataSet><Header/></DataSet>')).toThrow(/DataSet\/Body\/Cube/)
  })

  it('holds a price until the rule would take another day’s rate: the next Bucharest midnight, or the next month’s first', () => {
    // 23:50 in Bucharest (UTC+2 in winter) on 27 November: the price holds ten minutes.
    expect(rateHoldsUntil('bnr-of-day', new Date('2026-11-27T21:50:00Z')).toISOString()).toBe('2026-11-27T22:00:00.000Z')
    // 00:30 in Bucharest on 28 November (still 27 November in UTC): until the next midnight.
    expect(rateHoldsUntil('bnr-of-day', new Date('2026-11-27T22:30:00Z')).toISOString()).toBe('2026-11-28T22:00:00.000Z')
    // Summer time (UTC+3), and the last evening of a month for the previous month's rate.
    expect(rateHoldsUntil('bnr-of-day', new Date('2027-07-14T12:00:00Z')).toISOString()).toBe('2027-07-14T21:00:00.000Z')
    expect(rateHoldsUntil('bnr-end-of-previous-month', new Date('2026-11-30T21:55:00Z')).toISOString()).toBe('2026-11-30T22:00:00.000Z')
    expect(rateHoldsUntil('bnr-end-of-previous-month', new Date('2028-02-10T10:00:00Z')).toISOString()).toBe('2028-02-29T22:00:00.000Z')
  })

  it('names the day each rule takes the rate of, and counts banking days without weekends and fixed holidays', () => {
    expect(rateDayFor('bnr-of-day', '2026-11-27')).toBe('2026-11-27')
    expect(rateDayFor('bnr-end-of-previous-month', '2026-11-27')).toBe('2026-10-31')
    expect(rateDayFor('bnr-end-of-previous-month', '2027-01-05')).toBe('2026-12-31')
    expect(rateDayFor('bnr-end-of-previous-month', '2028-03-01')).toBe('2028-02-29')
    // Friday 20 → Friday 27 November: 5 banking days; Monday 30 November and 1 December are holidays.
    expect(bankingDaysAfter('2026-11-20', '2026-11-27')).toBe(5)
    expect(bankingDaysAfter('2026-11-27', '2026-12-02')).toBe(1)
    expect(bankingDaysAfter('2026-11-27', '2026-11-27')).toBe(0)
  })

  it('serves BNR’s yearly document from the sandbox, banking days only, up to today', async () => {
    const get = (path: string) => sandboxFetch(new Request(`http://sandbox.test/sandbox/bnr${path}`))
    const res = (await get('/files/xml/years/nbrfxrates2025.xml'))!
    expect(res.status).toBe(200)
    const rates = parseBnrXml(await res.text())
    const days = [...new Set(rates.map((r) => r.date))]
    expect(days).toHaveLength(365 - 104 - 10) // 104 weekend days; 10 fixed holidays fall on weekdays in 2025 (not 1 June, 30 November)
    expect(days).not.toContain('2025-12-25')
    expect(days.at(-1)).toBe('2025-12-31')
    const eur = rates.filter((r) => r.currency === 'EUR').map((r) => r.ronPerUnitMicros)
    const huf = rates.filter((r) => r.currency === 'HUF').map((r) => r.ronPerUnitMicros)
    expect(Math.min(...eur)).toBeGreaterThan(4_900_000)
    expect(Math.max(...eur)).toBeLessThan(5_150_000)
    expect(Math.min(...huf)).toBeGreaterThan(12_500)
    expect(Math.max(...huf)).toBeLessThan(13_600)
    expect((await get('/files/xml/years/nbrfxrates2999.xml'))!.status).toBe(404)
    expect(parseBnrXml(await (await get('/nbrfxrates.xml'))!.text()).map((r) => r.currency)).toEqual(['EUR', 'HUF', 'USD'])
  })

  it('converts minor units to bani exactly, rounding half up', () => {
    expect(decimalToMicros('5.09')).toBe(5_090_000)
    // 50 EUR at 5.0912 = 254.56 lei.
    expect(toBani(5000, 5_091_200)).toBe(25456)
    // 61 760 HUF at 1.3150 lei per 100 HUF = 812.14 lei.
    expect(toBani(6_176_000, 13_150)).toBe(81214)
    expect(toBani(1, 5_000_000)).toBe(5)
  })

  it('shows a rate in the locale’s digits: a comma in Romanian and French', () => {
    expect(formatRate('5.0912', 'ro')).toBe('5,0912')
    expect(formatRate('5.0912', 'fr')).toBe('5,0912')
    expect(formatRate('5.0912', 'en')).toBe('5.0912')
    expect(formatRate('5.09', 'ro')).toBe('5,09')
    expect(formatRate('0.01315', 'fr')).toBe('0,01315')
  })
})
