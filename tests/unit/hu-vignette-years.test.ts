import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { FieldMessageKey } from '~/contract/field-messages'
import { HOUSE_START_MAX_DAYS } from '~/contract/house'
import { addDays } from '~/contract/iso-date'
import { Quote } from '~/contract/quotes'
import { RCA_START_MAX_DAYS } from '~/contract/rca-constants'
import { HU_VIGNETTE_MAX_DAYS_AHEAD, RO_VIGNETTE_MAX_DAYS_AHEAD } from '~/contract/vignette-constants'
import { huVignetteCategories, huVignettePeriods, HuVignetteQuoteInput } from '~/contract/vignettes'
import { huVignetteTariffs } from '~/server/products/vignettes/hu-tariff'
import { huVignetteDefinition } from '~/server/products/vignettes/definitions'
import { priceHuVignette, type VignettePrice } from '~/server/products/vignettes/pricing'
import { fieldSentence } from '~/server/i18n'

const hu = (over: Record<string, unknown>) =>
  HuVignetteQuoteInput.parse({ vehicle: { registration_plate: 'B123ABC', country: 'RO', category: 'D1' }, period: 'annual', start_date: '2026-11-23', token: '', ...over })
const priced = (result: VignettePrice | unknown[]): VignettePrice => {
  if (Array.isArray(result)) throw new Error(`refused: ${JSON.stringify(result)}`)
  return result
}
/** Noon in Budapest on `day`. */
const noonOn = (day: string) => new Date(`${day}T11:00:00Z`)

describe('Hungarian vignette prices by the year they are valid in (romania-insurance-facts.md §3.2)', () => {
  it('pre-sells next year’s annual in December at next year’s price', () => {
    const december = noonOn('2025-12-05')
    expect(priced(priceHuVignette(hu({ start_date: '2026-01-01' }), december)).listPrice.amount).toBe(6176000)
    // The same day, a daily vignette for this year costs this year's price.
    expect(priced(priceHuVignette(hu({ period: 'daily', start_date: '2025-12-05' }), december)).listPrice.amount).toBe(532000)
    expect(priced(priceHuVignette(hu({ period: 'daily', start_date: '2026-01-02' }), december)).listPrice.amount).toBe(555000)
  })

  it('refuses a year whose prices are not loaded, never selling it at the year before’s', () => {
    const december = noonOn('2026-12-01')
    expect(priceHuVignette(hu({ start_date: '2027-01-01' }), december)).toEqual([{ path: 'start_date', key: 'hu_vignette_year_not_published' }])
    expect(priceHuVignette(hu({ period: 'daily', start_date: '2027-01-01' }), december)).toEqual([{ path: 'start_date', key: 'hu_vignette_year_not_published' }])
    // …while this year's is still sold.
    expect(priced(priceHuVignette(hu({ period: 'daily', start_date: '2026-12-31' }), december)).listPrice.amount).toBe(555000)
  })

  it('costs the table of its year for every loaded year, category and period', () => {
    for (const [year, table] of Object.entries(huVignetteTariffs)) {
      const start = `${year}-06-10`
      for (const category of huVignetteCategories) {
        for (const period of huVignettePeriods) {
          const amount = table[category][period]
          const input = HuVignetteQuoteInput.safeParse({ vehicle: { registration_plate: 'B123ABC', country: 'RO', category }, period, counties: period === 'county' ? ['pest'] : [], start_date: start, token: '' })
          if (!input.success) {
            // Motorcycles buy annual vignettes as D1 (romania-insurance-facts.md §3.1): refused by the schema, and not in the table.
            expect(amount).toBeUndefined()
            continue
          }
          const result = priceHuVignette(input.data, noonOn(`${year}-06-01`))
          if (amount === undefined) expect(result).toEqual([{ path: 'period', key: 'vignette_period_not_sold' }])
          else expect(priced(result).listPrice.amount, `${year} ${category} ${period}`).toBe(amount)
        }
      }
    }
    // Prices are indexed upwards every year (romania-insurance-facts.md §3.2: +4.3 % for 2026).
    for (const category of huVignetteCategories)
      for (const period of huVignettePeriods) {
        const [before, after] = [huVignetteTariffs[2025]?.[category][period], huVignetteTariffs[2026]?.[category][period]]
        if (before !== undefined && after !== undefined) expect(after).toBeGreaterThan(before)
      }
  })

  it('prices any start within the sale window at its own year’s prices, or refuses it', () => {
    const day = fc.integer({ min: 0, max: 800 }).map((n) => addDays('2025-01-01', n))
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: HU_VIGNETTE_MAX_DAYS_AHEAD }), fc.constantFrom('daily', '10d', 'monthly', 'annual'), (today, ahead, period) => {
        const start = addDays(today, ahead)
        const result = priceHuVignette(hu({ period, start_date: start }), noonOn(today))
        const table = huVignetteTariffs[Number(start.slice(0, 4))]
        if (!table) expect(result).toEqual([{ path: 'start_date', key: 'hu_vignette_year_not_published' }])
        else expect(priced(result).listPrice.amount).toBe(table.D1[period as 'daily'])
      }),
      { numRuns: 300 },
    )
  })
})

describe('an annual Hungarian vignette that ends within 60 days', () => {
  it('says how short it is before purchase; a longer one says nothing', () => {
    const now = noonOn('2026-11-20')
    // 3 December to 31 January: 60 days.
    expect(priced(priceHuVignette(hu({ start_date: '2026-12-03' }), now)).shortValidityDays).toBe(60)
    expect(priced(priceHuVignette(hu({ period: 'county', counties: ['pest'], start_date: '2026-12-20' }), now)).shortValidityDays).toBe(43)
    expect(priced(priceHuVignette(hu({ start_date: '2026-12-02' }), now)).shortValidityDays).toBeUndefined()
    expect(priced(priceHuVignette(hu({ start_date: '2026-11-20' }), now)).shortValidityDays).toBeUndefined()
    // A monthly vignette is as long as it says: nothing to tell.
    expect(priced(priceHuVignette(hu({ period: 'monthly', start_date: '2026-12-20' }), now)).shortValidityDays).toBeUndefined()
  })

  it('puts it in the quote as the API describes it', () => {
    const view = huVignetteDefinition.quoteView({ short_validity: { last_day: '2027-01-31', days: 43 } }, [])
    expect(Quote.shape.short_validity.parse(view.short_validity)).toEqual({ last_day: '2027-01-31', days: 43 })
    expect(huVignetteDefinition.quoteView({}, [])).toEqual({})
  })
})

describe('messages and limits agree', () => {
  it('starts a Hungarian vignette at most 31 days ahead, a rovinietă 30, and each message says its own number', () => {
    const now = noonOn('2026-11-10')
    expect(Array.isArray(priceHuVignette(hu({ period: 'daily', start_date: addDays('2026-11-10', HU_VIGNETTE_MAX_DAYS_AHEAD) }), now))).toBe(false)
    expect(priceHuVignette(hu({ period: 'daily', start_date: addDays('2026-11-10', HU_VIGNETTE_MAX_DAYS_AHEAD + 1) }), now)).toEqual([{ path: 'start_date', key: 'hu_vignette_start_too_far' }])
    const says = (key: FieldMessageKey, limit: number) => {
      for (const locale of ['ro', 'en', 'fr'] as const) expect(fieldSentence(locale, key), `${locale} ${key}`).toMatch(new RegExp(`\\b${limit}\\b`))
    }
    says('hu_vignette_start_too_far', HU_VIGNETTE_MAX_DAYS_AHEAD)
    says('vignette_start_too_far', RO_VIGNETTE_MAX_DAYS_AHEAD)
    says('house_start_too_far', HOUSE_START_MAX_DAYS)
    says('start_date_too_late', RCA_START_MAX_DAYS)
  })
})
