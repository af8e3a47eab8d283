/**
 * The sandbox processor's pages: plain HTML forms that work without JavaScript, in the
 * processor's own small set of languages (its pages, not the broker's: Lingui is not used here).
 */
import type { SandboxPayment } from './store'

type Lang = 'ro' | 'en' | 'fr'

const text = {
  ro: {
    title: 'Plată cu cardul — procesator de test',
    amount: 'Suma de plată',
    card_number: 'Numărul cardului',
    expiry: 'Expiră (LL/AA)',
    cvc: 'CVC',
    holder: 'Numele de pe card',
    pay: 'Plătește',
    test_cards: 'Carduri de test: 4111 1111 1111 1111 aprobat · 4000 0000 0000 3220 cu 3-D Secure · 4000 0000 0000 0002 refuzat · 4000 0000 0000 9995 fonduri insuficiente.',
    challenge: 'Confirmare 3-D Secure',
    challenge_help: 'Introduceți codul primit de la bancă (pentru test: 123456).',
    code: 'Cod',
    confirm: 'Confirmă',
    not_found: 'Plata nu există sau a expirat.',
    already: 'Această plată a fost deja procesată.',
    expired: 'Pagina de plată a expirat: prețul ofertei nu mai este valabil. Întoarceți-vă pe site pentru o ofertă nouă.',
    card_number_invalid: 'Introduceți cele 12–19 cifre ale cardului, fără greșeli.',
    expiry_invalid: 'Introduceți luna și anul expirării, de exemplu 08/29, o dată din viitor.',
    cvc_invalid: 'Introduceți cele 3 sau 4 cifre de pe spatele cardului.',
    holder_invalid: 'Introduceți numele așa cum apare pe card.',
  },
  en: {
    title: 'Card payment — test processor',
    amount: 'Amount to pay',
    card_number: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'CVC',
    holder: 'Name on card',
    pay: 'Pay',
    test_cards: 'Test cards: 4111 1111 1111 1111 approved · 4000 0000 0000 3220 with 3-D Secure · 4000 0000 0000 0002 declined · 4000 0000 0000 9995 insufficient funds.',
    challenge: '3-D Secure check',
    challenge_help: 'Enter the code your bank sent you (for testing: 123456).',
    code: 'Code',
    confirm: 'Confirm',
    not_found: 'This payment does not exist or has expired.',
    already: 'This payment has already been processed.',
    expired: 'This payment page has expired: the offer’s price no longer holds. Go back to the site for a fresh offer.',
    card_number_invalid: 'Enter the 12–19 digits of the card, without mistakes.',
    expiry_invalid: 'Enter the expiry month and year, for example 08/29, a date in the future.',
    cvc_invalid: 'Enter the 3 or 4 digits on the back of the card.',
    holder_invalid: 'Enter the name as it is on the card.',
  },
  fr: {
    title: 'Paiement par carte — processeur de test',
    amount: 'Montant à payer',
    card_number: 'Numéro de carte',
    expiry: 'Expiration (MM/AA)',
    cvc: 'CVC',
    holder: 'Nom sur la carte',
    pay: 'Payer',
    test_cards: 'Cartes de test : 4111 1111 1111 1111 acceptée · 4000 0000 0000 3220 avec 3-D Secure · 4000 0000 0000 0002 refusée · 4000 0000 0000 9995 fonds insuffisants.',
    challenge: 'Vérification 3-D Secure',
    challenge_help: 'Saisissez le code envoyé par votre banque (pour les tests : 123456).',
    code: 'Code',
    confirm: 'Confirmer',
    not_found: 'Ce paiement n’existe pas ou a expiré.',
    already: 'Ce paiement a déjà été traité.',
    expired: 'Cette page de paiement a expiré : le prix de l’offre n’est plus valable. Revenez sur le site pour une nouvelle offre.',
    card_number_invalid: 'Saisissez les 12 à 19 chiffres de la carte, sans erreur.',
    expiry_invalid: 'Saisissez le mois et l’année d’expiration, par exemple 08/29, une date future.',
    cvc_invalid: 'Saisissez les 3 ou 4 chiffres au dos de la carte.',
    holder_invalid: 'Saisissez le nom tel qu’il figure sur la carte.',
  },
} as const

export type TextKey = keyof (typeof text)['ro']

export function pickLang(locale: string | null | undefined, acceptLanguage: string | null): Lang {
  for (const candidate of [locale, ...(acceptLanguage ?? '').split(',').map((part) => part.trim().slice(0, 2))]) {
    if (candidate === 'ro' || candidate === 'en' || candidate === 'fr') return candidate
  }
  return 'ro'
}

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

function page(lang: Lang, body: string, status = 200): Response {
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(text[lang].title)}</title><style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}label{display:block;margin-top:1rem;font-weight:600}input{display:block;width:100%;padding:.6rem;font-size:1rem;box-sizing:border-box;border:1px solid #666;border-radius:.3rem}button,a.button{margin-top:1.5rem;padding:.7rem 1.4rem;font-size:1rem;background:#0b5;color:#fff;border:0;border-radius:.3rem;text-decoration:none;display:inline-block}.error{color:#b00020;margin:.3rem 0 0}.note{color:#555;font-size:.9rem}</style></head><body><main>${body}</main></body></html>`
  return new Response(html, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-frame-options': 'DENY', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; base-uri 'none'" } })
}

function field(lang: Lang, name: string, label: TextKey, value: string, error: TextKey | undefined, attributes: string): string {
  const id = `f-${name}`
  const described = error ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''
  return `<label for="${id}">${escape(text[lang][label])}</label><input id="${id}" name="${name}" value="${escape(value)}" ${attributes}${described}>${error ? `<p class="error" id="${id}-error">${escape(text[lang][error])}</p>` : ''}`
}

const money = (payment: SandboxPayment, lang: Lang) =>
  new Intl.NumberFormat({ ro: 'ro-RO', en: 'en-GB', fr: 'fr-FR' }[lang], { style: 'currency', currency: payment.currency }).format(payment.amount / 100)

export function cardPage(lang: Lang, payment: SandboxPayment, values: Record<string, string> = {}, errors: Record<string, TextKey> = {}): Response {
  const t = text[lang]
  return page(
    lang,
    `<h1>${escape(t.title)}</h1><p>${escape(payment.description)}</p><p><strong>${escape(t.amount)}: ${escape(money(payment, lang))}</strong></p>
<form method="post" novalidate>
${field(lang, 'card_number', 'card_number', values.card_number ?? '', errors.card_number, 'inputmode="numeric" autocomplete="cc-number" required')}
${field(lang, 'expiry', 'expiry', values.expiry ?? '', errors.expiry, 'autocomplete="cc-exp" placeholder="MM/YY" required')}
${field(lang, 'cvc', 'cvc', '', errors.cvc, 'inputmode="numeric" autocomplete="cc-csc" required')}
${field(lang, 'holder', 'holder', values.holder ?? '', errors.holder, 'autocomplete="cc-name" required')}
<button type="submit">${escape(t.pay)} ${escape(money(payment, lang))}</button></form><p class="note">${escape(t.test_cards)}</p>`,
    Object.keys(errors).length > 0 ? 422 : 200,
  )
}

export function challengePage(lang: Lang, payment: SandboxPayment): Response {
  const t = text[lang]
  return page(
    lang,
    `<h1>${escape(t.challenge)}</h1><p>${escape(payment.description)} — ${escape(money(payment, lang))}</p><p>${escape(t.challenge_help)}</p>
<form method="post">${field(lang, 'code', 'code', '', undefined, 'inputmode="numeric" autocomplete="one-time-code" required')}<button type="submit">${escape(t.confirm)}</button></form>`,
  )
}

export function messagePage(lang: Lang, key: 'not_found' | 'already' | 'expired', status: number): Response {
  return page(lang, `<h1>${escape(text[lang].title)}</h1><p>${escape(text[lang][key])}</p>`, status)
}
