import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { checkPolicy } from '~/features/policy-check/policy-check.functions'
import { PolicyCheckPage } from '~/features/policy-check/check-page'
import { policyCheckSearch } from '~/features/policy-check/search'
import { pageTitle } from '~/ui/page-title'

/** `/verify?vehicle=B123ABC&date=…`: the public RCA check; the answer is rendered on the server. */
export const Route = createFileRoute('/_default/verify/')({
  validateSearch: policyCheckSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) => (deps.vehicle === undefined ? null : checkPolicy({ data: { vehicle: deps.vehicle, date: deps.date ?? '' } })),
  head: ({ match }) => pageTitle(match, msg`Check an RCA policy`),
  component: function PolicyCheck() {
    return <PolicyCheckPage search={Route.useSearch()} answer={Route.useLoaderData()} />
  },
})
