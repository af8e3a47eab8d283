import { Trans, useLingui } from '@lingui/react/macro'
import type { DiaryStats } from '~/contract/account-area'
import { formatDate } from '~/i18n/dates'
import { formatLei } from '~/i18n/money'
import { CostChartLegend, CostChartSvg, usedCategories } from './cost-chart-drawing'
import { useDiaryCategoryLabels } from './labels'

/**
 * Costs per month, stacked by category: an SVG drawn on the server (no script needed), with the
 * same figures in a table beside it for screen readers and for reading exact amounts.
 */
export function CostChart({ stats }: { stats: DiaryStats }) {
  const { t, i18n } = useLingui()
  const labels = useDiaryCategoryLabels()
  if (stats.months.length === 0) return null
  const used = usedCategories(stats)
  const monthLabel = (month: string) => formatDate(`${month}-01`, i18n.locale, 'month')

  return (
    <figure className="cost-chart">
      <CostChartSvg stats={stats} locale={i18n.locale} title={t`Costs per month by category; the table below gives the figures.`} monthLabel={monthLabel} />
      <figcaption>
        <CostChartLegend stats={stats} labels={labels} />
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
