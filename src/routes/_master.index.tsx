import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ProductList } from '~/features/products/product-list'
import { productsQuery } from '~/features/products/queries'
import { Hero, Section } from '~/ui/page-sections'

export const Route = createFileRoute('/_master/')({
  loader: ({ context }) => context.queryClient.query({ ...productsQuery, staleTime: 'static' }),
  component: Home,
})

function Home() {
  return (
    <>
      <Hero
        title={<Trans>Insurance and road vignettes, compared and bought online in minutes</Trans>}
        lead={<Trans>Prices from every major Romanian insurer side by side, clear terms, and your policy by e-mail.</Trans>}
      />
      <Section id="products-title" title={<Trans>What would you like to insure?</Trans>}>
        <ProductList />
      </Section>
    </>
  )
}
