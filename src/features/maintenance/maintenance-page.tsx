import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import type { MaintenanceStatus } from '~/contract/site'
import { formatDate } from '~/i18n/dates'
import { isLocale } from '~/i18n/locales'
import { getMaintenanceStatus } from './maintenance.functions'

const POLL_MS = 10_000

/** Shown while the provider reports maintenance; checks every 10 s and returns the visitor when it ends. */
export function MaintenancePage({ initial, returnTo }: { initial: MaintenanceStatus; returnTo: string }) {
  const navigate = useNavigate()
  const { data } = useQuery({
    queryKey: ['maintenance-status'],
    queryFn: () => getMaintenanceStatus(),
    initialData: initial,
    refetchInterval: (q) => (q.state.data?.is_active ? POLL_MS : false),
  })
  const active = data.is_active
  const { i18n } = useLingui()
  const startedAt = data.started_at && isLocale(i18n.locale) ? formatDate(data.started_at, i18n.locale, 'dateTime') : ''
  useEffect(() => {
    if (!active && initial.is_active) void navigate({ href: returnTo, replace: true })
  }, [active, initial.is_active, navigate, returnTo])

  return (
    <div className="page--message">
      {active ? (
        <>
          <h1>
            <Trans>We are improving the site</Trans>
          </h1>
          <p>
            <Trans>The site is under maintenance for a few minutes. This page checks on its own and takes you back as soon as we are done.</Trans>
          </p>
          {data.started_at ? (
            <p>
              <Trans>Started at {startedAt}.</Trans>
            </p>
          ) : null}
          <p role="status" aria-live="polite" className="muted">
            <Trans>Checking again every few seconds…</Trans>
          </p>
        </>
      ) : (
        <>
          <h1>
            <Trans>We are back</Trans>
          </h1>
          <p>
            <Trans>The maintenance is over.</Trans>
          </p>
          <Link to="/" className="button">
            <Trans>Back to the home page</Trans>
          </Link>
        </>
      )}
    </div>
  )
}
