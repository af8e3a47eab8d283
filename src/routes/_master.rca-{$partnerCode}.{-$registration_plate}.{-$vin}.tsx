import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { partnerQuery } from '~/features/partners/queries'
import { productsQuery } from '~/features/products/queries'
import { assertValidDeepLink, loadRca, rcaLoaderDeps, rcaSearch } from './-rca-route'
import { RcaProductPage } from './-rca-page'
import { pageTitle, withHeroImage } from '~/ui/page-title'

/** The partner-branded RCA page; an unknown partner is a 404. Quotes made here carry the partner. */
export const Route = createFileRoute('/_master/rca-{$partnerCode}/{-$registration_plate}/{-$vin}')({
  validateSearch: rcaSearch,
  beforeLoad: ({ params, location }) => assertValidDeepLink(params, location.pathname),
  loaderDeps: rcaLoaderDeps,
  loader: async ({ context, params, location, deps }) => {
    const [partner, page] = await Promise.all([
      context.queryClient.query({
        ...partnerQuery(params.partnerCode, location.pathname),
        staleTime: 'static',
      }),
      loadRca(params, deps),
      context.queryClient.query({ ...productsQuery, staleTime: 'static' }),
    ])
    return { partner, ...page }
  },
  head: ({ match, loaderData }) => withHeroImage(match, pageTitle(match, loaderData ? `${match.context.i18n._(msg`RCA motor insurance`)} · ${loaderData.partner.name}` : msg`RCA motor insurance`)),
  component: function PartnerRca() {
    const { publicConfig } = Route.useRouteContext()
    const search = Route.useSearch()
    const { partner, form, quote, now } = Route.useLoaderData()
    return <RcaProductPage search={search} form={form} quote={quote} now={now} captchaProvider={publicConfig.CAPTCHA_PROVIDER} partner={partner} />
  },
})
