import { createFileRoute } from '@tanstack/react-router'
import { accountPages } from '~/features/account/account-pages'
import { listOrders } from '~/features/checkout/orders.functions'
import { OrdersPage } from '~/features/checkout/orders-page'
import { useOrderUpdates } from '~/features/realtime/live-updates'
import { pageTitle } from '~/ui/page-title'
import { integer, searchParams } from '~/contract/search-params'

const validateSearch = searchParams({ page: integer(1, 10_000) })

export const Route = createFileRoute('/_account/account/orders')({
  validateSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ deps }) => listOrders({ data: { page: deps.page } }),
  head: ({ match }) => pageTitle(match, accountPages.orders.title),
  component: function Orders() {
    const changes = useOrderUpdates()
    return <OrdersPage list={Route.useLoaderData()} page={Route.useLoaderDeps().page} copy={accountPages.orders} changes={changes} />
  },
})
