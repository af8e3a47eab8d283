import { Plural, Trans } from '@lingui/react/macro'
import type { Offer } from '~/contract/quotes'
import { formatMoney } from '~/i18n/money'

/** A travel offer's own terms: the longest trip of an annual policy, the cancellation sum insured, skiing, the insurer's assistance line. */
export function TravelCover({ offer, locale }: { offer: Offer; locale: string }) {
  const euros = (cents: number) => formatMoney(cents, 'EUR', locale, { wholeWithoutCents: true })
  const days = offer.max_trip_days
  const phone = offer.assistance_phone
  return (
    <>
      {days ? (
        <p className="offer__trip-length" data-max-trip-days={days}>
          <Trans>
            Each trip up to <Plural value={days} one="# day" other="# days" />, as many trips as you like for a year
          </Trans>
        </p>
      ) : null}
      {offer.cancellation_cover ? (
        <p data-cancellation-cover={offer.cancellation_cover.amount}>
          <Trans>Trip cancellation insured up to {euros(offer.cancellation_cover.amount)}</Trans>
        </p>
      ) : null}
      {offer.skiing_covered === true ? (
        <p>
          <Trans>Skiing included</Trans>
        </p>
      ) : offer.skiing_covered === false ? (
        <p>
          <Trans>Skiing not included</Trans>
        </p>
      ) : null}
      {phone ? (
        <p>
          <Trans>24-hour assistance: {phone}</Trans>
        </p>
      ) : null}
    </>
  )
}
