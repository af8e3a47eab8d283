import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ProductPage } from '~/features/products/product-page'
import { productsQuery } from '~/features/products/queries'
import { TravelQuoteForm } from '~/features/travel/travel-form'
import { todayInBucharest } from '~/i18n/dates'
import { pageTitle } from '~/ui/page-title'
import { loadQuotePage, quotePageDeps, quotePageSearch } from './-quote-page-route'
import { QuoteOffers } from './-quote-page'

/** Travel insurance: the quote form and, once asked, its offers below. */
export const Route = createFileRoute('/_master/travel')({
  validateSearch: quotePageSearch,
  loaderDeps: quotePageDeps,
  loader: async ({ context, deps }) => {
    const [page] = await Promise.all([loadQuotePage(deps), context.queryClient.query({ ...productsQuery, staleTime: 'static' })])
    return page
  },
  head: ({ match }) => pageTitle(match, msg`Travel insurance`),
  component: function Travel() {
    const { publicConfig } = Route.useRouteContext()
    const { quote, asked, now } = Route.useLoaderData()
    return (
      <ProductPage code="travel">
        <TravelQuoteForm today={todayInBucharest(new Date(now))} captchaProvider={publicConfig.CAPTCHA_PROVIDER} />
        <QuoteOffers quote={quote} asked={asked} now={now} captchaProvider={publicConfig.CAPTCHA_PROVIDER} titleId="travel-offers-title" />
      </ProductPage>
    )
  },
})
