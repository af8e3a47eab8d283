import { Trans, useLingui } from '@lingui/react/macro'
import { useServerFn } from '@tanstack/react-start'
import type { Note } from '~/contract/account-area'
import { NOTE_BODY_MAX } from '~/contract/account-area-constants'
import { wallClockInput } from '~/contract/iso-date'
import { CheckboxField, ContractForm, FormError, FormField, SubmitButton } from '~/ui/form/form-parts'
import { useContractForm } from '~/ui/form/use-contract-form'
import { createNote, updateNote } from './account-area.functions'

/** A `datetime-local` value for an instant, in Bucharest time (the time the server reads it as). */
export function bucharestLocal(iso: string | null): string {
  return iso ? wallClockInput(new Date(iso)) : ''
}

/** Writes a note (no `note`) or changes one; the reminder is a Bucharest date and time. */
export function NoteForm({ vehicleId, note, onDone }: { vehicleId: string; note?: Note; onDone: (saved: Note) => Promise<void> | void }) {
  const { t } = useLingui()
  const create = useServerFn(createNote)
  const update = useServerFn(updateNote)
  const form = useContractForm({
    id: note ? 'note-edit' : 'note-add',
    action: note ? updateNote : createNote,
    schema: () => import('~/contract/account-area-forms').then((m) => m.NoteForm),
    defaultValues: { title: note?.title ?? '', body: note?.body ?? '', pinned: note?.pinned ?? false, remind_at: bucharestLocal(note?.remind_at ?? null) },
    send: (values) => (note ? update({ data: { ...values, id: vehicleId, noteId: note.id } }) : create({ data: { ...values, id: vehicleId } })),
    onDone: (saved) => onDone(saved),
    failureMessage: t`The note could not be saved. Please try again.`,
  })
  return (
    <ContractForm form={form} labelledBy={note ? 'note-edit-title' : undefined}>
      <input type="hidden" name="id" value={vehicleId} />
      {note ? <input type="hidden" name="noteId" value={note.id} /> : null}
      <FormField form={form} name="title" label={<Trans>Title</Trans>}>
        {(p) => <input {...p} maxLength={200} required />}
      </FormField>
      <FormField form={form} name="body" label={<Trans>Text</Trans>} hint={<Trans>Plain text, up to 10 000 characters; web addresses become links.</Trans>}>
        {/* Room above the limit, so a longer paste gets the field's sentence rather than being cut silently. */}
        {(p) => <textarea {...p} rows={8} maxLength={NOTE_BODY_MAX * 2} />}
      </FormField>
      <CheckboxField form={form} name="pinned" label={<Trans>Pin it to the top</Trans>} />
      <FormField form={form} name="remind_at" label={<Trans>Remind me on (optional)</Trans>} hint={<Trans>Romania time. You get an e-mail and a notification then, as set in your preferences.</Trans>}>
        {(p) => <input {...p} type="datetime-local" />}
      </FormField>
      <FormError form={form} />
      <SubmitButton form={form}>{note ? <Trans>Save the changes</Trans> : <Trans>Save the note</Trans>}</SubmitButton>
    </ContractForm>
  )
}
