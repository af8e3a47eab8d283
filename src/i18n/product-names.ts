import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { ProductCode } from '~/contract/constants'

/**
 * The words a product is sold in: insurance (insurer, premium, policy) or a road vignette, which a
 * state issuer sells at a fixed price (issuer, price, vignette).
 */
export type ProductWording = 'insurance' | 'vignette'

export const productWording: Record<ProductCode, ProductWording> = {
  rca: 'insurance',
  travel: 'insurance',
  'house-insurance': 'insurance',
  'ro-vignette': 'vignette',
  'hu-vignette': 'vignette',
}

/** The wording of a product code as the API sends it (a string); insurance for one this build does not know. */
export const wordingOf = (product: string): ProductWording => (Object.hasOwn(productWording, product) ? productWording[product as ProductCode] : 'insurance')

/** Translated names and one-line pitches, by product code. */
export const productCopy: Record<ProductCode, { name: MessageDescriptor; pitch: MessageDescriptor }> = {
  rca: { name: msg`RCA motor insurance`, pitch: msg`Compare compulsory motor liability offers from every insurer and get your policy by e-mail in minutes.` },
  travel: { name: msg`Travel insurance`, pitch: msg`Medical expenses and assistance abroad, for holidays and business trips.` },
  'house-insurance': { name: msg`Home insurance`, pitch: msg`Compulsory PAD cover and optional protection for your home and belongings.` },
  'ro-vignette': { name: msg`Romanian road vignette`, pitch: msg`The rovinietă for your car, valid from the day you choose.` },
  'hu-vignette': { name: msg`Hungarian road vignette`, pitch: msg`The e-matrica for driving on Hungary’s motorways.` },
}
