import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { CaptchaProvider } from '~/captcha/captcha-token'
import type { Quote } from '~/contract/quotes'
import { OffersList } from '~/features/quotes/offers-list'

/** Below a one-page quote form: the offers of the quote asked for, or why there are none. */
export function QuoteOffers({ quote, asked, now, titleId, captchaProvider }: { quote: Quote | null; asked: boolean; now: number; titleId: string; captchaProvider: CaptchaProvider }): ReactNode {
  if (!asked) return null
  return (
    <section className="quote-form" aria-labelledby={titleId}>
      <h2 id={titleId} tabIndex={-1}>
        <Trans>The offers</Trans>
      </h2>
      {quote ? (
        <OffersList key={quote.id} quote={quote} directSettlement={false} now={now} captchaProvider={captchaProvider} />
      ) : (
        <p className="notice notice--warning" role="alert">
          <Trans>This comparison is no longer available. Check the details and compare again.</Trans>
        </p>
      )}
    </section>
  )
}
