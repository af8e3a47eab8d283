import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { ProductCode } from '~/contract/constants'

/** Translated names and one-line pitches, by product code. */
export const productCopy: Record<ProductCode, { name: MessageDescriptor; pitch: MessageDescriptor }> = {
  rca: { name: msg`RCA motor insurance`, pitch: msg`Compare compulsory motor liability offers from every insurer and get your policy by e-mail in minutes.` },
  travel: { name: msg`Travel insurance`, pitch: msg`Medical expenses and assistance abroad, for holidays and business trips.` },
  'house-insurance': { name: msg`Home insurance`, pitch: msg`Compulsory PAD cover and optional protection for your home and belongings.` },
  'ro-vignette': { name: msg`Romanian road vignette`, pitch: msg`The rovinietă for your car, valid from the day you choose.` },
  'hu-vignette': { name: msg`Hungarian road vignette`, pitch: msg`The e-matrica for driving on Hungary’s motorways.` },
}
