import { createFileRoute } from '@tanstack/react-router'
import { AccountPage, accountPages } from '~/features/account/account-pages'
import { pageTitle } from '~/ui/page-title'

export const Route = createFileRoute('/_account/account/preferences')({
  head: ({ match }) => pageTitle(match, accountPages.preferences.title),
  component: () => <AccountPage name="preferences" />,
})
