import { Trans, useLingui } from '@lingui/react/macro'
import { useStore } from '@tanstack/react-form'
import { useState } from 'react'
import type { CaptchaProvider } from '~/captcha/captcha-token'
import { addDays } from '~/contract/iso-date'
import { TRAVEL_MAX_TRAVELLERS, travelPurposes, travellerField, travelTrips, travelZones } from '~/contract/travel'
import { useTravelLabels } from '~/i18n/product-labels'
import { choices } from '~/ui/form/choices'
import { CheckboxField, ContractForm, FormError, FormField, SelectField, SubmitButton } from '~/ui/form/form-parts'
import { useQuoteForm } from '~/ui/form/use-quote-form'
import { useHydrated } from '~/ui/use-hydrated'
import { requestTravelQuote } from './travel.functions'

/** Without JavaScript the form offers this many birth-date fields; with it, "Add a traveller" up to 9. */
const TRAVELLERS_WITHOUT_SCRIPT = 4

const travellerFields = Array.from({ length: TRAVEL_MAX_TRAVELLERS }, (_, i) => travellerField(i))

/**
 * The travel quote on one page: zone, trip, dates, the travellers' birth dates,
 * purpose and optional covers; the offers show below on the same page (`?quote=`).
 */
export function TravelQuoteForm({ today, captchaProvider }: { today: string; captchaProvider: CaptchaProvider }) {
  const { t } = useLingui()
  const labels = useTravelLabels()
  const hydrated = useHydrated()
  const [shown, setShown] = useState(1)
  const earliest = addDays(today, 1)
  const form = useQuoteForm({
    id: 'travel-quote',
    action: requestTravelQuote,
    schema: () => import('~/contract/travel').then((m) => m.TravelQuoteForm),
    defaultValues: {
      zone: 'europe',
      trip: 'single',
      start_date: earliest,
      end_date: addDays(earliest, 6),
      purpose: 'tourism',
      baggage: false,
      cancellation: false,
      trip_cost: '',
      ...Object.fromEntries(travellerFields.map((name) => [name, ''])),
    },
    captcha: { provider: captchaProvider, action: 'travel_quote' },
    failureMessage: t`The insurers could not be asked right now. Please try again in a moment.`,
  })
  const count = hydrated ? shown : TRAVELLERS_WITHOUT_SCRIPT
  const cancellation = useStore(form.form.store, (state) => state.values.cancellation === true)
  return (
    <section className="quote-form" aria-labelledby="travel-quote-title">
      <h2 id="travel-quote-title">
        <Trans>Compare travel insurance</Trans>
      </h2>
      <ContractForm form={form} labelledBy="travel-quote-title">
        <div className="form-grid">
          <SelectField form={form} name="zone" label={<Trans>Where you travel</Trans>} choices={choices(travelZones, labels.zones)} />
          <SelectField form={form} name="trip" label={<Trans>Cover</Trans>} choices={choices(travelTrips, labels.trips)} />
          <FormField form={form} name="start_date" label={<Trans>Departure</Trans>} hint={<Trans>From tomorrow.</Trans>}>
            {(p) => <input {...p} type="date" min={earliest} required />}
          </FormField>
          <FormField form={form} name="end_date" label={<Trans>Return</Trans>} hint={<Trans>Not needed for a year of trips.</Trans>}>
            {(p) => <input {...p} type="date" min={earliest} />}
          </FormField>
          <SelectField form={form} name="purpose" label={<Trans>Purpose of the trip</Trans>} choices={choices(travelPurposes, labels.purposes)} />
        </div>
        <fieldset className="form-grid">
          <legend>
            <Trans>Travellers’ dates of birth</Trans>
          </legend>
          {travellerFields.slice(0, count).map((name, i) => (
            <FormField key={name} form={form} name={name} label={<Trans>Traveller {i + 1}</Trans>}>
              {(p) => <input {...p} type="date" max={today} required={i === 0} />}
            </FormField>
          ))}
          {hydrated && shown < TRAVEL_MAX_TRAVELLERS ? (
            <p>
              <button type="button" className="button button--secondary" onClick={() => setShown((n) => n + 1)}>
                <Trans>Add a traveller</Trans>
              </button>
            </p>
          ) : null}
        </fieldset>
        <CheckboxField form={form} name="baggage" label={<Trans>Add baggage cover</Trans>} />
        <CheckboxField form={form} name="cancellation" label={<Trans>Add trip cancellation cover</Trans>} />
        {!hydrated || cancellation ? (
          <FormField
            form={form}
            name="trip_cost"
            label={<Trans>Cost of the trip, in euros</Trans>}
            hint={<Trans>For cancellation cover: what the whole party paid for tickets and stay (for a year of trips, the dearest trip). It is the sum insured.</Trans>}
          >
            {(p) => <input {...p} inputMode="decimal" autoComplete="off" />}
          </FormField>
        ) : null}
        <FormError form={form} />
        <SubmitButton form={form}>
          <Trans>Compare the offers</Trans>
        </SubmitButton>
      </ContractForm>
    </section>
  )
}
