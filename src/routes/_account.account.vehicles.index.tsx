import { createFileRoute } from '@tanstack/react-router'
import { listVehicles } from '~/features/account-area/account-area.functions'
import { VehiclesPage } from '~/features/account-area/vehicles-page'
import { accountPages } from '~/features/account/account-pages'
import { pageTitle } from '~/ui/page-title'

export const Route = createFileRoute('/_account/account/vehicles/')({
  loader: () => listVehicles({ data: {} }),
  head: ({ match }) => pageTitle(match, accountPages.vehicles.title),
  component: function Vehicles() {
    return <VehiclesPage list={Route.useLoaderData()} />
  },
})
