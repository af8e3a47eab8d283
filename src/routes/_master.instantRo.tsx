import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ProductPage } from '~/features/products/product-page'
import { productsQuery } from '~/features/products/queries'
import { pageTitle } from '~/ui/page-title'

export const Route = createFileRoute('/_master/instantRo')({
  loader: ({ context }) => context.queryClient.query({ ...productsQuery, staleTime: 'static' }),
  head: ({ match }) => pageTitle(match, msg`Romanian road vignette`),
  component: () => <ProductPage code="ro-vignette" />,
})
