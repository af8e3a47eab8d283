import { describe, expect, it } from 'vitest'
import { productCodes } from '~/contract/constants'
import { productWording, wordingOf } from '~/i18n/product-names'
import { purchaseOf } from '~/server/products'

describe('product wording', () => {
  it('is the same in the pages as in each product’s definition (insurer and premium, or issuer and price)', () => {
    for (const code of productCodes) expect(productWording[code], code).toBe(purchaseOf(code)?.wording)
    expect(wordingOf('ro-vignette')).toBe('vignette')
    expect(wordingOf('no-such-product')).toBe('insurance')
  })
})
