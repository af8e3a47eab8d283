import { Trans, useLingui } from '@lingui/react/macro'
import { useServerFn } from '@tanstack/react-start'
import { useNavigate } from '@tanstack/react-router'
import { counties } from '~/contract/counties'
import type { CaptchaProvider } from '~/captcha/captcha-token'
import { vehicleCategories, vehicleFuels, vehicleUsages } from '~/contract/vehicle'
import { useFuelLabels, useUsageLabels, useVehicleCategoryLabels } from '~/i18n/vehicle-labels'
import { CheckboxField, ContractForm, FormError, FormField, SubmitButton } from '~/ui/form/form-parts'
import { LocalityField } from '~/ui/form/locality-field'
import { useContractForm, type FormValues } from '~/ui/form/use-contract-form'
import { useHydrated } from '~/ui/use-hydrated'
import { requestRcaQuote, saveRcaOwner, saveRcaVehicle } from './rca.functions'
import type { RcaStep } from './rca-steps-model'

/** After a step: the next one, as a search param of the same page (a link can open any step). */
function useGoToStep() {
  const navigate = useNavigate()
  return (step: RcaStep, extra: Record<string, string> = {}) =>
    navigate({
      to: '.',
      search: { step, ...extra } as never,
      params: true as never,
    })
}

const rcaSchemas = () => import('~/contract/rca')

export function VehicleStep({ initial }: { initial: FormValues }) {
  const { t } = useLingui()
  const save = useServerFn(saveRcaVehicle)
  const goTo = useGoToStep()
  const categories = useVehicleCategoryLabels()
  const fuels = useFuelLabels()
  const usages = useUsageLabels()
  const form = useContractForm({
    id: 'rca-vehicle',
    action: saveRcaVehicle,
    schema: () => rcaSchemas().then((m) => m.RcaVehicleStep),
    defaultValues: {
      registration_plate: '',
      vin: '',
      category: 'car',
      usage: 'personal',
      make: '',
      model: '',
      engine_capacity_cc: '',
      power_kw: '',
      total_mass_kg: '',
      seats: '',
      fuel: 'petrol',
      first_registration: '',
      ...initial,
    },
    send: (values) => save({ data: values as never }),
    onDone: () => goTo('owner'),
    failureMessage: t`The vehicle could not be saved. Please try again.`,
  })
  return (
    <ContractForm form={form} labelledBy="rca-step-title">
      <div className="form-grid">
        <FormField form={form} name="registration_plate" label={<Trans>Registration plate</Trans>} hint={<Trans>As on the plate, for example B 123 ABC.</Trans>}>
          {(p) => <input {...p} autoCapitalize="characters" autoComplete="off" required />}
        </FormField>
        <FormField form={form} name="vin" label={<Trans>VIN (chassis number)</Trans>} hint={<Trans>17 characters, field E of the registration certificate.</Trans>}>
          {(p) => <input {...p} autoCapitalize="characters" autoComplete="off" maxLength={17} required />}
        </FormField>
        <FormField form={form} name="category" label={<Trans>Type of vehicle</Trans>}>
          {(p) => (
            <select {...p}>
              {vehicleCategories.map((c) => (
                <option key={c} value={c}>
                  {categories[c]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField form={form} name="usage" label={<Trans>How the vehicle is used</Trans>}>
          {(p) => (
            <select {...p}>
              {vehicleUsages.map((u) => (
                <option key={u} value={u}>
                  {usages[u]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField form={form} name="make" label={<Trans>Make</Trans>} hint={<Trans>Field D.1</Trans>}>
          {(p) => <input {...p} required />}
        </FormField>
        <FormField form={form} name="model" label={<Trans>Model</Trans>} hint={<Trans>Field D.3</Trans>}>
          {(p) => <input {...p} required />}
        </FormField>
        <FormField form={form} name="engine_capacity_cc" label={<Trans>Engine capacity (cm³)</Trans>} hint={<Trans>Field P.1; 0 for electric cars and trailers.</Trans>}>
          {(p) => <input {...p} inputMode="numeric" required />}
        </FormField>
        <FormField form={form} name="power_kw" label={<Trans>Power (kW)</Trans>} hint={<Trans>Field P.2</Trans>}>
          {(p) => <input {...p} inputMode="numeric" required />}
        </FormField>
        <FormField form={form} name="total_mass_kg" label={<Trans>Maximum mass (kg)</Trans>} hint={<Trans>Field F.1</Trans>}>
          {(p) => <input {...p} inputMode="numeric" required />}
        </FormField>
        <FormField form={form} name="seats" label={<Trans>Seats</Trans>} hint={<Trans>Field S.1, the driver included.</Trans>}>
          {(p) => <input {...p} inputMode="numeric" required />}
        </FormField>
        <FormField form={form} name="fuel" label={<Trans>Fuel</Trans>} hint={<Trans>Field P.3</Trans>}>
          {(p) => (
            <select {...p}>
              {vehicleFuels.map((f) => (
                <option key={f} value={f}>
                  {fuels[f]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField form={form} name="first_registration" label={<Trans>First registration</Trans>} hint={<Trans>Field B</Trans>}>
          {(p) => <input {...p} type="date" required />}
        </FormField>
      </div>
      <FormError form={form} />
      <SubmitButton form={form}>
        <Trans>Continue to the owner</Trans>
      </SubmitButton>
    </ContractForm>
  )
}

export function OwnerStep({ initial }: { initial: FormValues }) {
  const { t } = useLingui()
  const save = useServerFn(saveRcaOwner)
  const goTo = useGoToStep()
  const hydrated = useHydrated()
  const form = useContractForm({
    id: 'rca-owner',
    action: saveRcaOwner,
    schema: () => rcaSchemas().then((m) => m.RcaOwnerStep),
    defaultValues: {
      type: 'person',
      cnp: '',
      driving_licence_since: '',
      cui: '',
      name: '',
      county: '',
      locality: '',
      ...initial,
    },
    send: (values) => save({ data: values as never }),
    onDone: () => goTo('policy'),
    failureMessage: t`The owner’s details could not be saved. Please try again.`,
  })
  const person = (
    <>
      <FormField
        form={form}
        name="cnp"
        label={<Trans>CNP (personal numeric code)</Trans>}
        hint={<Trans>13 digits, from the identity card. It gives the age the price depends on.</Trans>}
      >
        {(p) => <input {...p} inputMode="numeric" autoComplete="off" maxLength={13} />}
      </FormField>
      <FormField form={form} name="driving_licence_since" label={<Trans>Driving licence since</Trans>}>
        {(p) => <input {...p} type="date" />}
      </FormField>
    </>
  )
  const company = (
    <>
      <FormField form={form} name="cui" label={<Trans>CUI (company tax code)</Trans>} hint={<Trans>With or without RO, for example RO 18547290.</Trans>}>
        {(p) => <input {...p} autoComplete="off" />}
      </FormField>
      <FormField form={form} name="name" label={<Trans>Company name</Trans>}>
        {(p) => <input {...p} autoComplete="organization" />}
      </FormField>
    </>
  )
  return (
    <ContractForm form={form} labelledBy="rca-step-title">
      <FormField form={form} name="type" label={<Trans>The owner is</Trans>}>
        {(p) => (
          <select {...p}>
            <option value="person">{t`A person`}</option>
            <option value="company">{t`A company`}</option>
          </select>
        )}
      </FormField>
      {hydrated ? (
        <form.form.Subscribe selector={(s) => s.values.type}>{(type) => <div className="form-grid">{type === 'company' ? company : person}</div>}</form.form.Subscribe>
      ) : (
        // Without JavaScript both groups show; the type chosen above says which one counts.
        <>
          <fieldset className="form-grid">
            <legend>
              <Trans>For a person</Trans>
            </legend>
            {person}
          </fieldset>
          <fieldset className="form-grid">
            <legend>
              <Trans>For a company</Trans>
            </legend>
            {company}
          </fieldset>
        </>
      )}
      <div className="form-grid">
        <FormField form={form} name="county" label={<Trans>County</Trans>} hint={<Trans>Where the owner lives or the company has its seat.</Trans>}>
          {(p) => (
            <select {...p}>
              <option value="">{t`Choose the county`}</option>
              {counties.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <LocalityField form={form} name="locality" countyField="county" label={<Trans>Locality</Trans>} />
      </div>
      <FormError form={form} />
      <SubmitButton form={form}>
        <Trans>Continue to the policy</Trans>
      </SubmitButton>
    </ContractForm>
  )
}

export function PolicyStep({ initial, earliest, latest, captchaProvider }: { initial: FormValues; earliest: string; latest: string; captchaProvider: CaptchaProvider }) {
  const { t } = useLingui()
  const request = useServerFn(requestRcaQuote)
  const goTo = useGoToStep()
  const form = useContractForm({
    id: 'rca-policy',
    action: requestRcaQuote,
    schema: () => rcaSchemas().then((m) => m.RcaPolicyStep),
    defaultValues: {
      start_date: earliest,
      months: '12',
      direct_settlement: false,
      ...initial,
    },
    send: (values) => request({ data: values as never }),
    onDone: (made) => goTo('offers', { quote: made.quote }),
    captcha: { provider: captchaProvider, action: 'rca_quote' },
    failureMessage: t`The insurers could not be asked right now. Please try again in a moment.`,
  })
  return (
    <ContractForm form={form} labelledBy="rca-step-title">
      <div className="form-grid">
        <FormField form={form} name="start_date" label={<Trans>Start date</Trans>} hint={<Trans>From tomorrow up to 30 days ahead.</Trans>}>
          {(p) => <input {...p} type="date" min={earliest} max={latest} required />}
        </FormField>
        <FormField form={form} name="months" label={<Trans>Period</Trans>}>
          {(p) => (
            <select {...p}>
              {Array.from({ length: 12 }, (_, i) => 12 - i).map((m) => (
                <option key={m} value={String(m)}>
                  {m === 1 ? t`1 month` : t`${m} months`}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <CheckboxField
        form={form}
        name="direct_settlement"
        label={<Trans>Add direct settlement (decontare directă): after an accident that was not your fault, your own insurer pays for the repair.</Trans>}
      />
      <FormError form={form} />
      <SubmitButton form={form}>
        <Trans>Compare the offers</Trans>
      </SubmitButton>
    </ContractForm>
  )
}
