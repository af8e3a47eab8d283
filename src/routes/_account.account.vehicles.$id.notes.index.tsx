import { createFileRoute, notFound } from '@tanstack/react-router'
import { pageNotFoundMessage } from '~/contract/paths'
import { getVehicle, listNotes } from '~/features/account-area/account-area.functions'
import { NotesPage } from '~/features/account-area/notes-page'
import { accountPages, isRecordId } from '~/features/account/account-pages'
import { pageTitle } from '~/ui/page-title'
import { assertValidPage } from '~/ui/validity'

export const Route = createFileRoute('/_account/account/vehicles/$id/notes/')({
  beforeLoad: ({ params, location }) => assertValidPage(isRecordId(params.id), location.pathname),
  loader: async ({ params, location }) => {
    const [vehicle, list] = await Promise.all([getVehicle({ data: { id: params.id } }), listNotes({ data: { id: params.id } })])
    if (!vehicle || !list) throw notFound({ data: { message: pageNotFoundMessage(location.pathname) } })
    return { vehicle, list }
  },
  head: ({ match }) => pageTitle(match, accountPages.notes.title),
  component: function Notes() {
    const { vehicle, list } = Route.useLoaderData()
    return <NotesPage vehicle={vehicle} list={list} />
  },
})
