import { Trans, useLingui } from '@lingui/react/macro'
import type { LegalDocument } from '~/contract/legal-documents'
import type { Offer } from '~/contract/quotes'
import { formatDate } from '~/i18n/dates'
import { isLocale } from '~/i18n/locales'
import { BrokerNotice, type NoticeConfig } from '~/ui/broker-notice'

/** Every document of the offers bought, each once (a bundle's offers share the broker's notice). */
export function documentsOf(offers: Offer[]): LegalDocument[] {
  const seen = new Map<string, LegalDocument>()
  for (const document of offers.flatMap((offer) => offer.documents)) if (!seen.has(document.id)) seen.set(document.id, document)
  return [...seen.values()]
}

/**
 * What the buyer receives before paying (Legea 236/2018): each insurer's product information
 * document and general conditions, as links to their PDFs (plain links, no JavaScript needed),
 * and the broker's information notice, in full. The box below the form accepts these editions.
 */
export function CheckoutDocuments({ offers, config }: { offers: Offer[]; config: NoticeConfig }) {
  const { i18n } = useLingui()
  const locale = isLocale(i18n.locale) ? i18n.locale : 'ro'
  const insurerOf = new Map(offers.map((offer) => [offer.insurer.code, offer.insurer.name]))
  const documents = documentsOf(offers).filter((document) => document.kind !== 'broker_notice')
  return (
    <section aria-labelledby="checkout-documents" className="checkout-documents" data-testid="checkout-documents">
      <h2 id="checkout-documents">
        <Trans>Documents before you buy</Trans>
      </h2>
      {documents.length > 0 ? (
        <>
          <p>
            <Trans>Read what the policy covers and excludes, in the insurer’s own documents:</Trans>
          </p>
          <ul className="link-list">
            {documents.map((document) => {
              const insurer = insurerOf.get(document.issuer) ?? document.issuer
              const edition = formatDate(document.version, locale)
              return (
                <li key={document.id}>
                  {/* The web's own path, which reads the PDF from the insurer through the API. */}
                  <a href={`/offers/${offerOf(offers, document)}/documents/${document.kind}`} target="_blank" rel="noopener" type="application/pdf">
                    {document.kind === 'ipid' ? <Trans>Product information document (IPID)</Trans> : <Trans>General conditions</Trans>} — {insurer}
                  </a>{' '}
                  <span className="muted">
                    <Trans>(PDF, edition of {edition})</Trans>
                  </span>
                </li>
              )
            })}
          </ul>
        </>
      ) : null}
      <details className="checkout-documents__notice" open>
        <summary>
          <Trans>Broker’s information notice</Trans>
        </summary>
        <BrokerNotice config={config} headingLevel={3} />
      </details>
    </section>
  )
}

/** The offer a document came with (its id is the link's). */
function offerOf(offers: Offer[], document: LegalDocument): string {
  return (offers.find((offer) => offer.documents.some((d) => d.id === document.id)) ?? offers[0])!.id
}
