import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { DirectBooking } from '~/contract/direct-booking'
import { isAccident, type DirectBookingStatus } from '~/contract/direct-booking-constants'
import { formatDate } from '~/i18n/dates'
import { isLocale, type Locale } from '~/i18n/locales'
import { PhoneLink } from '~/ui/broker-details'
import { AccidentGuide } from './accident-guide'
import { useBookingKindLabels, useBookingStatusLabels } from './labels'

function useLocale(): Locale {
  const { i18n } = useLingui()
  return isLocale(i18n.locale) ? i18n.locale : 'ro'
}

export function StatusBadge({ status }: { status: DirectBookingStatus }) {
  const labels = useBookingStatusLabels()
  const tone = status === 'cancelled' ? ' status-badge--warning' : status === 'received' ? '' : ' status-badge--ok'
  return <span className={`status-badge${tone}`}>{labels[status]}</span>
}

/** One request as its driver follows it: the status (announced when it changes), its history, the details and, after an accident, the guidance. */
export function BookingCard({ booking, ourPhone }: { booking: DirectBooking; ourPhone: string }) {
  const locale = useLocale()
  const kinds = useBookingKindLabels()
  const statuses = useBookingStatusLabels()
  const { reference, phone } = booking
  const place = [booking.address, booking.latitude !== null && booking.longitude !== null ? `${booking.latitude}, ${booking.longitude}` : null].filter(Boolean).join(' · ')
  return (
    <article className="booking-card" aria-labelledby="booking-card-title">
      <h2 id="booking-card-title">
        <Trans>Request {reference}</Trans>
      </h2>
      <p className="booking-card__status" role="status" aria-live="polite" data-status={booking.status}>
        <Trans>Status:</Trans> <StatusBadge status={booking.status} />
      </p>
      {booking.status === 'received' ? (
        <p>
          <Trans>
            We have your request and will call you on {phone} from <PhoneLink phone={ourPhone} />. This page changes as soon as the status does.
          </Trans>
        </p>
      ) : null}
      <dl className="session-item__facts">
        <dt>
          <Trans>What happened</Trans>
        </dt>
        <dd>{kinds[booking.kind]}</dd>
        <dt>
          <Trans>Vehicle</Trans>
        </dt>
        <dd>{booking.registration_plate}</dd>
        <dt>
          <Trans>Where</Trans>
        </dt>
        <dd>{place}</dd>
        <dt>
          <Trans>Phone</Trans>
        </dt>
        <dd>{booking.phone}</dd>
      </dl>
      <h3>
        <Trans>History</Trans>
      </h3>
      <ol className="booking-history">
        {booking.history.map((step) => (
          <li key={`${step.status}-${step.at}`}>
            <time dateTime={step.at}>{formatDate(step.at, locale, 'dateTime')}</time> {statuses[step.status]}
          </li>
        ))}
      </ol>
      {isAccident(booking.kind) ? <AccidentGuide kind={booking.kind} rca={booking.rca} headingLevel={3} /> : null}
    </article>
  )
}

/** The driver's latest requests, each linking to its card. */
export function BookingList({ bookings }: { bookings: DirectBooking[] }) {
  const locale = useLocale()
  const kinds = useBookingKindLabels()
  if (bookings.length === 0) return null
  return (
    <section className="section" aria-labelledby="booking-list-title">
      <h2 id="booking-list-title">
        <Trans>Your requests</Trans>
      </h2>
      <ul className="session-list">
        {bookings.map((b) => (
          <li key={b.reference} className="session-item">
            <p className="session-item__title">
              <Link to="/directbooking" search={{ ref: b.reference }}>
                {b.reference}
              </Link>{' '}
              <StatusBadge status={b.status} />
            </p>
            <p className="muted">
              {kinds[b.kind]} · {b.registration_plate} · {formatDate(b.created_at, locale, 'dateTime')}
            </p>
          </li>
        ))}
      </ul>
    </section>
  )
}
