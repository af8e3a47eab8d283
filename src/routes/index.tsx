import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ProductList } from '~/features/products/product-list'
import { productsQuery } from '~/features/products/queries'

export const Route = createFileRoute('/')({
  loader: ({ context }) => context.queryClient.query({ ...productsQuery, staleTime: 'static' }),
  component: Home,
})

function Home() {
  return (
    <main id="main" className="page">
      <section className="hero">
        <h1>
          <Trans>Insurance and road vignettes, compared and bought online in minutes</Trans>
        </h1>
        <p>
          <Trans>Prices from every major Romanian insurer side by side, clear terms, and your policy by e-mail.</Trans>
        </p>
      </section>
      <section aria-labelledby="products-title">
        <h2 id="products-title">
          <Trans>What would you like to insure?</Trans>
        </h2>
        <ProductList />
      </section>
    </main>
  )
}
