import { Trans } from '@lingui/react/macro'
import type { CaptchaProvider } from '~/captcha/captcha-token'
import type { Quote } from '~/contract/quotes'
import { ProductPage } from '~/features/products/product-page'
import type { getRcaForm } from '~/features/rca/rca.functions'
import { rcaOffers, rcaQuote } from './-rca-lazy'
import type { RcaSearch } from './-rca-route'

const RcaQuote = rcaQuote.part((m) => m.RcaQuote)
const OffersList = rcaOffers.part((m) => m.OffersList)

/** The RCA page of both routes (plain and partner): the product page around the quote form and its offers. */
export function RcaProductPage({
  search,
  form,
  quote,
  now,
  captchaProvider,
  partner,
}: {
  search: RcaSearch
  form: Awaited<ReturnType<typeof getRcaForm>>
  quote: Quote | null
  now: number
  captchaProvider: CaptchaProvider
  partner?: { code: string; name: string }
}) {
  const intro = partner ? (
    <p className="partner-badge" data-partner={partner.code}>
      <Trans>Offered together with {partner.name}</Trans>
    </p>
  ) : null
  const offers = quote ? <OffersList key={quote.id} quote={quote} directSettlement={search.ds === 1} now={now} captchaProvider={captchaProvider} /> : null
  return (
    <ProductPage code="rca" intro={intro}>
      <RcaQuote step={search.step ?? 'vehicle'} form={form} offers={offers} now={now} captchaProvider={captchaProvider} />
    </ProductPage>
  )
}
