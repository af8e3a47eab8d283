import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { NoteList, Vehicle } from '~/contract/account-area'
import { formatDate } from '~/i18n/dates'
import { isLocale } from '~/i18n/locales'
import { LinkifiedText } from './linkified-text'

/** `/account/vehicles/{id}/notes`: pinned first, then the latest changed; links are clickable, nothing else is markup. */
export function NotesPage({ vehicle, list }: { vehicle: Vehicle; list: NoteList }) {
  const { t, i18n } = useLingui()
  const locale = isLocale(i18n.locale) ? i18n.locale : 'ro'
  return (
    <>
      <h1>
        <Trans>Notes on {vehicle.registration_plate}</Trans>
      </h1>
      <p className="lead">
        <Trans>Where the papers are, the tyre size, what the mechanic said: anything worth remembering, with a reminder if you like.</Trans>
      </p>
      <p className="link-list">
        <Link to="/account/vehicles/$id/notes/create" params={{ id: vehicle.id }} className="button">
          <Trans>Write a note</Trans>
        </Link>{' '}
        <Link to="/account/vehicles/$id" params={{ id: vehicle.id }}>
          <Trans>Back to {vehicle.registration_plate}</Trans>
        </Link>
      </p>
      {list.data.length === 0 ? (
        <p className="empty-state" role="status">
          <Trans>No notes yet.</Trans>
        </p>
      ) : (
        <ul className="note-list" aria-label={t`Notes`}>
          {list.data.map((n) => (
            <li key={n.id} className="card">
              <h2>
                <Link to="/account/vehicles/$id/notes/$noteId" params={{ id: vehicle.id, noteId: n.id }}>
                  {n.title}
                </Link>
                {n.pinned ? (
                  <>
                    {' '}
                    <span className="status-badge">{t`Pinned`}</span>
                  </>
                ) : null}
              </h2>
              {n.remind_at ? (
                <p className="muted">
                  {n.reminded_at ? <Trans>Reminded on {formatDate(n.remind_at, locale, 'dateTime')}</Trans> : <Trans>Reminder on {formatDate(n.remind_at, locale, 'dateTime')}</Trans>}
                </p>
              ) : null}
              {n.body ? <LinkifiedText text={n.body.length > 600 ? `${n.body.slice(0, 600)}…` : n.body} /> : null}
            </li>
          ))}
        </ul>
      )}
      {list.meta.total > list.meta.per_page ? (
        <p className="muted">
          <Trans>
            Showing {list.data.length} of {list.meta.total} notes.
          </Trans>
        </p>
      ) : null}
    </>
  )
}
