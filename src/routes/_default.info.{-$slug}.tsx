import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { InfoIndex, InfoPageView, infoPages, isInfoSlug } from '~/features/pages/info-pages'
import { BrokerNotice } from '~/ui/broker-notice'
import { BrokerDetails } from '~/ui/broker-details'
import { pageTitle } from '~/ui/page-title'
import { assertValidPage } from '~/ui/validity'

/** `/info` lists the information pages; `/info/{slug}` shows one; an unknown slug fails the validity check (404). */
export const Route = createFileRoute('/_default/info/{-$slug}')({
  beforeLoad: ({ params, location }) => assertValidPage(params.slug === undefined || isInfoSlug(params.slug), location.pathname),
  head: ({ match, params }) => pageTitle(match, params.slug && isInfoSlug(params.slug) ? infoPages[params.slug].title : msg`Information`),
  component: function Info() {
    const { slug } = Route.useParams()
    const { publicConfig } = Route.useRouteContext()
    if (!slug || !isInfoSlug(slug)) return <InfoIndex />
    return (
      <>
        <InfoPageView slug={slug} />
        {/* "About us" names the company behind the site, as configured. */}
        {slug === 'about-us' || slug === 'complaints' ? <BrokerDetails config={publicConfig} /> : null}
        {slug === 'broker-notice' ? <BrokerNotice config={publicConfig} /> : null}
      </>
    )
  },
})
