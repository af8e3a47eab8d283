import { Trans, useLingui } from '@lingui/react/macro'
import { useServerFn } from '@tanstack/react-start'
import { useState, type MouseEvent } from 'react'
import type { Vehicle } from '~/contract/account-area'
import { VEHICLE_CATEGORIES } from '~/contract/account-area-constants'
import { isLocale } from '~/i18n/locales'
import { useVehicleCategoryLabels } from '~/i18n/vehicle-labels'
import { CheckboxField, ContractForm, FormError, FormField, SubmitButton } from '~/ui/form/form-parts'
import { loadFieldSentences, useContractForm, type ContractFormApi } from '~/ui/form/use-contract-form'
import { createVehicle, lookupVehicle, updateVehicle } from './account-area.functions'

/** Adds a vehicle (no `vehicle`), with a look-up in the vehicle registry by plate and VIN, or changes one. The page remounts it (`key`) to empty it after an add. */
export function VehicleForm({ vehicle, onDone }: { vehicle?: Vehicle; onDone: (saved: Vehicle) => Promise<void> | void }) {
  const { t } = useLingui()
  const create = useServerFn(createVehicle)
  const update = useServerFn(updateVehicle)
  const categories = useVehicleCategoryLabels()
  const form = useContractForm({
    id: vehicle ? 'vehicle-edit' : 'vehicle-add',
    action: vehicle ? updateVehicle : createVehicle,
    schema: () => import('~/contract/account-area-forms').then((m) => m.VehicleForm),
    defaultValues: {
      registration_plate: vehicle?.registration_plate ?? '',
      vin: vehicle?.vin ?? '',
      make: vehicle?.make ?? '',
      model: vehicle?.model ?? '',
      category: vehicle?.category ?? 'car',
      itp_due_date: vehicle?.itp_due_date ?? '',
      rca_valid_until: vehicle?.rca_valid_until ?? '',
      renewal_reminders: vehicle?.renewal_reminders ?? true,
    },
    send: (values) => (vehicle ? update({ data: { ...values, id: vehicle.id } }) : create({ data: values })),
    onDone: (saved) => onDone(saved),
    failureMessage: t`The vehicle could not be saved. Please try again.`,
  })
  return (
    <ContractForm form={form} labelledBy={vehicle ? 'vehicle-edit-title' : 'vehicle-add-title'}>
      {vehicle ? <input type="hidden" name="id" value={vehicle.id} /> : null}
      <FormField form={form} name="registration_plate" label={<Trans>Registration plate</Trans>} hint={<Trans>As on the plate, for example B 123 ABC.</Trans>}>
        {(p) => <input {...p} autoCapitalize="characters" autoComplete="off" required />}
      </FormField>
      <FormField
        form={form}
        name="vin"
        label={<Trans>VIN (chassis number, optional)</Trans>}
        hint={
          vehicle ? (
            <Trans>17 characters, field E of the registration certificate.</Trans>
          ) : (
            <Trans>17 characters, field E of the registration certificate. With the plate, the vehicle registry fills in the rest.</Trans>
          )
        }
      >
        {(p) => <input {...p} autoCapitalize="characters" autoComplete="off" maxLength={17} />}
      </FormField>
      {vehicle ? null : <RegistryLookup form={form} />}
      <FormField form={form} name="make" label={<Trans>Make</Trans>}>
        {(p) => <input {...p} />}
      </FormField>
      <FormField form={form} name="model" label={<Trans>Model</Trans>}>
        {(p) => <input {...p} />}
      </FormField>
      <FormField form={form} name="category" label={<Trans>Type of vehicle</Trans>}>
        {(p) => (
          <select {...p}>
            {VEHICLE_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {categories[c]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField form={form} name="itp_due_date" label={<Trans>Next ITP (technical inspection) due</Trans>} hint={<ItpHint />}>
        {(p) => <input {...p} type="date" />}
      </FormField>
      <FormField
        form={form}
        name="rca_valid_until"
        label={<Trans>Last day of the current RCA policy</Trans>}
        hint={<Trans>As written on the policy, even if you bought it elsewhere. If you compared prices for this vehicle here, fresh prices for the next policy wait in your account a month before it ends.</Trans>}
      >
        {(p) => <input {...p} type="date" />}
      </FormField>
      <CheckboxField form={form} name="renewal_reminders" label={<Trans>Remind me by e-mail, in the notifications and in the calendar 30, 14, 7 and 1 days before this RCA ends</Trans>} />
      <FormError form={form} />
      <SubmitButton form={form}>{vehicle ? <Trans>Save the changes</Trans> : <Trans>Add the vehicle</Trans>}</SubmitButton>
    </ContractForm>
  )
}

type RegistryAnswer = Extract<Awaited<ReturnType<typeof lookupVehicle>>, { ok: true }>['data']

/**
 * "Look up" beside plate and VIN: the registry's make, model and type fill the form, or a
 * sentence says it does not know the vehicle and the visitor types them in. Without JavaScript
 * the button posts the form to the look-up, which sends the browser back to the form filled in.
 */
function RegistryLookup({ form }: { form: ContractFormApi }) {
  const { i18n } = useLingui()
  const locale = isLocale(i18n.locale) ? i18n.locale : 'ro'
  const lookup = useServerFn(lookupVehicle)
  const categories = useVehicleCategoryLabels()
  const [busy, setBusy] = useState(false)
  const [answer, setAnswer] = useState<RegistryAnswer | undefined>()
  // The sentence of an answer without a vehicle, from the field sentences the form has loaded.
  const [notice, setNotice] = useState<string | undefined>()

  async function lookUp(event: MouseEvent<HTMLButtonElement>) {
    event.preventDefault()
    setBusy(true)
    setAnswer(undefined)
    setNotice(undefined)
    const found = await form.sendPart(['registration_plate', 'vin'], (values) => lookup({ data: { registration_plate: values.registration_plate, vin: values.vin } as never }))
    if (found && found.status !== 'found') {
      const sentence = await loadFieldSentences(locale).catch(() => undefined)
      setNotice(sentence?.text(found.status === 'not_found' ? 'vehicle_lookup_not_found' : 'vehicle_lookup_unavailable'))
    }
    setBusy(false)
    setAnswer(found)
    if (found?.status !== 'found') return
    const { registration_plate, vin, make, model, category } = found.vehicle
    for (const [name, value] of Object.entries({ registration_plate, vin, make, model, category })) {
      form.form.setFieldValue(name, value)
      form.revalidateIfShown(name)
    }
  }

  return (
    <div className="field registry-lookup">
      <button type="submit" className="button button--secondary" formAction={lookupVehicle.url} formNoValidate disabled={busy} onClick={(event) => void lookUp(event)}>
        {busy ? <Trans>Looking the vehicle up…</Trans> : <Trans>Look it up in the vehicle registry</Trans>}
      </button>
      <p role="status" className={answer?.status === 'found' ? 'field__hint' : answer ? 'notice notice--warning' : 'field__hint'} data-testid="registry-answer">
        {answer?.status === 'found' ? (
          <FoundInRegistry make={answer.vehicle.make} model={answer.vehicle.model} kind={categories[answer.vehicle.category]} />
        ) : answer ? (
          notice
        ) : null}
      </p>
    </div>
  )
}

function FoundInRegistry({ make, model, kind }: { make: string; model: string; kind: string }) {
  return (
    <Trans>
      Found in the vehicle registry: {make} {model}, {kind}. Check the details below, then add the vehicle.
    </Trans>
  )
}

/** The ITP periodicity rules (facts file §9), as a hint where the date is typed. */
export function ItpHint() {
  return (
    <Trans>
      Cars with up to 8 seats: every 2 years. Taxis, rental and driving-school cars: every 6 months. Goods vehicles over 3.5 t: every year. The date is on the last ITP
      certificate.
    </Trans>
  )
}
