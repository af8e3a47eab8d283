/** What may be paid together: optional home cover only with a PAD, one quote per order. */
import { describe, expect, test } from 'vitest'
import { bundleProblem } from '~/server/orders/bundles'
import type { CheckoutOffer } from '~/server/orders/ports'

const house = (cover: 'pad' | 'optional', asked: 'pad_and_optional' | 'optional' = 'pad_and_optional', quoteId = 'quote-1'): CheckoutOffer => ({
  id: `${cover}-${quoteId}`,
  quoteId,
  quoteOwnerId: null,
  product: 'house-insurance',
  insurerCode: cover === 'pad' ? 'paid' : 'groupama',
  insurerName: '',
  premium: { amount: cover === 'pad' ? 13_000 : 30_000, currency: 'RON' },
  insurerReference: null,
  startDate: '2026-12-01',
  endDate: '2027-11-30',
  expiresAt: new Date(Date.now() + 60_000),
  partnerCode: null,
  registrationPlate: null,
  vin: null,
  details: { cover },
  policy: undefined,
  insurerPayload: { cover: asked },
})

describe('bundles', () => {
  test('optional cover is bought with the PAD of its quote, or alone when the quote named an existing PAD', () => {
    expect(bundleProblem([house('pad'), house('optional')])).toBeUndefined()
    expect(bundleProblem([house('optional'), house('pad')])).toBeUndefined()
    expect(bundleProblem([house('pad')])).toBeUndefined()
    expect(bundleProblem([house('optional', 'optional')])).toBeUndefined()
  })

  test('optional cover without a PAD, or offers of two quotes, are refused on the offer that breaks the rule', () => {
    expect(bundleProblem([house('optional')])).toEqual({ index: 0, reason: 'bundle_pad_required' })
    expect(bundleProblem([house('pad'), house('optional', 'pad_and_optional', 'quote-2')])).toEqual({ index: 1, reason: 'bundle_mixed_quotes' })
  })
})
