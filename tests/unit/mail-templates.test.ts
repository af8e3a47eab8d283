import { describe, expect, it } from 'vitest'
import { renderMail, type MailKind } from '~/server/mail/templates'
import { translated } from '../support/catalog'

const vars = { brand: 'Asiguro', name: 'Ioana', link: 'https://asiguro.ro/confirm-email?token=abc', reset: 'https://asiguro.ro/authenticate?mode=reset', code: '123456', address: 'i***@example.ro', support: 'contact@asiguro.ro' }

describe('welcome mail in Romanian', () => {
  it('greets by name, carries the link and reads as Romanian with comma-below diacritics', () => {
    const mail = renderMail('welcome', 'ro', vars)
    expect(mail.subject).toBe('Bine ați venit la Asiguro')
    expect(mail.text).toContain('Bună ziua, Ioana,')
    expect(mail.text).toContain(vars.link)
    expect(mail.text).toContain('vă vom trimite un memento')
    expect(mail.html).toContain(vars.link)
  })

  it.each<MailKind>(['welcome', 'welcome-google', 'password-reset', 'email-verify', 'password-changed', 'registration-attempt'])('%s uses ș and ț, never the cedilla forms ş and ţ', (kind) => {
    const { subject, text } = renderMail(kind, 'ro', vars)
    expect(`${subject}\n${text}`).not.toMatch(/[şţŞŢ]/)
  })
})

describe('policy end reminder', () => {
  const end = { ...vars, what: 'Polița RCA', number: 'RO/25/A 100001', insurer: 'Test Asigurări', plate: 'B123ABC', end: '24 decembrie 2027', renew: 'https://asiguro.ro/rca', settings: 'https://asiguro.ro/account/preferences' }

  it('counts days as Romanian does: "30 de zile", "7 zile", "mâine"', () => {
    expect(renderMail('policy-end-reminder', 'ro', { ...end, days: '30' }).subject).toBe('Polița RCA pentru B123ABC expiră peste 30 de zile')
    expect(renderMail('policy-end-reminder', 'ro', { ...end, days: '7' }).subject).toBe('Polița RCA pentru B123ABC expiră peste 7 zile')
    const tomorrow = renderMail('policy-end-reminder', 'ro', { ...end, days: '1' })
    expect(tomorrow.subject).toBe('Polița RCA pentru B123ABC expiră mâine')
    expect(tomorrow.text).toContain('valabilă până pe 24 decembrie 2027 inclusiv')
    expect(`${tomorrow.subject}\n${tomorrow.text}`).not.toMatch(/[şţŞŢ]/)
  })

  it('reads in English and French, without a plate for products that have none', () => {
    expect(renderMail('policy-end-reminder', 'en', { ...end, what: 'Your travel insurance policy', plate: '', days: '7' }).subject).toBe('Your travel insurance policy ends in 7 days')
    const fr = renderMail('policy-end-reminder', 'fr', { ...end, what: 'Votre vignette roumaine', days: '1' })
    expect(fr.subject).toBe('Votre vignette roumaine pour B123ABC expire demain')
    expect(fr.html).toContain('<a href="https://asiguro.ro/account/preferences">')
  })
})

describe('mails from the catalogs', () => {
  const kinds: MailKind[] = ['password-reset', 'welcome', 'welcome-google', 'two-factor-code', 'email-verify', 'email-change', 'email-change-notice', 'password-changed', 'account-deleted', 'welcome-checkout', 'orders-joined', 'note-reminder', 'registration-attempt']
  const all = { ...vars, confirm: 'https://asiguro.ro/confirm-email?token=def', plate: 'B123ABC', title: 'Schimb ulei', excerpt: 'La 90000 km' }

  it.each(['ro', 'en', 'fr'] as const)('every mail in %s is the catalog’s subject, every placeholder filled', (locale) => {
    for (const kind of kinds) {
      const { subject, text } = renderMail(kind, locale, all)
      expect(`${subject}\n${text}`, kind).not.toMatch(/\{\w+\}/)
    }
    expect(renderMail('welcome', locale, all).subject).toBe(translated(locale, 'server', 'Welcome to {brand}', { brand: 'Asiguro' }))
    expect(renderMail('password-reset', locale, all).subject).toBe(translated(locale, 'server', 'Reset your {brand} password', { brand: 'Asiguro' }))
  })

  it('French mail takes the French catalog’s words', () => {
    const mail = renderMail('password-changed', 'fr', all)
    expect(mail.subject).toBe('Votre mot de passe Asiguro a été changé')
    expect(mail.text).toContain('Bonjour Ioana,')
  })

  const issued = { ...vars, product: { product: 'house-insurance' }, number: 'RO/25/PAD 1234', insurer: 'Test Asigurări', start: { date: '2026-11-28' }, end: { date: '2027-11-27' }, verify: 'https://asiguro.ro/policy-check?code=x' } as const

  it.each(['ro', 'en', 'fr'] as const)('an issued policy in %s: the product by its name, the dates in the language’s format', (locale) => {
    const mail = renderMail('policy-issued', locale, issued)
    const prose = `${mail.subject}\n${mail.text}`
    expect(prose).toContain(translated(locale, 'messages', 'Home insurance'))
    expect(prose).not.toMatch(/HOUSE-INSURANCE|house-insurance/)
    expect(prose).not.toMatch(/\d{4}-\d{2}-\d{2}/)
    expect(prose).toContain({ ro: '28 noiembrie 2026', en: '28 November 2026', fr: '28 novembre 2026' }[locale])
    expect(prose).toContain({ ro: '27 noiembrie 2027', en: '27 November 2027', fr: '27 novembre 2027' }[locale])
  })

  it('a refund names the product and writes the amount in the language’s digits', () => {
    const mail = renderMail('policy-not-issued', 'ro', { ...vars, product: { product: 'ro-vignette' }, insurer: 'CNAIR', order: 'd9bb9d74', amount: '28,00 lei', site: 'https://asiguro.ro', wording: 'vignette' })
    expect(mail.subject).toBe(`${translated('ro', 'messages', 'Romanian road vignette')} nu a putut fi emisă`)
    expect(mail.text).not.toContain('RO-VIGNETTE')
    expect(mail.text).toContain('28,00 lei')
  })

  it.each(['ro', 'en', 'fr'] as const)('a vignette that was not issued reads as a vignette from its issuer, never as a policy from an insurer (%s)', (locale) => {
    const refund = { ...vars, insurer: 'CNAIR', order: 'd9bb9d74', amount: '28,00 lei', site: 'https://asiguro.ro' }
    const vignette = renderMail('policy-not-issued', locale, { ...refund, product: { product: 'ro-vignette' }, wording: 'vignette' }).text
    const policy = renderMail('policy-not-issued', locale, { ...refund, product: { product: 'rca' }, wording: 'insurance' }).text
    const words = { ro: [/vinieta/, /emitentul/, /poli[țt]/i, /asigur[aă]tor/i], en: [/vignette/, /issuer/, /policy/i, /insurer/i], fr: [/vignette/, /émetteur/, /police/i, /assureur/i] }[locale]
    const [vignetteWord, issuerWord, policyWord, insurerWord] = words as [RegExp, RegExp, RegExp, RegExp]
    expect(vignette).toMatch(vignetteWord)
    expect(vignette).toMatch(issuerWord)
    expect(vignette).not.toMatch(policyWord)
    expect(vignette).not.toMatch(insurerWord)
    expect(policy).toMatch(policyWord)
    expect(policy).toMatch(insurerWord)
  })

  it('a guest’s assistance request is greeted without a name, with its kind and status in words', () => {
    const received = renderMail('direct-booking-received', 'fr', { name: '', reference: 'DB-1234', plate: 'B123ABC', kind: 'towing', phone: '0722123456', link: 'https://asiguro.ro/directbooking' })
    expect(received.text.startsWith('Bonjour,\n\n')).toBe(true)
    expect(received.text).toContain('(remorquage)')
    const status = renderMail('direct-booking-status', 'ro', { name: 'Ioana', reference: 'DB-1234', plate: 'B123ABC', status: 'dispatched', link: 'https://asiguro.ro/directbooking' })
    expect(status.subject).toBe('Cererea DB-1234: ajutorul este pe drum')
    expect(status.text.startsWith('Bună ziua, Ioana,')).toBe(true)
  })
})
