import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MaintenancePage } from '~/features/maintenance/maintenance-page'
import { getMaintenanceStatus } from '~/features/maintenance/maintenance.functions'
import { pageTitle } from '~/ui/page-title'
import { searchParams, text } from '~/contract/search-params'

const validateSearch = searchParams({ from: text(2048) })

export const Route = createFileRoute('/_minimal/maintenance')({
  validateSearch,
  loader: () => getMaintenanceStatus(),
  head: ({ match }) => pageTitle(match, msg`We are improving the site`),
  component: function Maintenance() {
    const status = Route.useLoaderData()
    const { from } = Route.useSearch()
    const returnTo = from?.startsWith('/') && !from.startsWith('//') ? from : '/'
    return <MaintenancePage initial={status} returnTo={returnTo} />
  },
})
