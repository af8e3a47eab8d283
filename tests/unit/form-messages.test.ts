import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { ContactMessageInput } from '../../src/contract/contact'
import { LoginInput, RegisterForm, RegisterInput } from '../../src/contract/auth'
import { fieldsOntoForm, fieldText, issueKey, issuesToFields } from '../../src/contract/form-issues'
import { fieldSentence, i18nFor } from '../../src/server/i18n'

// The form toolkit's messages (src/ui/form, src/server/web/forms.ts): schema failures become one
// sentence per field in the visitor's language, and the API's 422 map lands on the form's fields.

const registration = { first_name: 'Ana', last_name: 'Pop', email: 'ana@example.ro', phone_number: '', password: 'violet harbour lamps', password_confirmation: 'violet harbour lamps', accept_terms: true, token: '' }
const failures = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues ?? []

describe('schema failures → field sentences', () => {
  it('says what to type for an empty sign-in, in each language, once per field', () => {
    const issues = failures(LoginInput, { email: '', password: '', token: '' })
    expect(issuesToFields(issues, i18nFor('ro'))).toEqual({ email: ['Introduceți adresa de e-mail.'], password: ['Introduceți parola.'] })
    expect(issuesToFields(issues, i18nFor('en'))).toEqual({ email: ['Enter your e-mail address.'], password: ['Enter your password.'] })
    expect(issuesToFields(issues, i18nFor('fr')).email).toEqual(['Saisissez votre adresse e-mail.'])
  })

  it('gives the phone field a sentence, never its pattern', () => {
    const fields = issuesToFields(failures(RegisterInput, { ...registration, phone_number: '12345' }), i18nFor('ro'))
    expect(fields.phone_number).toEqual([fieldSentence('ro', 'phone_invalid')])
    expect(JSON.stringify(fields)).not.toMatch(/\\d|\^|\[237\]/)
  })

  it('requires the terms box on the sign-up form', () => {
    expect(issuesToFields(failures(RegisterForm, { ...registration, accept_terms: false }), i18nFor('en'))).toEqual({
      accept_terms: ['To create the account, accept the terms and conditions and the privacy policy.'],
    })
    expect(RegisterForm.safeParse(registration).success).toBe(true)
  })

  it('takes the spec’s register payload as written, with no terms field', () => {
    // product-spec.md: email, phone_number, last_name, first_name, password, password_confirmation, is_default_password, token.
    const specPayload = { email: 'ana@example.ro', phone_number: '0722123456', last_name: 'Pop', first_name: 'Ana', password: 'violet harbour lamps', password_confirmation: 'violet harbour lamps', is_default_password: false, token: '' }
    expect(RegisterInput.safeParse(specPayload).success).toBe(true)
    expect(RegisterForm.safeParse(specPayload).success).toBe(false)
  })

  it('never shows zod’s default text, even for a missing or wrong-typed field', () => {
    for (const value of [{}, { name: 5, email: null, topic: 'x', message: [] }, { name: '', email: '', topic: '', message: '', token: '' }]) {
      const fields = issuesToFields(failures(ContactMessageInput, value), i18nFor('ro'))
      const text = Object.values(fields).flat().join(' ')
      expect(text).not.toMatch(/Prea mic|așteptat|Invalid|expected|string/i)
      expect(Object.keys(fields).length).toBeGreaterThan(0)
    }
  })

  it('falls back by kind of failure when a check has no key of its own', () => {
    expect(issueKey({ message: 'Invalid input', code: 'invalid_type' })).toBe('field_required')
    expect(issueKey({ message: 'Invalid input', code: 'invalid_type', input: undefined })).toBe('field_required')
    expect(issueKey({ message: 'Invalid input', code: 'invalid_type', input: 5 })).toBe('field_invalid')
    expect(issueKey({ message: 'Too big', code: 'too_big' })).toBe('field_too_long')
    expect(issueKey({ message: 'Whatever', code: 'custom' })).toBe('field_invalid')
    expect(issueKey({ message: 'phone_invalid', code: 'invalid_format' })).toBe('phone_invalid')
  })
})

describe('the API’s 422 field map → the form', () => {
  it('puts each dotted key on its field, once, and the rest on the form', () => {
    const placed = fieldsOntoForm(
      { email: ['Taken.', 'Second message.'], 'owner.cnp': ['Bad CNP.'], 'vehicle.vin': ['Bad VIN.'], form: ['Too many attempts.'], token: ['Robot?'] },
      ['email', 'owner.cnp', 'vehicle'],
    )
    expect(placed.fields).toEqual({ email: 'Taken.', 'owner.cnp': 'Bad CNP.', vehicle: 'Bad VIN.' })
    expect(placed.form).toBe('Too many attempts. Robot?')
  })

  it('has no form message when every message found its field', () => {
    expect(fieldsOntoForm({ email: ['Taken.'] }, ['email']).form).toBeUndefined()
  })

  it('translates a key but keeps a sentence the API already translated', () => {
    expect(fieldText(i18nFor('en'), 'terms_required')).toBe(fieldSentence('en', 'terms_required'))
    expect(fieldText(i18nFor('en'), 'Already a sentence.')).toBe('Already a sentence.')
  })
})
