import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { HU_VIGNETTE_MAX_DAYS_AHEAD } from '~/contract/vignette-constants'
import { ProductPage } from '~/features/products/product-page'
import { productsQuery } from '~/features/products/queries'
import { OffersList } from '~/features/quotes/offers-list'
import { HuVignetteForm } from '~/features/vignettes/hu-vignette-form'
import { pageTitle } from '~/ui/page-title'
import { loadVignette, vignetteLoaderDeps, vignetteSearch } from './-vignette-route'

/** The Hungarian e-vignette: the product page, its one-step quote form and, after it, the offer (`?quote=`). */
export const Route = createFileRoute('/_master/lih')({
  validateSearch: vignetteSearch,
  loaderDeps: vignetteLoaderDeps,
  loader: async ({ context, deps }) => {
    const [page] = await Promise.all([loadVignette(deps, HU_VIGNETTE_MAX_DAYS_AHEAD), context.queryClient.query({ ...productsQuery, staleTime: 'static' })])
    return page
  },
  head: ({ match }) => pageTitle(match, msg`Hungarian road vignette`),
  component: function Lih() {
    const { publicConfig } = Route.useRouteContext()
    const { tariffs, quote, now, today, latest } = Route.useLoaderData()
    return (
      <ProductPage code="hu-vignette">
        <section className="quote-form" aria-labelledby="vignette-form-title">
          <HuVignetteForm tariff={tariffs.hu} today={today} latest={latest} captchaProvider={publicConfig.CAPTCHA_PROVIDER} />
          {quote ? <OffersList key={quote.id} quote={quote} directSettlement={false} now={now} captchaProvider={publicConfig.CAPTCHA_PROVIDER} /> : null}
        </section>
      </ProductPage>
    )
  },
})
