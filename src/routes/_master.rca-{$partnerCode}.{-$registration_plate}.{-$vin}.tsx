import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { isPlausiblePlate, isVin } from '~/contract/vehicle'
import { partnerQuery } from '~/features/partners/queries'
import { productsQuery } from '~/features/products/queries'
import { RcaPage } from '~/features/products/rca-page'
import { pageTitle } from '~/ui/page-title'
import { assertValidPage } from '~/ui/validity'

/** The partner-branded RCA page; an unknown partner is a 404. */
export const Route = createFileRoute('/_master/rca-{$partnerCode}/{-$registration_plate}/{-$vin}')({
  beforeLoad: ({ params, location }) => {
    const { registration_plate: plate, vin } = params
    assertValidPage((plate === undefined || isPlausiblePlate(plate)) && (vin === undefined || isVin(vin)), location.pathname)
  },
  loader: async ({ context, params, location }) => {
    const [partner] = await Promise.all([
      context.queryClient.query({ ...partnerQuery(params.partnerCode, location.pathname), staleTime: 'static' }),
      context.queryClient.query({ ...productsQuery, staleTime: 'static' }),
    ])
    return { partner }
  },
  head: ({ match, loaderData }) => pageTitle(match, loaderData ? `${match.context.i18n._(msg`RCA motor insurance`)} · ${loaderData.partner.name}` : msg`RCA motor insurance`),
  component: function PartnerRca() {
    const { registration_plate, vin } = Route.useParams()
    const { partner } = Route.useLoaderData()
    return <RcaPage plate={registration_plate} vin={vin} partner={partner} />
  },
})
