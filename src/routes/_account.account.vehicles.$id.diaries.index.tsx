import { createFileRoute } from '@tanstack/react-router'
import { AccountPage, accountPages, isRecordId } from '~/features/account/account-pages'
import { pageTitle } from '~/ui/page-title'
import { assertValidPage } from '~/ui/validity'

export const Route = createFileRoute('/_account/account/vehicles/$id/diaries/')({
  beforeLoad: ({ params, location }) => assertValidPage(isRecordId(params.id), location.pathname),
  head: ({ match }) => pageTitle(match, accountPages.diaries.title),
  component: () => <AccountPage name="diaries" />,
})
