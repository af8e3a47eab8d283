import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import type { Vehicle } from '~/contract/account-area'
import type { DirectBooking } from '~/contract/direct-booking'
import { isAccident } from '~/contract/direct-booking-constants'
import { PhoneLink } from '~/ui/broker-details'
import { Hero, Section } from '~/ui/page-sections'
import { AccidentGuide } from './accident-guide'
import { BookingCard, BookingList } from './booking-card'
import { BookingForm } from './booking-form'

export interface DirectBookingPageData {
  /** Null for a guest; the account's vehicles otherwise. */
  vehicles: Vehicle[] | null
  bookings: DirectBooking[]
  /** The request named by `?ref=`: null when it is not the visitor's. */
  selected: DirectBooking | null | undefined
}

/**
 * `/directbooking`: road assistance and claims help (decision 70). A driver says what
 * happened and where; a signed-in driver then follows the request here, live, as the operator
 * moves it; a guest follows it by e-mail. After an accident the page walks through the amicable
 * report and direct settlement. The route reloads its data when the request changes (live updates).
 */
export function DirectBookingPage({ data, sentReference, phone }: { data: DirectBookingPageData; sentReference: string | undefined; phone: string }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  // A guest's request, sent with JavaScript: shown here (a guest cannot read it back later).
  const [sent, setSent] = useState<DirectBooking | null>(null)

  const onSent = async (booking: DirectBooking) => {
    if (data.vehicles) {
      await navigate({ to: '/directbooking', search: { ref: booking.reference } })
    } else setSent(booking)
    window.scrollTo({ top: 0 })
  }
  const guestReference = sent?.reference ?? sentReference

  return (
    <>
      <Hero
        title={<Trans>Road assistance and claims help</Trans>}
        lead={<Trans>Broken down or had an accident? Tell us what happened and where: we call you back, send help and guide you through the papers.</Trans>}
      >
        <p className="hero__emergency">
          <strong>
            <Trans>If anyone is hurt or in danger, call 112 first.</Trans>
          </strong>
        </p>
        <p className="hero__phone">
          <Trans>
            We call you from <PhoneLink phone={phone} />; you can call us on it too.
          </Trans>
        </p>
      </Hero>

      {data.selected ? (
        <div className="section">
          <BookingCard booking={data.selected} ourPhone={phone} />
        </div>
      ) : data.selected === null ? (
        <div className="section">
          <p className="notice notice--warning" role="alert">
            <Trans>This request is not among yours. Check the reference in the e-mail, or see your requests below.</Trans>
          </p>
        </div>
      ) : null}

      {guestReference ? (
        <div className="section">
          <div className="booking-card" role="status">
            <h2>
              <Trans>Request {guestReference} sent</Trans>
            </h2>
            <p>
              <Trans>
                We will call you from <PhoneLink phone={phone} /> as soon as we can. Every change of its status reaches you by e-mail; keep the reference at hand.
              </Trans>
            </p>
          </div>
          {sent && isAccident(sent.kind) ? <AccidentGuide kind={sent.kind} rca={sent.rca} /> : null}
        </div>
      ) : null}

      <Section id="booking-form-title" title={data.selected || guestReference ? <Trans>Ask for help again</Trans> : <Trans>Ask for help</Trans>}>
        {data.vehicles === null ? (
          <p>
            <Trans>No account needed: type the plate and an e-mail address for the updates. With an account you pick your vehicle and follow the request live here.</Trans>
          </p>
        ) : null}
        <BookingForm vehicles={data.vehicles} onSent={onSent} />
        <p className="muted">{t`We use the phone number, the place and the details only to help you with this request.`}</p>
      </Section>

      {data.vehicles ? <BookingList bookings={data.bookings} /> : null}
    </>
  )
}
