import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { rcaStartDateBounds } from '~/contract/rca-constants'
import type { CaptchaProvider } from '~/captcha/captcha-token'
import { todayInBucharest } from '~/i18n/dates'
import type { ReactNode } from 'react'
import type { getRcaForm } from './rca.functions'
import { OwnerStep, PolicyStep, VehicleStep } from './rca-steps'
import { asFormValues, firstMissingStep, type RcaStep } from './rca-steps-model'

type RcaForm = Awaited<ReturnType<typeof getRcaForm>>

export interface RcaQuoteProps {
  step: RcaStep
  form: RcaForm
  /** The offers of the quote asked for (the route composes them), null when there is none. */
  offers: ReactNode | null
  now: number
  captchaProvider: CaptchaProvider
}

/**
 * The RCA quote form in steps (vehicle → owner → policy → offers), possibly
 * started from a deep link with the plate and VIN (the registry fills the vehicle in).
 */
export function RcaQuote({ step: asked, form, offers, now, captchaProvider }: RcaQuoteProps) {
  const step = asked === 'offers' && !offers ? 'policy' : asked
  const shown = step === 'offers' ? 'offers' : firstMissingStep(form.draft, step)
  return (
    <section className="quote-form" aria-labelledby="rca-step-title">
      <StepNav current={shown} reachable={(s) => (s === 'offers' ? Boolean(offers) : firstMissingStep(form.draft, s) === s)} />
      {asked === 'offers' && !offers ? (
        <p className="notice notice--warning" role="alert">
          <Trans>This comparison is no longer available. Check the details and compare again.</Trans>
        </p>
      ) : null}
      {shown !== asked && asked !== 'offers' ? (
        <p className="notice" role="status">
          <Trans>Fill in this step first.</Trans>
        </p>
      ) : null}
      <StepContent step={shown} form={form} offers={offers} now={now} captchaProvider={captchaProvider} />
    </section>
  )
}

function StepContent({ step, form, offers, now, captchaProvider }: RcaQuoteProps) {
  const titles = useStepTitles()
  const title = (
    <h2 id="rca-step-title" tabIndex={-1}>
      {titles[step]}
    </h2>
  )
  switch (step) {
    case 'vehicle':
      return (
        <>
          {title}
          <VehicleLookupNotice form={form} />
          <YourVehicles form={form} />
          <VehicleStep key={form.lookup?.status === 'found' ? form.lookup.vehicle.vin : 'draft'} initial={vehicleValues(form)} />
        </>
      )
    case 'owner':
      return (
        <>
          {title}
          <OwnerStep initial={asFormValues(form.draft.owner)} />
        </>
      )
    case 'policy': {
      const { earliest, latest } = rcaStartDateBounds(todayInBucharest(new Date(now)))
      return (
        <>
          {title}
          <PolicyStep initial={asFormValues(form.draft.policy)} earliest={earliest} latest={latest} captchaProvider={captchaProvider} />
        </>
      )
    }
    case 'offers':
      return (
        <>
          {title}
          {offers}
        </>
      )
  }
}

/** The vehicle step's values: the draft, else what the registry knows of the deep link's vehicle, else its plate and VIN. */
function vehicleValues(form: RcaForm) {
  if (form.lookup?.status === 'found') {
    const { registration_category: _j, ...vehicle } = form.lookup.vehicle
    return asFormValues({ ...vehicle, usage: 'personal' })
  }
  if (form.draft.vehicle && (!form.deepLink || form.deepLink.plate === form.draft.vehicle.registration_plate)) return asFormValues(form.draft.vehicle)
  return form.deepLink ? { registration_plate: form.deepLink.plate, vin: form.deepLink.vin ?? '' } : {}
}

function VehicleLookupNotice({ form }: { form: RcaForm }) {
  if (!form.lookup) return null
  if (form.lookup.status === 'found')
    return (
      <p className="notice notice--success" role="status">
        <Trans>We filled in the vehicle from its registration. Check the details, choose how it is used, and continue.</Trans>
      </p>
    )
  return (
    <p className="notice" role="status">
      {form.lookup.status === 'not_found' ? (
        <Trans>The vehicle registry does not know this plate and VIN together. Type the details from the registration certificate.</Trans>
      ) : (
        <Trans>The vehicle registry cannot be reached right now. Type the details from the registration certificate.</Trans>
      )}
    </p>
  )
}

/** A signed-in driver starts from one of their vehicles: its deep link fills the step in from the registry. */
function YourVehicles({ form }: { form: RcaForm }) {
  const ready = form.vehicles.filter((v) => v.vin)
  if (ready.length === 0) return null
  return (
    <nav aria-labelledby="rca-your-vehicles" className="your-vehicles">
      <h3 id="rca-your-vehicles">
        <Trans>Your vehicles</Trans>
      </h3>
      <ul>
        {ready.map((v) => (
          <li key={v.id}>
            <Link
              to="/rca/{-$registration_plate}/{-$vin}"
              params={{
                registration_plate: v.registration_plate,
                vin: v.vin ?? undefined,
              }}
              search={{ step: 'vehicle' }}
            >
              {v.registration_plate} {[v.make, v.model].filter(Boolean).join(' ')}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

function useStepTitles(): Record<RcaStep, string> {
  const { t } = useLingui()
  return {
    vehicle: t`1. The vehicle`,
    owner: t`2. The owner`,
    policy: t`3. The policy`,
    offers: t`4. The offers`,
  }
}

function StepNav({ current, reachable }: { current: RcaStep; reachable: (step: RcaStep) => boolean }) {
  const { t } = useLingui()
  const titles = useStepTitles()
  const steps: RcaStep[] = ['vehicle', 'owner', 'policy', 'offers']
  return (
    <nav aria-label={t`Steps of the comparison`}>
      <ol className="stepper">
        {steps.map((s, index) => (
          <li key={s} className={s === current ? 'stepper__item stepper__item--current' : index < steps.indexOf(current) ? 'stepper__item stepper__item--done' : 'stepper__item'}>
            {s !== current && reachable(s) ? (
              <Link to="." search={(prev: Record<string, unknown>) => ({ ...prev, step: s }) as never} params={true as never}>
                {titles[s]}
              </Link>
            ) : (
              <span aria-current={s === current ? 'step' : undefined}>{titles[s]}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
