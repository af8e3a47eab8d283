import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, Link, notFound, useRouter } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { pageNotFoundMessage } from '~/contract/paths'
import { deleteNote, getNote, getVehicle } from '~/features/account-area/account-area.functions'
import { LinkifiedText } from '~/features/account-area/linkified-text'
import { NoteForm } from '~/features/account-area/note-form'
import { accountPages, isRecordId } from '~/features/account/account-pages'
import { ContractForm, FormError, SubmitButton } from '~/ui/form/form-parts'
import { useContractForm } from '~/ui/form/use-contract-form'
import { pageTitle } from '~/ui/page-title'
import { notify } from '~/ui/toaster'
import { assertValidPage } from '~/ui/validity'

export const Route = createFileRoute('/_account/account/vehicles/$id/notes/$noteId')({
  beforeLoad: ({ params, location }) => assertValidPage(isRecordId(params.id) && isRecordId(params.noteId), location.pathname),
  loader: async ({ params, location }) => {
    const [vehicle, note] = await Promise.all([getVehicle({ data: { id: params.id } }), getNote({ data: { id: params.id, noteId: params.noteId } })])
    if (!vehicle || !note) throw notFound({ data: { message: pageNotFoundMessage(location.pathname) } })
    return { vehicle, note }
  },
  head: ({ match, loaderData }) => pageTitle(match, loaderData?.note.title ?? accountPages.note.title),
  component: function NotePage() {
    const { vehicle, note } = Route.useLoaderData()
    const { t } = useLingui()
    const router = useRouter()
    const remove = useServerFn(deleteNote)
    const back = () => router.navigate({ to: '/account/vehicles/$id/notes', params: { id: vehicle.id } })
    const removeForm = useContractForm({
      id: 'note-delete',
      action: deleteNote,
      schema: () => import('~/contract/account-area-forms').then((m) => m.NoteRef),
      defaultValues: {},
      send: () => remove({ data: { id: vehicle.id, noteId: note.id } }),
      onDone: async () => {
        notify('success', t`The note was deleted.`)
        await back()
      },
      failureMessage: t`The note could not be deleted. Please try again.`,
    })
    return (
      <>
        <h1>{note.title}</h1>
        <p className="muted">{vehicle.registration_plate}</p>
        {note.body ? <LinkifiedText text={note.body} /> : null}
        <section className="section account-section" aria-labelledby="note-edit-title">
          <h2 id="note-edit-title">
            <Trans>Change the note</Trans>
          </h2>
          <NoteForm
            vehicleId={vehicle.id}
            note={note}
            onDone={async () => {
              notify('success', t`The changes were saved.`)
              await router.invalidate()
            }}
          />
        </section>
        <ContractForm form={removeForm} className="inline-form">
          <input type="hidden" name="id" value={vehicle.id} />
          <input type="hidden" name="noteId" value={note.id} />
          <FormError form={removeForm} />
          <SubmitButton form={removeForm} className="button button--danger">
            <Trans>Delete this note</Trans>
          </SubmitButton>
        </ContractForm>
        <p>
          <Link to="/account/vehicles/$id/notes" params={{ id: vehicle.id }}>
            <Trans>Back to the notes</Trans>
          </Link>
        </p>
      </>
    )
  },
})
