import { describe, expect, it } from 'vitest'
import { integer, oneOf, publicId, searchParams, text, uuid } from '~/contract/search-params'

describe('route search parameters without zod', () => {
  const search = searchParams({ step: oneOf('vehicle', 'owner'), wait: oneOf(1), quote: publicId, plate: text(5), page: integer(1, 10), order: uuid })

  it('keeps the fields that fit', () => {
    expect(search({ step: 'owner', wait: 1, quote: 'abcdefghijABCDEFGHIJ_-', plate: 'B1', page: 3, order: '0b1e2d3c-4f5a-4b6c-8d7e-9f0a1b2c3d4e' })).toEqual({
      step: 'owner',
      wait: 1,
      quote: 'abcdefghijABCDEFGHIJ_-',
      plate: 'B1',
      page: 3,
      order: '0b1e2d3c-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
    })
  })

  it('drops what does not fit, and names it does not know, instead of failing', () => {
    expect(search({ step: 'offers', wait: '1', quote: 'short', plate: 'B123456', page: 2.5, order: 'not-a-uuid', other: 'x' })).toEqual({})
    expect(search({ page: 0 })).toEqual({})
    expect(search({ page: 11 })).toEqual({})
    expect(search({ plate: 12 })).toEqual({}) // the router reads `?plate=12` as a number
  })

  it('checks a pattern when one is given', () => {
    const reference = searchParams({ ref: text(20, /^[A-Z0-9-]{1,20}$/) })
    expect(reference({ ref: 'AB-12' })).toEqual({ ref: 'AB-12' })
    expect(reference({ ref: 'ab 12' })).toEqual({})
  })
})
