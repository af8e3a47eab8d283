import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { Offer, QuoteSubject } from '~/contract/quotes'
import { formatDate } from '~/i18n/dates'
import type { Locale } from '~/i18n/locales'
import { useHouseLabels, useTravelLabels } from '~/i18n/product-labels'
import { countryName, huCategoryHelp, huCountyName, huPeriodLabel, roCategoryHelp, roPeriodLabel } from '~/i18n/vignette-labels'
import { PlateToCheck, PlateWarning } from '~/ui/plate-check'

type Subject<P extends QuoteSubject['product']> = Extract<QuoteSubject, { product: P }>

/**
 * The confirmation before paying: what the quote is for, as the buyer typed it —
 * the plate and VIN, the trip and its travellers, the home and its cover, the vignette's plate
 * (large, to check letter by letter), country, category and validity. The policy is issued
 * exactly so, which is why it stands above the pay button.
 */
export function SubjectSummary({ subject, offer, locale }: { subject: QuoteSubject; offer: Offer; locale: Locale }) {
  return (
    <section aria-labelledby="checkout-subject" className="checkout-subject" data-product={subject.product}>
      <h2 id="checkout-subject">
        <Trans>Check before you pay</Trans>
      </h2>
      {subject.product === 'rca' ? <RcaDetails subject={subject} locale={locale} /> : null}
      {subject.product === 'travel' ? <TravelDetails subject={subject} locale={locale} /> : null}
      {subject.product === 'house-insurance' ? <HouseDetails subject={subject} locale={locale} /> : null}
      {subject.product === 'ro-vignette' || subject.product === 'hu-vignette' ? <VignetteDetails subject={subject} offer={offer} locale={locale} /> : null}
    </section>
  )
}

/** One line of the summary: what, then the value the buyer checks. */
function Line({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  )
}

function RcaDetails({ subject, locale }: { subject: Subject<'rca'>; locale: Locale }) {
  return (
    <dl className="summary-list">
      <Line label={<Trans>Registration plate</Trans>}>{subject.registration_plate}</Line>
      <Line label={<Trans>Chassis number (VIN)</Trans>}>{subject.vin}</Line>
      <Line label={<Trans>Start date</Trans>}>{formatDate(subject.start_date, locale)}</Line>
      <Line label={<Trans>Duration</Trans>}>
        <Plural value={subject.months} one="# month" other="# months" />
      </Line>
    </dl>
  )
}

function TravelDetails({ subject, locale }: { subject: Subject<'travel'>; locale: Locale }) {
  const labels = useTravelLabels()
  return (
    <dl className="summary-list">
      <Line label={<Trans>Where you travel</Trans>}>{labels.zones[subject.zone]}</Line>
      <Line label={<Trans>Cover</Trans>}>{labels.trips[subject.trip]}</Line>
      <Line label={<Trans>Purpose of the trip</Trans>}>{labels.purposes[subject.purpose]}</Line>
      <Line label={<Trans>Dates</Trans>}>
        {formatDate(subject.start_date, locale)} – {formatDate(subject.end_date, locale)}
      </Line>
      <Line label={<Trans>Travellers’ dates of birth</Trans>}>
        <ol className="summary-list__items">
          {subject.travellers.map((traveller, i) => (
            <li key={i}>{formatDate(traveller.birth_date, locale)}</li>
          ))}
        </ol>
      </Line>
    </dl>
  )
}

function HouseDetails({ subject, locale }: { subject: Subject<'house-insurance'>; locale: Locale }) {
  const labels = useHouseLabels()
  const { address } = subject
  return (
    <dl className="summary-list">
      <Line label={<Trans>Address of the home</Trans>}>
        {address.street}, {address.locality}, {address.county}
      </Line>
      <Line label={<Trans>Cover</Trans>}>{labels.covers[subject.cover]}</Line>
      {subject.existing_pad_number ? <Line label={<Trans>Number of your PAD policy</Trans>}>{subject.existing_pad_number}</Line> : null}
      <Line label={<Trans>Start date</Trans>}>{formatDate(subject.start_date, locale)}</Line>
    </dl>
  )
}

function VignetteDetails({ subject, offer, locale }: { subject: Subject<'ro-vignette' | 'hu-vignette'>; offer: Offer; locale: Locale }) {
  const { i18n } = useLingui()
  const category = subject.product === 'ro-vignette' ? roCategoryHelp[subject.category] : huCategoryHelp[subject.category]
  const period = subject.product === 'ro-vignette' ? roPeriodLabel[subject.period] : huPeriodLabel[subject.period]
  return (
    <>
      <PlateToCheck plate={subject.registration_plate} />
      <PlateWarning />
      <dl className="summary-list">
        <Line label={<Trans>Country of registration</Trans>}>
          {countryName(subject.country, locale)} ({subject.country})
        </Line>
        {subject.product === 'ro-vignette' && subject.vin ? <Line label={<Trans>Chassis number (VIN)</Trans>}>{subject.vin}</Line> : null}
        {subject.product === 'ro-vignette' && subject.certificate_series ? (
          <Line label={<Trans>Registration certificate series</Trans>}>{subject.certificate_series}</Line>
        ) : null}
        <Line label={<Trans>Category</Trans>}>
          {subject.category} — {i18n._(category)}
        </Line>
        <Line label={<Trans>Period</Trans>}>{i18n._(period)}</Line>
        {subject.product === 'hu-vignette' && subject.counties.length > 0 ? (
          <Line label={<Trans>Counties</Trans>}>{subject.counties.map((c) => huCountyName[c]).join(', ')}</Line>
        ) : null}
        <Line label={<Trans>Valid</Trans>}>
          {offer.valid_from && offer.valid_until ? (
            <Trans>
              from {formatDate(offer.valid_from, locale, 'dateTime')} to {formatDate(offer.valid_until, locale, 'dateTime')} (Romanian time)
            </Trans>
          ) : (
            <>
              {formatDate(offer.start_date, locale)} – {formatDate(offer.end_date, locale)}
            </>
          )}
        </Line>
        {subject.product === 'ro-vignette' && subject.bridge_passes > 0 ? (
          <Line label={<Trans>Fetești–Cernavodă bridge passes</Trans>}>{subject.bridge_passes}</Line>
        ) : null}
      </dl>
    </>
  )
}
