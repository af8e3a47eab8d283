import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { CATEGORY_COLOURS, CostChartLegend, CostChartSvg } from '~/features/account-area/cost-chart-drawing'
import { formatLei } from '~/i18n/money'

// The diary's cost chart as the server renders it: nothing the page's CSP refuses
// (no inline `style=`), a legend whose colours are SVG attributes, and an amount axis in the
// locale's number format.

const stats: { months: { month: string; total: number; by_category: Record<string, number> }[] } = {
  months: [
    { month: '2026-09', total: 150_000, by_category: { fuel: 100_000, service: 50_000 } },
    { month: '2026-10', total: 32_050, by_category: { fuel: 32_050 } },
  ],
}
const labels = { fuel: 'Carburant', service: 'Service', repair: 'Reparații', tyres: 'Anvelope', insurance: 'Asigurări', tax_and_vignettes: 'Taxe', parking_and_tolls: 'Parcare', wash: 'Spălătorie', other: 'Altele' }
const chart = (locale: string) => renderToStaticMarkup(createElement(CostChartSvg, { stats, locale, title: 'Costuri', monthLabel: (m: string) => m }))
const legend = () => renderToStaticMarkup(createElement(CostChartLegend, { stats, labels }))

describe('the diary cost chart', () => {
  it('sets no inline style, so the page’s CSP draws all of it', () => {
    expect(chart('ro')).not.toMatch(/\bstyle=/)
    expect(legend()).not.toMatch(/\bstyle=/)
  })

  it('gives each used category a coloured swatch in the legend, the colour of its bars', () => {
    const html = legend()
    for (const c of ['fuel', 'service'] as const) {
      expect(html).toMatch(new RegExp(`<li data-category="${c}"><svg[^>]*><rect[^>]*fill="${CATEGORY_COLOURS[c]}"[^>]*></rect></svg>${labels[c]}</li>`))
      expect(chart('ro')).toContain(`fill="${CATEGORY_COLOURS[c]}"`)
    }
    expect(html).not.toContain('Reparații')
  })

  it('labels the amount axis from 0 to the top in the locale’s number format', () => {
    const amounts = (locale: string) => [...chart(locale).matchAll(/<g data-tick="(\d+)">.*?<text[^>]*>([^<]*)<\/text>/g)].map(([, v, text]) => [Number(v), text])
    const ro = amounts('ro')
    expect(ro.length).toBeGreaterThanOrEqual(3)
    expect(ro[0]).toEqual([0, formatLei(0, 'ro')])
    expect(Math.max(...ro.map(([v]) => v as number))).toBeGreaterThanOrEqual(150_000)
    for (const [v, text] of ro) expect(text).toBe(formatLei(v as number, 'ro'))
    // 1 500 lei as each language writes it.
    expect(ro.map(([, text]) => text)).toContain('1.500,00 lei')
    expect(amounts('en').map(([, text]) => text)).toContain('1,500.00 lei')
  })
})
