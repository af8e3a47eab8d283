import { describe, expect, it } from 'vitest'
import { isFieldMessageKey } from '~/contract/field-messages'
import { rcaFieldMessages } from '~/contract/field-messages/rca'
import { rcaPolicyEndDate, rcaQuoteInputSchema, rcaStepSchemas } from '~/contract/rca'
import { issuesToFields } from '~/contract/form-issues'
import { fieldSentence, i18nFor } from '~/server/i18n'
import { cnpBornOn, RCA_TEST_NOW, rcaRequest } from '../support/rca'

const schema = rcaQuoteInputSchema(() => RCA_TEST_NOW)

/** The field map the API would answer: dotted path → message keys. */
function fieldErrors(input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input)
  if (result.success) return {}
  const fields: Record<string, string[]> = {}
  for (const issue of result.error.issues) (fields[issue.path.join('.')] ??= []).push(issue.message)
  return fields
}

describe('RCA quote request', () => {
  it('accepts a complete request and normalises identifiers', () => {
    const parsed = schema.parse(rcaRequest({ vehicle: { registration_plate: 'cj-12-abc', vin: 'uu1hsdac5l5123456' } }))
    expect(parsed.vehicle.registration_plate).toBe('CJ12ABC')
    expect(parsed.vehicle.vin).toBe('UU1HSDAC5L5123456')
    const company = schema.parse(rcaRequest({ owner: { type: 'company', cui: 'RO 18547290', name: 'Exemplu SRL', county: 'B', locality: 'București' } }))
    expect(company.owner).toMatchObject({ type: 'company', cui: '18547290' })
    const lower = schema.parse(rcaRequest({ owner: { type: 'company', cui: '18547290', name: 'Exemplu SRL', county: ' if' as 'IF', locality: 'Voluntari' } }))
    expect(lower.owner.county).toBe('IF')
  })

  it('answers a key with sentences for every failure, at the dotted path', () => {
    const errors = fieldErrors({
      vehicle: { registration_plate: 'XX 12 ABC', vin: 'UU1HSDAC5L512345', category: 'spaceship', make: '', model: 'x'.repeat(61), engine_capacity_cc: 1.5, power_kw: '66', total_mass_kg: 0, seats: -1, fuel: 'coal', first_registration: '2027-01-01', usage: 'racing' },
      owner: { type: 'person', cnp: '1630615123458', driving_licence_since: '01.06.2010', county: 'XX', locality: '' },
      policy: { start_date: '2026-11-24', months: 13, direct_settlement: 'yes' },
    })
    expect(errors).toEqual({
      'vehicle.registration_plate': ['plate_invalid'],
      'vehicle.vin': ['vin_invalid'],
      'vehicle.category': ['vehicle_category_invalid'],
      'vehicle.make': ['vehicle_make_required'],
      'vehicle.model': ['vehicle_model_too_long'],
      'vehicle.engine_capacity_cc': ['engine_capacity_invalid'],
      'vehicle.power_kw': ['power_invalid'],
      'vehicle.total_mass_kg': ['total_mass_invalid'],
      'vehicle.seats': ['seats_invalid'],
      'vehicle.fuel': ['fuel_invalid'],
      'vehicle.first_registration': ['first_registration_future'],
      'vehicle.usage': ['vehicle_usage_invalid'],
      'owner.cnp': ['cnp_checksum'],
      'owner.driving_licence_since': ['licence_date_invalid'],
      'owner.county': ['county_invalid'],
      'owner.locality': ['locality_required'],
      'policy.start_date': ['start_date_too_early'],
      'policy.months': ['months_invalid'],
      'policy.direct_settlement': ['direct_settlement_invalid'],
      token: ['token_required'],
    })
    for (const keys of Object.values(errors)) for (const key of keys) expect(isFieldMessageKey(key), key).toBe(true)
  })

  it('says one thing per field: an empty plate is missing, a non-date is not a date', () => {
    expect(fieldErrors(rcaRequest({ vehicle: { registration_plate: '  ', first_registration: 'abc' }, policy: { start_date: '25.11.2026' } }))).toEqual({
      'vehicle.registration_plate': ['plate_required'],
      'vehicle.first_registration': ['first_registration_invalid'],
      'policy.start_date': ['start_date_invalid'],
    })
    expect(fieldErrors(rcaRequest({ vehicle: { registration_plate: 'B 123 ABC'.repeat(5) } }))).toEqual({ 'vehicle.registration_plate': ['plate_invalid'] })
  })

  it('names missing sections and a missing owner type', () => {
    expect(fieldErrors({ token: 't' })).toEqual({ vehicle: ['rca_section_required'], owner: ['owner_type_invalid'], policy: ['rca_section_required'] })
    expect(fieldErrors(rcaRequest({ owner: { type: 'company', cui: '18547291', name: ' ', county: 'B', locality: 'București' } }))).toEqual({
      'owner.cui': ['cui_checksum'],
      'owner.name': ['company_name_required'],
    })
  })

  it('lets the policy start from tomorrow to 30 days ahead, in Bucharest time', () => {
    expect(fieldErrors(rcaRequest({ policy: { start_date: '2026-12-24' } }))).toEqual({})
    expect(fieldErrors(rcaRequest({ policy: { start_date: '2026-12-25' } }))).toEqual({ 'policy.start_date': ['start_date_too_late'] })
    // 23:30 in Bucharest on the 24th is already the 25th: tomorrow is the 26th.
    const lateEvening = rcaQuoteInputSchema(() => new Date('2026-11-24T22:30:00Z'))
    expect(lateEvening.safeParse(rcaRequest()).error?.issues.map((i) => i.message)).toEqual(['start_date_too_early'])
  })

  it('applies the rules that tie fields together', () => {
    // Red plates: 30-day periods, at most three.
    expect(fieldErrors(rcaRequest({ vehicle: { registration_plate: 'CJ 01234' }, policy: { months: 3 } }))).toEqual({})
    expect(fieldErrors(rcaRequest({ vehicle: { registration_plate: 'CJ 01234' }, policy: { months: 4 } }))).toEqual({ 'policy.months': ['months_provisional_plate'] })
    // Only trailers have no engine and no seat.
    expect(fieldErrors(rcaRequest({ vehicle: { power_kw: 0 } }))).toEqual({ 'vehicle.power_kw': ['power_required'] })
    expect(fieldErrors(rcaRequest({ vehicle: { category: 'trailer', power_kw: 0, seats: 0, engine_capacity_cc: 0 } }))).toEqual({})
    // A licence before 16, an owner under 18.
    const owner = { type: 'person' as const, cnp: cnpBornOn('1970-01-01'), driving_licence_since: '1985-12-31', county: 'CJ' as const, locality: 'Cluj-Napoca' }
    expect(fieldErrors(rcaRequest({ owner }))).toEqual({ 'owner.driving_licence_since': ['licence_date_too_early'] })
    expect(fieldErrors(rcaRequest({ owner: { ...owner, cnp: cnpBornOn('2009-01-01'), driving_licence_since: '2025-06-01' } }))).toEqual({ 'owner.cnp': ['cnp_too_young'] })
  })

  it('refuses 0 seats for a vehicle that drives, with its own sentence, even while another field is wrong', () => {
    expect(fieldErrors(rcaRequest({ vehicle: { seats: 0 } }))).toEqual({ 'vehicle.seats': ['seats_required'] })
    expect(fieldErrors(rcaRequest({ vehicle: { seats: 0, make: '' } }))).toEqual({ 'vehicle.make': ['vehicle_make_required'], 'vehicle.seats': ['seats_required'] })
    expect(fieldErrors(rcaRequest({ vehicle: { power_kw: 0, vin: 'x' } }))).toEqual({ 'vehicle.vin': ['vin_invalid'], 'vehicle.power_kw': ['power_required'] })
    // The form's step reads its text fields the same way, and answers in the visitor's language.
    const step = rcaStepSchemas(() => RCA_TEST_NOW).vehicle
    const typed = { ...rcaRequest().vehicle, engine_capacity_cc: '1461', power_kw: '66', total_mass_kg: '1500', seats: '0', model: '' }
    const issues = step.safeParse(typed).error?.issues ?? []
    expect(issuesToFields(issues, i18nFor('ro')).seats).toEqual([fieldSentence('ro', 'seats_required')])
    expect(issuesToFields(issues, i18nFor('en')).seats?.[0]).toMatch(/at least the driver’s seat/)
    expect(issuesToFields(issues, i18nFor('fr')).seats?.[0]).toMatch(/au moins la place du conducteur/)
    expect(step.safeParse({ ...typed, model: 'Logan', seats: '5' }).success).toBe(true)
    expect(step.safeParse({ ...typed, model: 'Logan', category: 'trailer', power_kw: '0', engine_capacity_cc: '0' }).success).toBe(true)
  })

  it('has a sentence in every language for every key', () => {
    for (const locale of ['ro', 'en', 'fr'] as const) {
      for (const key of Object.keys(rcaFieldMessages) as (keyof typeof rcaFieldMessages)[]) expect(fieldSentence(locale, key), `${locale} ${key}`).toMatch(/^[A-ZÀ-Ž].*[.:]$/su)
    }
  })

  it('ends whole months the day before (the month’s last day when it has no such day), red-plate periods after 30 days each', () => {
    expect(rcaPolicyEndDate('2026-11-25', 12, 'standard')).toBe('2027-11-24')
    expect(rcaPolicyEndDate('2026-01-31', 1, 'standard')).toBe('2026-02-28')
    expect(rcaPolicyEndDate('2026-01-28', 1, 'standard')).toBe('2026-02-27')
    expect(rcaPolicyEndDate('2026-11-25', 3, 'provisional')).toBe('2027-02-22')
  })
})
