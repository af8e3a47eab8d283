import { msg } from '@lingui/core/macro'
import type { Locale } from '~/i18n/locales'
import { i18nFor } from '../i18n'
import type { PolicyDocument } from './pdf'
import { documentFormat, documentSection, holderName, type IssuedPolicyFacts } from './product-document'

/**
 * The document of a policy whose product facts were not kept (bought before they were): the
 * period, the price and who or what it is for, in its product's wording, so a vignette never
 * reads as insurance.
 */
export function plainPolicyDocument(
  policy: IssuedPolicyFacts,
  about: { wording: 'insurance' | 'vignette'; plate: string | null; vin: string | null },
  locale: Locale,
): PolicyDocument {
  const i18n = i18nFor(locale)
  const format = documentFormat(locale)
  const vignette = about.wording === 'vignette'
  return {
    locale,
    title: i18n._(vignette ? msg`Vignette proof` : msg`Insurance policy`),
    insurer: policy.insurer,
    policy: { ...(policy.series ? { series: policy.series } : {}), number: policy.number },
    sections: [
      documentSection(i18n, vignette ? msg`Vignette` : msg({ message: 'Policy', context: 'document section' }), [
        [msg({ message: 'Valid', context: 'policy period' }), `${format.day(policy.startDate)} – ${format.day(policy.endDate)}`],
        vignette ? [msg`Price paid`, format.money(policy.premium)] : [msg`Premium`, format.money(policy.premium)],
        [vignette ? msg`Buyer` : msg({ message: 'Insured', context: 'person insured' }), holderName(policy)],
        about.plate && [msg`Registration number`, about.plate],
        about.vin && [msg`VIN`, about.vin],
      ]),
    ],
    verificationCode: policy.verificationCode,
    issuedAt: policy.issuedAt,
  }
}
