import { Trans, useLingui } from '@lingui/react/macro'
import { useServerFn } from '@tanstack/react-start'
import type { DiaryEntry } from '~/contract/account-area'
import { DIARY_CATEGORIES } from '~/contract/account-area-constants'
import { leiInput } from '~/i18n/money'
import { CheckboxField, ContractForm, FormError, FormField, SubmitButton } from '~/ui/form/form-parts'
import { useContractForm } from '~/ui/form/use-contract-form'
import { createDiaryEntry, updateDiaryEntry } from './account-area.functions'
import { useDiaryCategoryLabels } from './labels'

/** Adds a diary entry (no `entry`) or changes one. Amounts are typed in lei. */
export function DiaryEntryForm({ vehicleId, entry, today, onDone }: { vehicleId: string; entry?: DiaryEntry; today: string; onDone: (saved: DiaryEntry) => Promise<void> | void }) {
  const { t, i18n } = useLingui()
  const create = useServerFn(createDiaryEntry)
  const update = useServerFn(updateDiaryEntry)
  const labels = useDiaryCategoryLabels()
  const form = useContractForm({
    id: entry ? 'diary-edit' : 'diary-add',
    action: entry ? updateDiaryEntry : createDiaryEntry,
    schema: () => import('~/contract/account-area-forms').then((m) => m.DiaryEntryForm),
    defaultValues: {
      date: entry?.date ?? today,
      category: entry?.category ?? 'fuel',
      amount: entry ? leiInput(entry.amount, i18n.locale) : '',
      odometer_km: entry?.odometer_km?.toString() ?? '',
      litres: entry?.litres?.toString() ?? '',
      full_tank: entry?.full_tank ?? false,
      place: entry?.place ?? '',
      note: entry?.note ?? '',
    },
    send: (values) => (entry ? update({ data: { ...values, id: vehicleId, diaryId: entry.id } }) : create({ data: { ...values, id: vehicleId } })),
    onDone: (saved) => onDone(saved),
    failureMessage: t`The entry could not be saved. Please try again.`,
  })
  return (
    <ContractForm form={form}>
      <input type="hidden" name="id" value={vehicleId} />
      {entry ? <input type="hidden" name="diaryId" value={entry.id} /> : null}
      <FormField form={form} name="date" label={<Trans>Date</Trans>}>
        {(p) => <input {...p} type="date" required />}
      </FormField>
      <FormField form={form} name="category" label={<Trans>Category</Trans>}>
        {(p) => (
          <select {...p}>
            {DIARY_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {labels[c]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField form={form} name="amount" label={<Trans>Amount (lei)</Trans>} hint={<Trans>For example 250,50.</Trans>}>
        {(p) => <input {...p} inputMode="decimal" required />}
      </FormField>
      <FormField form={form} name="odometer_km" label={<Trans>Odometer (km, optional)</Trans>}>
        {(p) => <input {...p} inputMode="numeric" />}
      </FormField>
      <FormField form={form} name="litres" label={<Trans>Litres (for fuel)</Trans>}>
        {(p) => <input {...p} inputMode="decimal" />}
      </FormField>
      <CheckboxField form={form} name="full_tank" label={<Trans>Filled the tank up (needed to measure consumption)</Trans>} />
      <FormField form={form} name="place" label={<Trans>Place (optional)</Trans>}>
        {(p) => <input {...p} maxLength={500} />}
      </FormField>
      <FormField form={form} name="note" label={<Trans>Note (optional)</Trans>}>
        {(p) => <textarea {...p} rows={3} maxLength={500} />}
      </FormField>
      <FormError form={form} />
      <SubmitButton form={form}>{entry ? <Trans>Save the changes</Trans> : <Trans>Add the entry</Trans>}</SubmitButton>
    </ContractForm>
  )
}
