import { scaleBand, scaleLinear } from '@visx/scale'
import { Bar } from '@visx/shape'
import type { DiaryStats } from '~/contract/account-area'
import { DIARY_CATEGORIES, type DiaryCategory } from '~/contract/account-area-constants'
import { formatLei } from '~/i18n/money'

/** One colour per category, distinguishable for common colour-vision deficiencies (Okabe–Ito). */
export const CATEGORY_COLOURS: Record<DiaryCategory, string> = {
  fuel: '#0072B2',
  service: '#E69F00',
  repair: '#D55E00',
  tyres: '#009E73',
  insurance: '#CC79A7',
  tax_and_vignettes: '#56B4E9',
  parking_and_tolls: '#F0E442',
  wash: '#7F7F7F',
  other: '#000000',
}

const WIDTH = 640
const HEIGHT = 240
/** The left margin holds the amount axis' labels (`1.500,00 lei`). */
const MARGIN = { top: 12, right: 8, bottom: 28, left: 88 }
const TICKS = 4

/** The categories with a cost in some month of the chart, in their fixed order. */
export function usedCategories(stats: Pick<DiaryStats, 'months'>): DiaryCategory[] {
  return DIARY_CATEGORIES.filter((c) => stats.months.some((m) => (m.by_category[c] ?? 0) > 0))
}

/**
 * Costs per month stacked by category, with an amount axis in the locale's number format. Drawn
 * with SVG attributes only: the page's CSP refuses inline `style=`. No Lingui
 * macros here, so the drawing is rendered and checked in a unit test; the words come as props.
 */
export function CostChartSvg({ stats, locale, title, monthLabel }: { stats: Pick<DiaryStats, 'months'>; locale: string; title: string; monthLabel: (month: string) => string }) {
  const used = usedCategories(stats)
  const x = scaleBand({ domain: stats.months.map((m) => m.month), range: [MARGIN.left, WIDTH - MARGIN.right], padding: 0.25 })
  const max = Math.max(...stats.months.map((m) => m.total), 1)
  const y = scaleLinear({ domain: [0, max], range: [HEIGHT - MARGIN.bottom, MARGIN.top], nice: true })
  // Whole lei on the axis: a tick between two bani would be noise.
  const ticks = y.ticks(TICKS).filter((v) => Number.isInteger(v / 100))
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="cost-chart-title" width="100%" data-testid="cost-chart">
      <title id="cost-chart-title">{title}</title>
      <g className="cost-chart__axis" data-axis="amount">
        <line x1={MARGIN.left} x2={MARGIN.left} y1={MARGIN.top} y2={y(0)} stroke="currentColor" />
        {ticks.map((v) => (
          <g key={v} data-tick={v}>
            <line x1={MARGIN.left - 4} x2={WIDTH - MARGIN.right} y1={y(v)} y2={y(v)} stroke="currentColor" strokeOpacity={v === 0 ? 1 : 0.15} />
            <text x={MARGIN.left - 6} y={y(v)} dy="0.32em" textAnchor="end" fontSize="11" fill="currentColor">
              {formatLei(v, locale)}
            </text>
          </g>
        ))}
      </g>
      {stats.months.map((m) => {
        let top = y(0)
        return (
          <g key={m.month}>
            {used.map((c) => {
              const value = m.by_category[c] ?? 0
              if (value === 0) return null
              const height = y(0) - y(value)
              top -= height
              return <Bar key={c} x={x(m.month)} y={top} width={x.bandwidth()} height={height} fill={CATEGORY_COLOURS[c]} data-category={c} />
            })}
            <text x={(x(m.month) ?? 0) + x.bandwidth() / 2} y={HEIGHT - 8} textAnchor="middle" fontSize="12" fill="currentColor">
              {monthLabel(m.month)}
            </text>
          </g>
        )
      })}
    </svg>
  )
}

/** The legend: each category's colour as a small SVG square (an attribute, not an inline style) and its name. */
export function CostChartLegend({ stats, labels }: { stats: Pick<DiaryStats, 'months'>; labels: Record<DiaryCategory, string> }) {
  return (
    <ul className="chart-legend">
      {usedCategories(stats).map((c) => (
        <li key={c} data-category={c}>
          <svg className="chart-legend__swatch" viewBox="0 0 10 10" width="12" height="12" aria-hidden="true" focusable="false">
            <rect width="10" height="10" fill={CATEGORY_COLOURS[c]} stroke="currentColor" strokeWidth="0.5" />
          </svg>
          {labels[c]}
        </li>
      ))}
    </ul>
  )
}
