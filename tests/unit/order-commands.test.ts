import { describe, expect, it } from 'vitest'
import { parseCommand } from '~/server/cli/commands'
import { allowedTransitions, canTransition } from '~/server/orders/state'
import { maskPlate } from '~/server/orders/policy-check'

describe('order commands', () => {
  it('parses list, show and retry-issue, and refuses what is not an order id or a status', () => {
    expect(parseCommand(['order', 'list'])).toEqual({ kind: 'order-list' })
    expect(parseCommand(['order', 'list', '--status', 'paid'])).toEqual({ kind: 'order-list', status: 'paid' })
    const id = '4f0c6a8e-2b7d-4c1e-9a3f-0d5e6b7c8a91'
    expect(parseCommand(['order', 'show', id])).toEqual({ kind: 'order-show', id })
    expect(parseCommand(['order', 'retry-issue', id])).toEqual({ kind: 'order-retry-issue', id })
    expect(() => parseCommand(['order', 'show', '42'])).toThrow(/UUID/)
    expect(() => parseCommand(['order', 'list', '--status', 'lost'])).toThrow(/--status/)
    expect(() => parseCommand(['order', 'cancel'])).toThrow(/list, show or retry-issue/)
  })
})

describe('order state machine', () => {
  it('never leaves issued or refunded, and issues only from paid', () => {
    expect(allowedTransitions.issued).toEqual([])
    expect(allowedTransitions.refunded).toEqual([])
    for (const from of Object.keys(allowedTransitions) as (keyof typeof allowedTransitions)[]) {
      expect(canTransition(from, 'issued')).toBe(from === 'paid')
    }
    expect(canTransition('payment_failed', 'awaiting_payment')).toBe(true)
    expect(canTransition('awaiting_payment', 'refunded')).toBe(false)
    // Money that comes after the offer ran out is refunded, never accepted (decision 91).
    expect(allowedTransitions.expired).toEqual([])
  })

  it('masks a plate but the county and the last two characters', () => {
    expect(maskPlate('B123ABC')).toBe('B****BC')
    expect(maskPlate('CJ10XYZ')).toBe('CJ***YZ')
  })
})
