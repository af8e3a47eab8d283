import type { AppConfig } from '../../../app.config'
import { brokerDetailsOf, documentFormat, plainDocumentLabels, productPolicyDocument, renderPolicyPdf, type IssuedPolicyFacts, type PolicyDocument } from '../documents'
import { isLocale, type Locale } from '~/i18n/locales'
import { purchaseOf } from '../products'
import type { PolicyDocumentInput, PolicyDocuments } from './ports'

/**
 * Every product's policy document through the one PDF renderer (decision 50), in the buyer's
 * language: the product's own document (`ProductPurchase.document`) from the facts stored with
 * the policy at checkout, with the issuer, number, period, price and the QR code of the public
 * verification page. A policy without kept facts gets the plain document in its product's wording.
 */
export class PolicyPdfDocuments implements PolicyDocuments {
  constructor(private readonly config: AppConfig) {}

  async render(input: PolicyDocumentInput): Promise<Uint8Array> {
    const locale: Locale = isLocale(input.locale) ? input.locale : 'ro'
    const purchase = purchaseOf(input.product)
    const issued: IssuedPolicyFacts = {
      insurer: { name: input.insurerName, ...(input.insurerAsfRegistration ? { asfRegistration: input.insurerAsfRegistration } : {}) },
      series: input.series,
      number: input.number,
      startDate: input.startDate,
      endDate: input.endDate,
      premium: input.premium,
      holder: input.customer,
      verificationCode: new URL(input.verificationUrl).pathname.split('/').pop() ?? '',
      issuedAt: new Date(),
    }
    const facts = purchase?.facts.safeParse(input.facts)
    const doc = purchase && facts?.success ? productPolicyDocument(purchase.document, facts.data, issued, locale) : plainDocument(input, issued, purchase?.wording ?? 'insurance', locale)
    return renderPolicyPdf(doc, { broker: brokerDetailsOf(this.config), publicUrl: this.config.PUBLIC_URL })
  }
}

/** The period, the price and who or what it is for: all a policy without its product's facts can print. */
function plainDocument(input: PolicyDocumentInput, issued: IssuedPolicyFacts, wording: 'insurance' | 'vignette', locale: Locale): PolicyDocument {
  const l = plainDocumentLabels[wording][locale]
  const format = documentFormat(locale)
  return {
    locale,
    title: l.title,
    insurer: issued.insurer,
    policy: { ...(issued.series ? { series: issued.series } : {}), number: issued.number },
    sections: [
      {
        heading: l.section,
        fields: [
          { label: l.period, value: `${format.day(issued.startDate)} – ${format.day(issued.endDate)}` },
          { label: l.price, value: format.money(issued.premium) },
          { label: l.holder, value: `${input.customer.first_name} ${input.customer.last_name}`.trim() },
          ...(input.registrationPlate ? [{ label: l.plate, value: input.registrationPlate }] : []),
          ...(input.vin ? [{ label: l.vin, value: input.vin }] : []),
        ],
      },
    ],
    verificationCode: issued.verificationCode,
    issuedAt: issued.issuedAt,
  }
}
