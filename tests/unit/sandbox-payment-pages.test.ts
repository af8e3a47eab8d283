import { describe, expect, it } from 'vitest'
import { formatMoney } from '~/i18n/money'
import { cardPage, messagePage } from '~/server/sandbox/payments/pages'
import type { SandboxPayment } from '~/server/sandbox/payments/store'
import { translated } from '../support/catalog'

const payment: SandboxPayment = {
  id: 'pay-1',
  merchantReference: 'm-1',
  amount: 123_456,
  currency: 'RON',
  description: 'Asigurarea locuinței d9bb9d74',
  returnUrl: 'https://asiguro.test/thank-you',
  notifyUrl: 'https://asiguro.test/notify',
  locale: 'ro',
  expiresAt: null,
} as SandboxPayment

/** The sandbox processor's pages take their words from the server catalog and their amounts from the one money formatter. */
describe('sandbox card processor pages', () => {
  it.each(['ro', 'en', 'fr'] as const)('in %s: the catalog’s words, the amount as the site writes it', async (lang) => {
    const html = await cardPage(lang, payment).text()
    expect(html).toContain(`<html lang="${lang}">`)
    expect(html).toContain(translated(lang, 'server', 'Card payment — test processor'))
    expect(html).toContain(translated(lang, 'server', 'Card number'))
    expect(html).toContain(formatMoney(payment.amount, 'RON', lang))
    expect(html).not.toContain('RON')
  })

  it('shows a field’s error sentence beside it and answers 422', async () => {
    const res = cardPage('fr', payment, { card_number: '1' }, { card_number: 'card_number_invalid' })
    expect(res.status).toBe(422)
    const html = await res.text()
    expect(html).toContain('aria-invalid="true"')
    expect(html).toContain(translated('fr', 'server', 'Enter the 12–19 digits of the card, without mistakes.'))
  })

  it('says an expired page in the buyer’s language', async () => {
    const html = await messagePage('ro', 'expired', 410).text()
    expect(html).toContain(translated('ro', 'server', 'This payment page has expired: the offer’s price no longer holds. Go back to the site for a fresh offer.'))
  })
})
