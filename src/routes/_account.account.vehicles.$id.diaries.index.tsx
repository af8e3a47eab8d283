import { createFileRoute, notFound } from '@tanstack/react-router'
import { pageNotFoundMessage } from '~/contract/paths'
import { getDiaryStats, getVehicle, listDiary } from '~/features/account-area/account-area.functions'
import { DiaryPage } from '~/features/account-area/diary-page'
import { diarySearch } from '~/features/account-area/diary-search'
import { accountPages, isRecordId } from '~/features/account/account-pages'
import { pageTitle } from '~/ui/page-title'
import { assertValidPage } from '~/ui/validity'

export const Route = createFileRoute('/_account/account/vehicles/$id/diaries/')({
  validateSearch: diarySearch,
  beforeLoad: ({ params, location }) => assertValidPage(isRecordId(params.id), location.pathname),
  loaderDeps: ({ search }) => search,
  loader: async ({ params, deps, location }) => {
    const filter = { from: deps.from, to: deps.to, category: deps.category }
    const [vehicle, list, stats] = await Promise.all([getVehicle({ data: { id: params.id } }), listDiary({ data: { id: params.id, page: deps.page, ...filter } }), getDiaryStats({ data: { id: params.id, ...filter } })])
    if (!vehicle || !list || !stats) throw notFound({ data: { message: pageNotFoundMessage(location.pathname) } })
    return { vehicle, list, stats }
  },
  head: ({ match }) => pageTitle(match, accountPages.diaries.title),
  component: function Diary() {
    const data = Route.useLoaderData()
    return <DiaryPage {...data} search={Route.useSearch()} />
  },
})
