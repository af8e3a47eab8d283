import { createFileRoute } from '@tanstack/react-router'
import { AccountPage, accountPages } from '~/features/account/account-pages'
import { pageTitle } from '~/ui/page-title'

export const Route = createFileRoute('/_account/account/profile')({
  head: ({ match }) => pageTitle(match, accountPages.profile.title),
  component: () => <AccountPage name="profile" />,
})
