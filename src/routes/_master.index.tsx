import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ProductList } from '~/features/products/product-list'
import { productsQuery } from '~/features/products/queries'
import { listInsurers } from '~/features/quotes/quote.functions'
import { PlateBox } from '~/features/rca/plate-box'
import { Hero, Section } from '~/ui/page-sections'
import { withHeroImage } from '~/ui/page-title'

export const Route = createFileRoute('/_master/')({
  loader: async ({ context }) => {
    const [insurers] = await Promise.all([listInsurers({ data: { product: 'rca' } }), context.queryClient.query({ ...productsQuery, staleTime: 'static' })])
    return { insurers }
  },
  head: ({ match }) => withHeroImage(match, {}),
  component: Home,
})

function Home() {
  const { t } = useLingui()
  const { insurers } = Route.useLoaderData()
  return (
    <>
      <Hero
        title={<Trans>Insurance and road vignettes, compared and bought online in minutes</Trans>}
        lead={<Trans>Type the plate: every insurer answers at once, the prices arrive side by side, and the policy comes by e-mail.</Trans>}
      >
        <PlateBox />
      </Hero>
      {insurers.length > 0 ? (
        <Section id="insurers-title" title={<Trans>The insurers we compare</Trans>}>
          <ul className="insurer-names" aria-label={t`Insurers`}>
            {insurers.map((insurer) => (
              <li key={insurer.code}>{insurer.name}</li>
            ))}
          </ul>
        </Section>
      ) : null}
      <Section id="benefits-title" title={<Trans>What you get</Trans>}>
        <ul className="checklist">
          <li>
            <Trans>Real prices from every insurer in seconds, with your bonus-malus class shown before you choose.</Trans>
          </li>
          <li>
            <Trans>Card payment on a secure page, and the policy by e-mail a minute later, with a QR code anyone can check.</Trans>
          </li>
          <li>
            <Trans>Your policies, vehicles and deadlines in one account, with reminders before anything expires.</Trans>
          </li>
          <li>
            <Trans>The broker’s fee is paid by the insurer: the price you see is the insurer’s own.</Trans>
          </li>
        </ul>
      </Section>
      <Section id="products-title" title={<Trans>What would you like to insure?</Trans>}>
        <ProductList />
      </Section>
    </>
  )
}
