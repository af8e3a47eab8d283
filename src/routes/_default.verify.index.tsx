import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { checkedPlateOf, checkPolicy, vehicleEndFromCheck } from '~/features/policy-check/policy-check.functions'
import { PolicyCheckPage } from '~/features/policy-check/check-page'
import { policyCheckSearch } from '~/features/policy-check/search'
import { pageTitle } from '~/ui/page-title'

/** `/verify?vehicle=B123ABC&date=…`: the public RCA check; the answer is rendered on the server. */
export const Route = createFileRoute('/_default/verify/')({
  validateSearch: policyCheckSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ deps }) => {
    if (deps.vehicle === undefined) return { answer: null, vehicle: null }
    const answer = await checkPolicy({ data: { vehicle: deps.vehicle, date: deps.date ?? '' } })
    // A policy bought here in force for a plate: the signed-in owner's vehicle of that plate may take its last day (decision 160).
    const plate = checkedPlateOf(deps.vehicle)
    const vehicle = answer.ok && (answer.data.valid || answer.data.next) && plate ? await vehicleEndFromCheck({ data: { registration_plate: plate } }) : null
    return { answer, vehicle }
  },
  head: ({ match }) => pageTitle(match, msg`Check an RCA policy`),
  component: function PolicyCheck() {
    const { answer, vehicle } = Route.useLoaderData()
    return <PolicyCheckPage search={Route.useSearch()} answer={answer} vehicle={vehicle} />
  },
})
