import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useRouter } from '@tanstack/react-router'
import type { Vehicle } from '~/contract/account-area'
import { formatDate } from '~/i18n/dates'
import { isLocale } from '~/i18n/locales'
import { notify } from '~/ui/toaster'
import { useVehicleCategoryLabels } from '~/i18n/vehicle-labels'
import { ItpHint, VehicleForm } from './vehicle-form'

/** `/account/vehicles/{id}`: the vehicle's papers at a glance, with "buy now" links prefilled for it. */
export function VehiclePage({ vehicle, today, calendarUrl }: { vehicle: Vehicle; today: string; calendarUrl: string }) {
  const { t, i18n } = useLingui()
  const router = useRouter()
  const locale = isLocale(i18n.locale) ? i18n.locale : 'ro'
  const categories = useVehicleCategoryLabels()
  const rcaPath = vehicle.vin ? `/rca/${encodeURIComponent(vehicle.registration_plate)}/${encodeURIComponent(vehicle.vin)}` : `/rca/${encodeURIComponent(vehicle.registration_plate)}`
  const feedBase = calendarUrl.replace(/\.ics$/, '')
  const papers: { key: string; name: string; until: string | null; buy?: string; ics?: string }[] = [
    { key: 'rca', name: t`RCA motor insurance`, until: vehicle.rca_valid_until, buy: rcaPath, ics: `${feedBase}/rca-${vehicle.id}.ics` },
    { key: 'rovinieta', name: t`Rovinietă (Romanian road vignette)`, until: vehicle.rovinieta_valid_until, buy: '/instantRo', ics: `${feedBase}/rovinieta-${vehicle.id}.ics` },
    { key: 'hu_vignette', name: t`Hungarian motorway vignette`, until: vehicle.hu_vignette_valid_until, buy: '/lih', ics: `${feedBase}/hu_vignette-${vehicle.id}.ics` },
    { key: 'itp', name: t`ITP (technical inspection)`, until: vehicle.itp_due_date, ics: `${feedBase}/itp-${vehicle.id}.ics` },
  ]
  const name = [vehicle.make, vehicle.model].filter(Boolean).join(' ')
  return (
    <>
      <h1>{vehicle.registration_plate}</h1>
      <p className="lead">
        {name ? `${name} · ` : ''}
        {categories[vehicle.category]}
        {vehicle.vin ? ` · VIN ${vehicle.vin}` : ''}
      </p>
      <nav aria-label={t`This vehicle`} className="link-list">
        <Link to="/account/vehicles/$id/diaries" params={{ id: vehicle.id }}>
          <Trans>Diary and costs</Trans>
        </Link>{' '}
        ·{' '}
        <Link to="/account/vehicles/$id/notes" params={{ id: vehicle.id }}>
          <Trans>Notes</Trans>
        </Link>{' '}
        ·{' '}
        <Link to="/account/vehicles">
          <Trans>All vehicles</Trans>
        </Link>
      </nav>
      <section className="section account-section" aria-labelledby="papers-title">
        <h2 id="papers-title">
          <Trans>Papers at a glance</Trans>
        </h2>
        <dl className="papers" data-testid="papers">
          {papers.map((p) => {
            const expired = p.until !== null && p.until < today
            return (
              <div key={p.key} className="papers__item">
                <dt>{p.name}</dt>
                <dd>
                  {p.until === null ? (
                    <span className="muted">{p.key === 'itp' ? <Trans>Not entered</Trans> : <Trans>Not known (not bought here)</Trans>}</span>
                  ) : (
                    <>
                      <span className={expired ? 'status-badge status-badge--warning' : 'status-badge status-badge--ok'}>
                        {p.key === 'itp' ? <Trans>Due {formatDate(p.until, locale)}</Trans> : expired ? <Trans>Ended {formatDate(p.until, locale)}</Trans> : <Trans>Valid until {formatDate(p.until, locale)}</Trans>}
                      </span>{' '}
                      {p.ics ? (
                        <a href={p.ics} download>
                          <Trans>Add to calendar (.ics)</Trans>
                        </a>
                      ) : null}
                    </>
                  )}
                  {p.buy ? (
                    <>
                      {' '}
                      <a href={p.buy} className="button button--secondary">
                        <Trans>Buy now</Trans>
                      </a>
                    </>
                  ) : null}
                  {p.key === 'itp' ? (
                    <p className="field__hint">
                      <ItpHint />
                    </p>
                  ) : null}
                </dd>
              </div>
            )
          })}
        </dl>
      </section>
      <section className="section account-section" aria-labelledby="vehicle-edit-title">
        <h2 id="vehicle-edit-title">
          <Trans>Change the details</Trans>
        </h2>
        <VehicleForm
          vehicle={vehicle}
          onDone={async () => {
            notify('success', t`The changes were saved.`)
            await router.invalidate()
          }}
        />
      </section>
    </>
  )
}
