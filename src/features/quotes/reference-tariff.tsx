import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { ReferenceTariff } from '~/contract/quotes'
import { formatLei } from '~/i18n/money'

const zones: Record<ReferenceTariff['zone'], MessageDescriptor> = {
  'bucharest-ilfov': msg`Bucharest-Ilfov`,
  rest: msg`outside Bucharest-Ilfov`,
}

const ages: Record<string, MessageDescriptor> = {
  'under-30': msg`owner under 30`,
  '30-40': msg`owner aged 30–40`,
  '41-50': msg`owner aged 41–50`,
  '51-60': msg`owner aged 51–60`,
  '61-70': msg`owner aged 61–70`,
  'over-70': msg`owner over 70`,
}

/** `kw-51-70` → `51–70 kW`, `kw-0-50` → `up to 50 kW`, `kw-301+` → `over 300 kW`. */
function usePowerBand(band: string): string {
  const { t } = useLingui()
  const [, low, high] = /^kw-(\d+)(?:-(\d+))?/.exec(band) ?? []
  if (low === '0' && high) return t`up to ${high} kW`
  if (low && !high) return t`over ${Number(low) - 1} kW`
  return `${low}–${high} kW`
}

/**
 * ASF's reference tariff for the quote's cell, beside the offers; with three or more 12-month
 * offers above it, the buyer's right to ask BAAR for an insurer, with the link (romania-insurance-facts.md §1.7).
 */
export function ReferenceTariffNote({ reference, months, bonusMalusClass, locale }: { reference: ReferenceTariff; months: number; bonusMalusClass: string | undefined; locale: string }) {
  const { i18n } = useLingui()
  const amount = formatLei(reference.for_class.amount, locale)
  const cell = `${i18n._(zones[reference.zone])}, ${ages[reference.age_band] ? i18n._(ages[reference.age_band]!) : reference.age_band}, ${usePowerBand(reference.power_band)}`
  const above = reference.offers_above
  return (
    <section className="offers__reference" aria-labelledby="reference-tariff-title" data-reference-amount={reference.for_class.amount} data-baar={reference.baar_allocation ? 'yes' : 'no'}>
      <h3 id="reference-tariff-title">
        <Trans>ASF reference tariff for your profile</Trans>
      </h3>
      <p>
        {bonusMalusClass ? (
          <Trans>
            <strong>{amount}</strong> for 12 months with class {bonusMalusClass} ({cell}).
          </Trans>
        ) : (
          <Trans>
            <strong>{amount}</strong> for 12 months ({cell}).
          </Trans>
        )}{' '}
        <Trans>ASF publishes it as a yardstick of the market; it is not a price any insurer must charge.</Trans>
      </p>
      {months !== 12 ? (
        <p className="field__hint">
          <Trans>Your offers are for a shorter period, so they are not compared with it.</Trans>
        </p>
      ) : null}
      {reference.baar_allocation ? (
        <div className="notice notice--warning" role="note">
          <p>
            <Trans>
              <Plural value={above} one="# insurer asks" other="# insurers ask" /> more than the reference tariff for 12 months. When at least three insurers do, you may ask BAAR (the
              Romanian motor insurers’ bureau) to allocate you an insurer at a price worked out from the reference tariff. BAAR checks the conditions and answers your request.
            </Trans>
          </p>
          <p>
            <a href={reference.baar_url} target="_blank" rel="noopener noreferrer">
              <Trans>How to ask BAAR for an insurer (baar.ro, opens in a new tab)</Trans>
            </a>
          </p>
        </div>
      ) : null}
    </section>
  )
}
