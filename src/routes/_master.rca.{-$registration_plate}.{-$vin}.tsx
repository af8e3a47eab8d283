import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { productsQuery } from '~/features/products/queries'
import { assertValidDeepLink, loadRca, plateBoxRedirect, rcaLoaderDeps, rcaSearch } from './-rca-route'
import { RcaProductPage } from './-rca-page'
import { pageTitle, withHeroImage } from '~/ui/page-title'

/** RCA: the quote form in steps; a deep link may carry the plate and the VIN to start with. */
export const Route = createFileRoute('/_master/rca/{-$registration_plate}/{-$vin}')({
  validateSearch: rcaSearch,
  beforeLoad: async ({ params, location, search }) => {
    await plateBoxRedirect(search, '/rca/{-$registration_plate}/{-$vin}')
    await assertValidDeepLink(params, location.pathname)
  },
  loaderDeps: rcaLoaderDeps,
  loader: async ({ context, params, deps }) => {
    const [page] = await Promise.all([loadRca(params, deps), context.queryClient.query({ ...productsQuery, staleTime: 'static' })])
    return page
  },
  head: ({ match }) => withHeroImage(match, pageTitle(match, msg`RCA motor insurance`)),
  component: function Rca() {
    const { publicConfig } = Route.useRouteContext()
    const search = Route.useSearch()
    const { form, quote, now } = Route.useLoaderData()
    return <RcaProductPage search={search} form={form} quote={quote} now={now} captchaProvider={publicConfig.CAPTCHA_PROVIDER} />
  },
})
