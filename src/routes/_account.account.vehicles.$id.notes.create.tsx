import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, Link, notFound, useRouter } from '@tanstack/react-router'
import { pageNotFoundMessage } from '~/contract/paths'
import { getVehicle } from '~/features/account-area/account-area.functions'
import { NoteForm } from '~/features/account-area/note-form'
import { accountPages, isRecordId } from '~/features/account/account-pages'
import { pageTitle } from '~/ui/page-title'
import { notify } from '~/ui/toaster'
import { assertValidPage } from '~/ui/validity'

export const Route = createFileRoute('/_account/account/vehicles/$id/notes/create')({
  beforeLoad: ({ params, location }) => assertValidPage(isRecordId(params.id), location.pathname),
  loader: async ({ params, location }) => {
    const vehicle = await getVehicle({ data: { id: params.id } })
    if (!vehicle) throw notFound({ data: { message: pageNotFoundMessage(location.pathname) } })
    return { vehicle }
  },
  head: ({ match }) => pageTitle(match, accountPages.noteCreate.title),
  component: function CreateNote() {
    const { vehicle } = Route.useLoaderData()
    const { t } = useLingui()
    const router = useRouter()
    return (
      <>
        <h1>
          <Trans>New note on {vehicle.registration_plate}</Trans>
        </h1>
        <NoteForm
          vehicleId={vehicle.id}
          onDone={async () => {
            notify('success', t`The note was saved.`)
            await router.navigate({ to: '/account/vehicles/$id/notes', params: { id: vehicle.id } })
          }}
        />
        <p>
          <Link to="/account/vehicles/$id/notes" params={{ id: vehicle.id }}>
            <Trans>Back to the notes</Trans>
          </Link>
        </p>
      </>
    )
  },
})
