import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { isPlausiblePlate, isVin } from '~/contract/vehicle'
import { productsQuery } from '~/features/products/queries'
import { RcaPage } from '~/features/products/rca-page'
import { pageTitle } from '~/ui/page-title'
import { assertValidPage } from '~/ui/validity'

/** RCA; a deep link may carry the plate and the VIN to start the quote with. */
export const Route = createFileRoute('/_master/rca/{-$registration_plate}/{-$vin}')({
  beforeLoad: ({ params, location }) => {
    const { registration_plate: plate, vin } = params
    assertValidPage((plate === undefined || isPlausiblePlate(plate)) && (vin === undefined || isVin(vin)), location.pathname)
  },
  loader: ({ context }) => context.queryClient.query({ ...productsQuery, staleTime: 'static' }),
  head: ({ match }) => pageTitle(match, msg`RCA motor insurance`),
  component: function Rca() {
    const { registration_plate, vin } = Route.useParams()
    return <RcaPage plate={registration_plate} vin={vin} />
  },
})
