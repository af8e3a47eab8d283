import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PartnerTermsPage } from '~/features/pages/partner-terms-page'
import { partnerQuery } from '~/features/partners/queries'
import { pageTitle } from '~/ui/page-title'

/** A partner's terms; an unknown partner is a 404. */
export const Route = createFileRoute('/_default/terms-{$partnerCode}')({
  loader: async ({ context, params, location }) => ({
    partner: await context.queryClient.query({ ...partnerQuery(params.partnerCode, location.pathname), staleTime: 'static' }),
  }),
  head: ({ match, loaderData }) => pageTitle(match, loaderData ? `${match.context.i18n._(msg`Terms and conditions`)} · ${loaderData.partner.name}` : msg`Terms and conditions`),
  component: function PartnerTerms() {
    return <PartnerTermsPage partner={Route.useLoaderData().partner} />
  },
})
