import { describe, expect, it } from 'vitest'
import { decimalToMicros, parseBnrXml } from '~/server/fx/bnr'
import { toBani } from '~/server/fx/service'

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

  it('converts minor units to bani exactly, rounding half up', () => {
    expect(decimalToMicros('5.09')).toBe(5_090_000)
    // 50 EUR at 5.0912 = 254.56 lei.
    expect(toBani(5000, 5_091_200)).toBe(25456)
    // 61 760 HUF at 1.3150 lei per 100 HUF = 812.14 lei.
    expect(toBani(6_176_000, 13_150)).toBe(81214)
    expect(toBani(1, 5_000_000)).toBe(5)
  })
})
