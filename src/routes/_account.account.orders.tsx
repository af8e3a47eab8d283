import { createFileRoute, useRouter } from '@tanstack/react-router'
import { RenewalCards } from '~/features/renewals/renewal-cards'
import { listRenewals } from '~/features/renewals/renewals.functions'
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
  loader: async ({ deps }) => {
    const [orders, renewals] = await Promise.all([listOrders({ data: { page: deps.page } }), listRenewals()])
    return { orders, renewals }
  },
  head: ({ match }) => pageTitle(match, accountPages.orders.title),
  component: function Orders() {
    const changes = useOrderUpdates()
    const { orders, renewals } = Route.useLoaderData()
    const router = useRouter()
    return (
      <OrdersPage list={orders} page={Route.useLoaderDeps().page} copy={accountPages.orders} changes={changes}>
        <RenewalCards renewals={renewals} onChanged={() => router.invalidate()} />
      </OrdersPage>
    )
  },
})
