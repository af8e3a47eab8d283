import { Trans, useLingui } from '@lingui/react/macro'
import { useStore } from '@tanstack/react-form'
import { vehicleCountries } from '~/contract/vignettes'
import { countryName } from '~/i18n/vignette-labels'
import { FormError, FormField, SelectField, SubmitButton } from '~/ui/form/form-parts'
import type { ContractFormApi } from '~/ui/form/use-contract-form'
import { PlateWarning } from '~/ui/plate-check'

/** A field's current value, for the parts of the form that depend on it (periods sold, bridge passes, counties). */
export function useFieldValue(form: ContractFormApi, name: string): string | boolean | undefined {
  return useStore(form.form.store, (state) => state.values[name])
}

/** The plate and its country of registration: what both vignettes are bought for. */
export function RegistrationFields({ form }: { form: ContractFormApi }) {
  const { i18n } = useLingui()
  return (
    <>
      <FormField form={form} name="registration_plate" label={<Trans>Registration plate</Trans>} hint={<Trans>As on the plate, for example B 123 ABC.</Trans>}>
        {(p) => <input {...p} autoComplete="off" autoCapitalize="characters" spellCheck={false} required />}
      </FormField>
      <SelectField
        form={form}
        name="country"
        label={<Trans>Country of registration</Trans>}
        choices={vehicleCountries.map((c) => ({ value: c, label: `${countryName(c, i18n.locale)} (${c})` }))}
      />
    </>
  )
}

/** The end of both vignette forms: the plate to check letter by letter, what went wrong, and the button. */
export function VignetteFormEnd({ form }: { form: ContractFormApi }) {
  return (
    <>
      <PlateWarning />
      <FormError form={form} />
      <SubmitButton form={form}>
        <Trans>See the price</Trans>
      </SubmitButton>
    </>
  )
}
