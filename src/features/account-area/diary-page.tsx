import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { DiaryList, DiaryStats, Vehicle } from '~/contract/account-area'
import { formatDate } from '~/i18n/dates'
import { isLocale } from '~/i18n/locales'
import { DIARY_CATEGORIES } from '~/contract/account-area-constants'
import { CostChart } from './cost-chart'
import type { DiarySearch } from './diary-search'
import { useDiaryCategoryLabels } from './labels'
import { formatLei } from '~/i18n/money'

/** `/account/vehicles/{id}/diaries`: filters, costs per month, consumption, cost per km, the entries, CSV. */
export function DiaryPage({ vehicle, list, stats, search }: { vehicle: Vehicle; list: DiaryList; stats: DiaryStats; search: DiarySearch }) {
  const { t, i18n } = useLingui()
  const locale = isLocale(i18n.locale) ? i18n.locale : 'ro'
  const labels = useDiaryCategoryLabels()
  const number = (value: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value)
  const pages = Math.max(1, Math.ceil(list.meta.total / list.meta.per_page))
  const csv = `/account/vehicles/${vehicle.id}/diaries.csv?${new URLSearchParams(Object.entries({ from: search.from, to: search.to, category: search.category }).filter((e): e is [string, string] => Boolean(e[1])))}`
  return (
    <>
      <h1>
        <Trans>Diary of {vehicle.registration_plate}</Trans>
      </h1>
      <p className="lead">
        <Trans>Costs and events of this vehicle: fuel, services, repairs, tyres, insurance and more.</Trans>
      </p>
      <p className="link-list">
        <Link to="/account/vehicles/$id/diaries/create" params={{ id: vehicle.id }} className="button">
          <Trans>Add an entry</Trans>
        </Link>{' '}
        <a href={csv} download>
          <Trans>Download as CSV</Trans>
        </a>{' '}
        ·{' '}
        <Link to="/account/vehicles/$id" params={{ id: vehicle.id }}>
          <Trans>Back to {vehicle.registration_plate}</Trans>
        </Link>
      </p>

      <form method="get" className="form inline-form" aria-label={t`Filter the diary`}>
        <div className="field">
          <label htmlFor="diary-from">
            <Trans>From</Trans>
          </label>
          <input id="diary-from" name="from" type="date" defaultValue={search.from ?? ''} />
        </div>
        <div className="field">
          <label htmlFor="diary-to">
            <Trans>To</Trans>
          </label>
          <input id="diary-to" name="to" type="date" defaultValue={search.to ?? ''} />
        </div>
        <div className="field">
          <label htmlFor="diary-category">
            <Trans>Category</Trans>
          </label>
          <select id="diary-category" name="category" defaultValue={search.category ?? ''}>
            <option value="">{t`All categories`}</option>
            {DIARY_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {labels[c]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--secondary">
          <Trans>Filter</Trans>
        </button>
      </form>

      <section className="section account-section" aria-labelledby="diary-stats-title">
        <h2 id="diary-stats-title">
          <Trans>Costs and consumption</Trans>
        </h2>
        <dl className="facts" data-testid="diary-stats">
          <div>
            <dt>
              <Trans>Total</Trans>
            </dt>
            <dd>{formatLei(stats.total_amount, locale)}</dd>
          </div>
          <div>
            <dt>
              <Trans>Fuel consumption</Trans>
            </dt>
            <dd data-testid="consumption">
              {stats.consumption_l_per_100km === null ? <Trans>Needs two full-tank fills with the odometer</Trans> : t`${number(stats.consumption_l_per_100km)} l/100 km`}
            </dd>
          </div>
          <div>
            <dt>
              <Trans>Cost per kilometre</Trans>
            </dt>
            <dd>{stats.cost_per_km === null ? <Trans>Needs two odometer readings</Trans> : t`${formatLei(Math.round(stats.cost_per_km), locale)} per km`}</dd>
          </div>
          {stats.distance_km !== null ? (
            <div>
              <dt>
                <Trans>Distance</Trans>
              </dt>
              <dd>{t`${number(stats.distance_km)} km`}</dd>
            </div>
          ) : null}
        </dl>
        <CostChart stats={stats} />
      </section>

      <section className="section account-section" aria-labelledby="diary-list-title">
        <h2 id="diary-list-title">
          <Trans>Entries</Trans>
        </h2>
        {list.data.length === 0 ? (
          <p className="empty-state" role="status">
            <Trans>No entries for these filters.</Trans>
          </p>
        ) : (
          <div className="table-scroll" role="region" aria-labelledby="diary-list-title" tabIndex={0}>
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Date</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Category</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Amount</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Odometer</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Litres</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Place</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((e) => (
                  <tr key={e.id}>
                    <td>
                      <Link to="/account/vehicles/$id/diaries/$diaryId" params={{ id: vehicle.id, diaryId: e.id }}>
                        {formatDate(e.date, locale)}
                      </Link>
                    </td>
                    <td>{labels[e.category]}</td>
                    <td>{formatLei(e.amount, locale)}</td>
                    <td>{e.odometer_km === null ? '' : t`${number(e.odometer_km)} km`}</td>
                    <td>{e.litres === null ? '' : `${number(e.litres)}${e.full_tank ? ` (${t`full`})` : ''}`}</td>
                    <td>{e.place ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {pages > 1 ? (
          <nav aria-label={t`Pages of the diary`} className="link-list">
            {Array.from({ length: pages }, (_, i) => i + 1).map((n) =>
              n === list.meta.page ? (
                <span key={n} aria-current="page">
                  {n}{' '}
                </span>
              ) : (
                <Link key={n} to="/account/vehicles/$id/diaries" params={{ id: vehicle.id }} search={{ ...search, page: n > 1 ? n : undefined }}>
                  {n}{' '}
                </Link>
              ),
            )}
          </nav>
        ) : null}
      </section>
    </>
  )
}
