/**
 * The sandbox processor's pages: plain HTML forms that work without JavaScript, in Romanian,
 * English or French. Their words come from the server's Lingui catalog like every page's, and
 * amounts go through the site's one money formatter.
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { isLocale, type Locale } from '~/i18n/locales'
import { formatMoney } from '~/i18n/money'
import { i18nFor } from '../../i18n'
import type { SandboxPayment } from './store'

type Lang = Locale

const text = {
  title: msg`Card payment — test processor`,
  amount: msg`Amount to pay`,
  card_number: msg`Card number`,
  expiry: msg`Expiry (MM/YY)`,
  cvc: msg({ message: 'CVC', context: 'card security code' }),
  holder: msg`Name on card`,
  pay: msg({ message: 'Pay', context: 'card payment button' }),
  test_cards: msg`Test cards: 4111 1111 1111 1111 approved · 4000 0000 0000 3220 with 3-D Secure · 4000 0000 0000 0002 declined · 4000 0000 0000 9995 insufficient funds.`,
  challenge: msg`3-D Secure check`,
  challenge_help: msg`Enter the code your bank sent you (for testing: 123456).`,
  code: msg({ message: 'Code', context: 'card payment check' }),
  confirm: msg({ message: 'Confirm', context: 'card payment check' }),
  not_found: msg`This payment does not exist or has expired.`,
  already: msg`This payment has already been processed.`,
  expired: msg`This payment page has expired: the offer’s price no longer holds. Go back to the site for a fresh offer.`,
  card_number_invalid: msg`Enter the 12–19 digits of the card, without mistakes.`,
  expiry_invalid: msg`Enter the expiry month and year, for example 08/29, a date in the future.`,
  cvc_invalid: msg`Enter the 3 or 4 digits on the back of the card.`,
  holder_invalid: msg`Enter the name as it is on the card.`,
} satisfies Record<string, MessageDescriptor>

export type TextKey = keyof typeof text

const say = (lang: Lang, key: TextKey) => i18nFor(lang)._(text[key])

export function pickLang(locale: string | null | undefined, acceptLanguage: string | null): Lang {
  for (const candidate of [locale, ...(acceptLanguage ?? '').split(',').map((part) => part.trim().slice(0, 2))]) {
    if (isLocale(candidate)) return candidate
  }
  return 'ro'
}

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

function page(lang: Lang, body: string, status = 200): Response {
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(say(lang, 'title'))}</title><style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}label{display:block;margin-top:1rem;font-weight:600}input{display:block;width:100%;padding:.6rem;font-size:1rem;box-sizing:border-box;border:1px solid #666;border-radius:.3rem}button,a.button{margin-top:1.5rem;padding:.7rem 1.4rem;font-size:1rem;background:#0b5;color:#fff;border:0;border-radius:.3rem;text-decoration:none;display:inline-block}.error{color:#b00020;margin:.3rem 0 0}.note{color:#555;font-size:.9rem}</style></head><body><main>${body}</main></body></html>`
  return new Response(html, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-frame-options': 'DENY', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; base-uri 'none'" } })
}

function field(lang: Lang, name: string, label: TextKey, value: string, error: TextKey | undefined, attributes: string): string {
  const id = `f-${name}`
  const described = error ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''
  return `<label for="${id}">${escape(say(lang, label))}</label><input id="${id}" name="${name}" value="${escape(value)}" ${attributes}${described}>${error ? `<p class="error" id="${id}-error">${escape(say(lang, error))}</p>` : ''}`
}

const money = (payment: SandboxPayment, lang: Lang) => formatMoney(payment.amount, payment.currency, lang)

export function cardPage(lang: Lang, payment: SandboxPayment, values: Record<string, string> = {}, errors: Record<string, TextKey> = {}): Response {
  return page(
    lang,
    `<h1>${escape(say(lang, 'title'))}</h1><p>${escape(payment.description)}</p><p><strong>${escape(say(lang, 'amount'))}: ${escape(money(payment, lang))}</strong></p>
<form method="post" novalidate>
${field(lang, 'card_number', 'card_number', values.card_number ?? '', errors.card_number, 'inputmode="numeric" autocomplete="cc-number" required')}
${field(lang, 'expiry', 'expiry', values.expiry ?? '', errors.expiry, 'autocomplete="cc-exp" placeholder="MM/YY" required')}
${field(lang, 'cvc', 'cvc', '', errors.cvc, 'inputmode="numeric" autocomplete="cc-csc" required')}
${field(lang, 'holder', 'holder', values.holder ?? '', errors.holder, 'autocomplete="cc-name" required')}
<button type="submit">${escape(say(lang, 'pay'))} ${escape(money(payment, lang))}</button></form><p class="note">${escape(say(lang, 'test_cards'))}</p>`,
    Object.keys(errors).length > 0 ? 422 : 200,
  )
}

export function challengePage(lang: Lang, payment: SandboxPayment): Response {
  return page(
    lang,
    `<h1>${escape(say(lang, 'challenge'))}</h1><p>${escape(payment.description)} — ${escape(money(payment, lang))}</p><p>${escape(say(lang, 'challenge_help'))}</p>
<form method="post">${field(lang, 'code', 'code', '', undefined, 'inputmode="numeric" autocomplete="one-time-code" required')}<button type="submit">${escape(say(lang, 'confirm'))}</button></form>`,
  )
}

export function messagePage(lang: Lang, key: 'not_found' | 'already' | 'expired', status: number): Response {
  return page(lang, `<h1>${escape(say(lang, 'title'))}</h1><p>${escape(say(lang, key))}</p>`, status)
}
