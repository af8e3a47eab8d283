import type { AppConfig } from '../../../app.config'
import { brokerDetailsOf, plainPolicyDocument, productPolicyDocument, renderPolicyPdf, type IssuedPolicyFacts } from '../documents'
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
    const doc = purchase && facts?.success ? productPolicyDocument(purchase.document, facts.data, issued, locale) : plainPolicyDocument(issued, { wording: purchase?.wording ?? 'insurance', plate: input.registrationPlate, vin: input.vin }, locale)
    return renderPolicyPdf(doc, { broker: brokerDetailsOf(this.config), publicUrl: this.config.PUBLIC_URL })
  }
}
