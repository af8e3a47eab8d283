import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, Link, notFound, useRouter } from '@tanstack/react-router'
import { pageNotFoundMessage } from '~/contract/paths'
import { getVehicle } from '~/features/account-area/account-area.functions'
import { DiaryEntryForm } from '~/features/account-area/diary-entry-form'
import { accountPages, isRecordId } from '~/features/account/account-pages'
import { todayInBucharest } from '~/i18n/dates'
import { pageTitle } from '~/ui/page-title'
import { notify } from '~/ui/toaster'
import { assertValidPage } from '~/ui/validity'

export const Route = createFileRoute('/_account/account/vehicles/$id/diaries/create')({
  beforeLoad: ({ params, location }) => assertValidPage(isRecordId(params.id), location.pathname),
  loader: async ({ params, location }) => {
    const vehicle = await getVehicle({ data: { id: params.id } })
    if (!vehicle) throw notFound({ data: { message: pageNotFoundMessage(location.pathname) } })
    return { vehicle, today: todayInBucharest() }
  },
  head: ({ match }) => pageTitle(match, accountPages.diaryCreate.title),
  component: function CreateDiaryEntry() {
    const { vehicle, today } = Route.useLoaderData()
    const { t } = useLingui()
    const router = useRouter()
    return (
      <>
        <h1>
          <Trans>New diary entry for {vehicle.registration_plate}</Trans>
        </h1>
        <p className="lead">
          <Trans>Record a cost or an event: fuel, a service, a repair, tyres, a tax.</Trans>
        </p>
        <DiaryEntryForm
          vehicleId={vehicle.id}
          today={today}
          onDone={async () => {
            notify('success', t`The entry was added.`)
            await router.navigate({ to: '/account/vehicles/$id/diaries', params: { id: vehicle.id } })
          }}
        />
        <p>
          <Link to="/account/vehicles/$id/diaries" params={{ id: vehicle.id }}>
            <Trans>Back to the diary</Trans>
          </Link>
        </p>
      </>
    )
  },
})
