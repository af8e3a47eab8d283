import { Trans, useLingui } from '@lingui/react/macro'
import { useServerFn } from '@tanstack/react-start'
import type { ProductCode } from '~/contract/constants'
import type { Renewal } from '~/contract/renewals'
import { addDays } from '~/contract/iso-date'
import { formatDate } from '~/i18n/dates'
import { isLocale } from '~/i18n/locales'
import { formatLei, formatLeiChange, formatPercentChange } from '~/i18n/money'
import { productCopy } from '~/i18n/product-names'
import { ContractForm, FormError, SubmitButton } from '~/ui/form/form-parts'
import { useContractForm } from '~/ui/form/use-contract-form'
import { renewalAction } from './renewals.functions'

type Action = 'quote' | 'bought_elsewhere' | 'reminders_off' | 'reminders_on'

/**
 * The "renewal ready" cards of `/account/orders`: per vehicle or home whose policy ends soon,
 * the three best offers for the cover that follows on, the current insurer's new price against
 * last year's, the rating class, until when prices hold, and one click to the checkout. Rendered
 * on the server; every button is a form, so all of it works without JavaScript.
 */
export function RenewalCards({ renewals, onChanged }: { renewals: Renewal[]; onChanged: () => Promise<void> }) {
  if (renewals.length === 0) return null
  return (
    <section aria-labelledby="renewals-title" className="renewals">
      <h2 id="renewals-title">
        <Trans>Renewals ready</Trans>
      </h2>
      <ul className="card-grid renewal-list">
        {renewals.map((renewal) => (
          <RenewalCard key={renewal.id} renewal={renewal} onChanged={onChanged} />
        ))}
      </ul>
    </section>
  )
}

function RenewalCard({ renewal, onChanged }: { renewal: Renewal; onChanged: () => Promise<void> }) {
  const { i18n, t } = useLingui()
  const locale = isLocale(i18n.locale) ? i18n.locale : 'ro'
  const product = Object.hasOwn(productCopy, renewal.product) ? i18n._(productCopy[renewal.product as ProductCode].name) : renewal.product
  const what = renewal.registration_plate ?? product
  const insurer = renewal.previous.insurer?.name ?? ''
  const ends = formatDate(renewal.previous.end_date, locale)
  const starts = formatDate(renewal.start_date, locale)
  const uninsuredFrom = formatDate(addDays(renewal.previous.end_date, 1), locale)
  const headingId = `renewal-${renewal.id}`
  const lastYear = renewal.previous.premium ? formatLei(renewal.previous.premium.amount, locale) : ''
  const newPrice = renewal.current ? formatLei(renewal.current.offer.premium!.amount, locale) : ''
  const changeLei = renewal.current ? formatLeiChange(renewal.current.change.amount, locale) : ''
  const changePercent = renewal.current ? formatPercentChange(renewal.current.change.percent, locale) : ''
  const classBefore = renewal.rating_class?.before ?? ''
  const classAfter = renewal.rating_class?.after ?? ''
  const holdsUntil = renewal.prices_hold_until ? formatDate(renewal.prices_hold_until, locale, 'dateTime') : ''
  return (
    <li className="card renewal-card" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {what} · {product}
      </h3>
      {!renewal.previous.insurer ? (
        renewal.late ? (
          <p role="alert" className="notice notice--warning">
            <Trans>
              Your current policy, bought elsewhere, ended on {ends}. The new one can start on {starts} at the earliest: from {uninsuredFrom} until then the vehicle is not insured, and
              driving it uninsured is fined.
            </Trans>
          </p>
        ) : (
          <p>
            <Trans>
              Your current policy, bought elsewhere, ends on {ends}. The new one starts on {starts}, the day after: no gap and no overlap.
            </Trans>
          </p>
        )
      ) : renewal.late ? (
        <p role="alert" className="notice notice--warning">
          <Trans>
            Your policy with {insurer} ended on {ends}. The new one can start on {starts} at the earliest: from {uninsuredFrom} until then the vehicle is not insured, and driving it
            uninsured is fined.
          </Trans>
        </p>
      ) : (
        <p>
          <Trans>
            Your policy with {insurer} ends on {ends}. The new one starts on {starts}, the day after: no gap and no overlap.
          </Trans>
        </p>
      )}
      {renewal.current ? (
        <p>
          <Trans>
            {insurer} now asks {newPrice}: {changeLei} ({changePercent}) against last year’s {lastYear}.
          </Trans>
        </p>
      ) : renewal.prices === 'ready' && renewal.previous.insurer ? (
        <p>
          <Trans>
            {insurer} made no offer this time; last year you paid {lastYear}.
          </Trans>
        </p>
      ) : null}
      {renewal.rating_class ? (
        <p>
          {classBefore && classBefore !== classAfter ? (
            <Trans>
              Your bonus-malus class changes from {classBefore} to {classAfter}.
            </Trans>
          ) : (
            <Trans>Your bonus-malus class stays {classAfter}.</Trans>
          )}
        </p>
      ) : null}
      {renewal.prices === 'ready' && renewal.best.length > 0 ? (
        <>
          <ol className="renewal-card__offers" aria-label={t`The three best offers`}>
            {renewal.best.map((offer) => {
              const offerInsurer = offer.insurer.name
              return (
                <li key={offer.id}>
                  <span>{offerInsurer}</span> <strong>{formatLei(offer.premium!.amount, locale)}</strong>{' '}
                  <a className="button" href={`/checkout?quote=${encodeURIComponent(renewal.quote_id!)}&offer=${encodeURIComponent(offer.id)}&renewal=${renewal.id}`}>
                    <Trans>
                      Renew with {offerInsurer}
                      <span className="visually-hidden"> for {what}</span>
                    </Trans>
                  </a>
                </li>
              )
            })}
          </ol>
          {holdsUntil ? (
            <p className="muted">
              <Trans>These prices hold until {holdsUntil}; after that they are asked again.</Trans>
            </p>
          ) : null}
        </>
      ) : renewal.prices === 'preparing' ? (
        <p role="status">
          <Trans>The insurers are being asked for prices; reload the page in a moment.</Trans>
        </p>
      ) : (
        <p>{renewal.prices === 'ready' ? <Trans>No insurer made an offer for these dates.</Trans> : <Trans>The prices have run out.</Trans>}</p>
      )}
      <div className="renewal-card__actions">
        {renewal.prices !== 'ready' || renewal.best.length === 0 ? (
          <RenewalButton renewal={renewal} action="quote" onChanged={onChanged} label={renewal.late ? <Trans>Get prices from {starts}</Trans> : <Trans>Get fresh prices</Trans>} />
        ) : null}
        <RenewalButton renewal={renewal} action="bought_elsewhere" onChanged={onChanged} label={<Trans>I renewed elsewhere</Trans>} secondary />
        <RenewalButton
          renewal={renewal}
          action={renewal.reminders ? 'reminders_off' : 'reminders_on'}
          onChanged={onChanged}
          label={renewal.reminders ? <Trans>Stop reminders for {what}</Trans> : <Trans>Remind me again about {what}</Trans>}
          secondary
        />
      </div>
    </li>
  )
}

function RenewalButton({ renewal, action, label, onChanged, secondary }: { renewal: Renewal; action: Action; label: React.ReactNode; onChanged: () => Promise<void>; secondary?: boolean }) {
  const { t } = useLingui()
  const send = useServerFn(renewalAction)
  const form = useContractForm({
    id: `renewal-${action}-${renewal.id}`,
    action: renewalAction,
    schema: () => import('~/contract/renewals').then((m) => m.RenewalActionForm),
    defaultValues: {},
    send: () => send({ data: { id: renewal.id, action } }),
    onDone: onChanged,
    failureMessage: t`That did not work. Please try again in a moment.`,
  })
  return (
    <ContractForm form={form} className="inline-form">
      <input type="hidden" name="id" value={renewal.id} />
      <input type="hidden" name="action" value={action} />
      <FormError form={form} />
      <SubmitButton form={form} className={secondary ? 'button button--secondary' : 'button'}>
        {label}
      </SubmitButton>
    </ContractForm>
  )
}
