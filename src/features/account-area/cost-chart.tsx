import { Trans, useLingui } from '@lingui/react/macro'
import { scaleBand, scaleLinear } from '@visx/scale'
import { Bar } from '@visx/shape'
import type { DiaryStats } from '~/contract/account-area'
import { DIARY_CATEGORIES, type DiaryCategory } from '~/contract/account-area-constants'
import { useDiaryCategoryLabels } from './labels'
import { formatLei } from '~/i18n/money'

/** One colour per category, distinguishable for common colour-vision deficiencies (Okabe–Ito). */
const colours: Record<DiaryCategory, string> = {
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
const MARGIN = { top: 12, right: 8, bottom: 28, left: 8 }

/**
 * Costs per month, stacked by category: an SVG drawn on the server (no script needed), with the
 * same figures in a table beside it for screen readers and for reading exact amounts.
 */
export function CostChart({ stats }: { stats: DiaryStats }) {
  const { t, i18n } = useLingui()
  const labels = useDiaryCategoryLabels()
  if (stats.months.length === 0) return null
  const x = scaleBand({ domain: stats.months.map((m) => m.month), range: [MARGIN.left, WIDTH - MARGIN.right], padding: 0.25 })
  const max = Math.max(...stats.months.map((m) => m.total), 1)
  const y = scaleLinear({ domain: [0, max], range: [HEIGHT - MARGIN.bottom, MARGIN.top], nice: true })
  const used = DIARY_CATEGORIES.filter((c) => stats.months.some((m) => (m.by_category[c] ?? 0) > 0))
  const monthLabel = (month: string) => new Intl.DateTimeFormat(i18n.locale, { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`))

  return (
    <figure className="cost-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="cost-chart-title" width="100%" data-testid="cost-chart">
        <title id="cost-chart-title">{t`Costs per month by category; the table below gives the figures.`}</title>
        {stats.months.map((m) => {
          let top = y(0)
          return (
            <g key={m.month}>
              {used.map((c) => {
                const value = m.by_category[c] ?? 0
                if (value === 0) return null
                const height = y(0) - y(value)
                top -= height
                return <Bar key={c} x={x(m.month)} y={top} width={x.bandwidth()} height={height} fill={colours[c]} />
              })}
              <text x={(x(m.month) ?? 0) + x.bandwidth() / 2} y={HEIGHT - 8} textAnchor="middle" fontSize="12" fill="currentColor">
                {monthLabel(m.month)}
              </text>
            </g>
          )
        })}
      </svg>
      <figcaption>
        <ul className="chart-legend">
          {used.map((c) => (
            <li key={c}>
              <span aria-hidden="true" style={{ background: colours[c], display: 'inline-block', width: '0.8em', height: '0.8em', marginInlineEnd: '0.3em' }} />
              {labels[c]}
            </li>
          ))}
        </ul>
      </figcaption>
      <table className="data-table">
        <caption>
          <Trans>Costs per month (lei)</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Month</Trans>
            </th>
            {used.map((c) => (
              <th scope="col" key={c}>
                {labels[c]}
              </th>
            ))}
            <th scope="col">
              <Trans>Total</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {stats.months.map((m) => (
            <tr key={m.month}>
              <th scope="row">{monthLabel(m.month)}</th>
              {used.map((c) => (
                <td key={c}>{formatLei(m.by_category[c] ?? 0, i18n.locale)}</td>
              ))}
              <td>{formatLei(m.total, i18n.locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}
