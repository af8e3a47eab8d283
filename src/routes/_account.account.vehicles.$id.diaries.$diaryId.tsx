import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, Link, notFound, useRouter } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { pageNotFoundMessage } from '~/contract/paths'
import { deleteDiaryEntry, getDiaryEntry, getVehicle } from '~/features/account-area/account-area.functions'
import { DiaryEntryForm } from '~/features/account-area/diary-entry-form'
import { accountPages, isRecordId } from '~/features/account/account-pages'
import { todayInBucharest } from '~/i18n/dates'
import { ContractForm, FormError, SubmitButton } from '~/ui/form/form-parts'
import { useContractForm } from '~/ui/form/use-contract-form'
import { pageTitle } from '~/ui/page-title'
import { notify } from '~/ui/toaster'
import { assertValidPage } from '~/ui/validity'

export const Route = createFileRoute('/_account/account/vehicles/$id/diaries/$diaryId')({
  beforeLoad: ({ params, location }) => assertValidPage(isRecordId(params.id) && isRecordId(params.diaryId), location.pathname),
  loader: async ({ params, location }) => {
    const [vehicle, entry] = await Promise.all([getVehicle({ data: { id: params.id } }), getDiaryEntry({ data: { id: params.id, diaryId: params.diaryId } })])
    if (!vehicle || !entry) throw notFound({ data: { message: pageNotFoundMessage(location.pathname) } })
    return { vehicle, entry, today: todayInBucharest() }
  },
  head: ({ match }) => pageTitle(match, accountPages.diary.title),
  component: function DiaryEntryPage() {
    const { vehicle, entry, today } = Route.useLoaderData()
    const { t } = useLingui()
    const router = useRouter()
    const remove = useServerFn(deleteDiaryEntry)
    const back = () => router.navigate({ to: '/account/vehicles/$id/diaries', params: { id: vehicle.id } })
    const removeForm = useContractForm({
      id: 'diary-delete',
      action: deleteDiaryEntry,
      schema: () => import('~/contract/account-area-forms').then((m) => m.DiaryEntryRef),
      defaultValues: {},
      send: () => remove({ data: { id: vehicle.id, diaryId: entry.id } }),
      onDone: async () => {
        notify('success', t`The entry was deleted.`)
        await back()
      },
      failureMessage: t`The entry could not be deleted. Please try again.`,
    })
    return (
      <>
        <h1>
          <Trans>Diary entry of {vehicle.registration_plate}</Trans>
        </h1>
        <DiaryEntryForm
          vehicleId={vehicle.id}
          entry={entry}
          today={today}
          onDone={async () => {
            notify('success', t`The changes were saved.`)
            await back()
          }}
        />
        <ContractForm form={removeForm} className="inline-form">
          <input type="hidden" name="id" value={vehicle.id} />
          <input type="hidden" name="diaryId" value={entry.id} />
          <FormError form={removeForm} />
          <SubmitButton form={removeForm} className="button button--danger">
            <Trans>Delete this entry</Trans>
          </SubmitButton>
        </ContractForm>
        <p>
          <Link to="/account/vehicles/$id/diaries" params={{ id: vehicle.id }}>
            <Trans>Back to the diary</Trans>
          </Link>
        </p>
      </>
    )
  },
})
