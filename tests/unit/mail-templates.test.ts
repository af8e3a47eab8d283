import { describe, expect, it } from 'vitest'
import { renderMail, type MailKind } from '~/server/mail/templates'

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
