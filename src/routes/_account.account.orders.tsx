import { createFileRoute } from '@tanstack/react-router'
import { AccountPage, accountPages } from '~/features/account/account-pages'
import { pageTitle } from '~/ui/page-title'

export const Route = createFileRoute('/_account/account/orders')({
  head: ({ match }) => pageTitle(match, accountPages.orders.title),
  component: () => <AccountPage name="orders" />,
})
