import { describe, expect, it } from 'vitest'
import { checkoutTicket, isCheckoutTicket } from '~/server/orders/guest-checkout'

const secret = 'a-session-secret-of-at-least-32-characters'
const now = Date.parse('2026-11-26T12:00:00Z')

describe('checkout ticket (decision 73)', () => {
  it('stands in for the captcha for the same e-mail, for 15 minutes', () => {
    const ticket = checkoutTicket(secret, 'ana@example.ro', now)
    expect(isCheckoutTicket(secret, ticket, 'ana@example.ro', now)).toBe(true)
    expect(isCheckoutTicket(secret, ticket, 'ana@example.ro', now + 14 * 60_000)).toBe(true)
    expect(isCheckoutTicket(secret, ticket, 'ana@example.ro', now + 15 * 60_000)).toBe(false)
  })

  it('names one e-mail, under one secret, and cannot be altered', () => {
    const ticket = checkoutTicket(secret, 'ana@example.ro', now)
    expect(isCheckoutTicket(secret, ticket, 'bob@example.ro', now)).toBe(false)
    expect(isCheckoutTicket(`${secret}!`, ticket, 'ana@example.ro', now)).toBe(false)
    const [expires, signature] = ticket.split('.')
    expect(isCheckoutTicket(secret, `${Number(expires) + 60_000}.${signature}`, 'ana@example.ro', now)).toBe(false)
    expect(isCheckoutTicket(secret, '', 'ana@example.ro', now)).toBe(false)
    expect(isCheckoutTicket(secret, 'captcha-solution-text', 'ana@example.ro', now)).toBe(false)
  })
})
