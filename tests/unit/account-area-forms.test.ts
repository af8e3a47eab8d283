import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { DiaryEntryEditForm, DiaryEntryForm, NoteForm, PreferencesForm, VehicleForm, VehicleLookupForm } from '~/contract/account-area-forms'
import { issuesToFields } from '~/contract/form-issues'
import { i18nFor } from '~/server/i18n'

/** What a form's schema says, field by field, in English (as the server function answers it). */
function refusals(schema: z.ZodType, values: Record<string, unknown>) {
  const result = schema.safeParse(values, { reportInput: true })
  return result.success ? {} : issuesToFields(result.error.issues, i18nFor('en'))
}

describe('account area form schemas: form text read into the API request, refused beside the field', () => {
  it('reads a vehicle as typed, and refuses a malformed plate on its own field', () => {
    expect(VehicleForm.parse({ registration_plate: 'b 77 xyz', vin: '', make: 'Dacia', model: '', category: 'car', itp_due_date: '2027-05-20', rca_valid_until: '2027-01-31' })).toEqual({
      registration_plate: 'B77XYZ',
      vin: null,
      make: 'Dacia',
      model: null,
      category: 'car',
      itp_due_date: '2027-05-20',
      rca_valid_until: '2027-01-31',
      // An unticked box sends nothing: the RCA's end reminders off (decision 160).
      renewal_reminders: false,
    })
    expect(VehicleForm.parse({ registration_plate: 'B77XYZ', renewal_reminders: 'true' })).toMatchObject({ renewal_reminders: true })
    expect(refusals(VehicleForm, { registration_plate: '', vin: 'SHORT', rca_valid_until: '31.01.2027' })).toEqual({
      registration_plate: ['Enter the registration plate.'],
      vin: [expect.stringContaining('The VIN has 17 characters')],
      rca_valid_until: [expect.any(String)],
    })
  })

  it('needs plate and VIN together for a registry look-up', () => {
    expect(refusals(VehicleLookupForm, { registration_plate: 'B123ABC', vin: '', make: 'ignored' })).toEqual({ vin: ['Enter the VIN too: the registry finds a vehicle by its plate and VIN together.'] })
    expect(VehicleLookupForm.parse({ registration_plate: 'b-123-abc', vin: 'uu1hsdac5l5123456' })).toEqual({ registration_plate: 'B123ABC', vin: 'UU1HSDAC5L5123456' })
  })

  it('reads a diary entry in lei into bani, and refuses a negative amount on the amount', () => {
    const entry = { id: 'v1', date: '2026-11-01', category: 'fuel', amount: '262,50', odometer_km: '10.500', litres: '35', full_tank: true, place: '', note: '' }
    expect(DiaryEntryForm.parse(entry)).toMatchObject({ id: 'v1', amount: 26250, odometer_km: 10500, litres: 35, full_tank: true, place: null })
    expect(refusals(DiaryEntryForm, { ...entry, amount: '-20' })).toEqual({ amount: ['The amount cannot be negative.'] })
    expect(refusals(DiaryEntryForm, { ...entry, amount: 'abc', odometer_km: '-5' })).toEqual({
      amount: ['Enter the amount as a number, for example 250.50 (lei).'],
      odometer_km: ['Enter the odometer reading as a whole number of kilometres.'],
    })
    expect(refusals(DiaryEntryEditForm, entry)).toEqual({ diaryId: [expect.any(String)] })
  })

  it('refuses a note over 10 000 characters on its text', () => {
    expect(refusals(NoteForm, { id: 'v1', title: 'Long', body: 'x'.repeat(20_000), pinned: false, remind_at: '' })).toEqual({
      body: ['The note may have at most 10,000 characters. Shorten it or split it into several notes.'],
    })
    expect(NoteForm.parse({ id: 'v1', title: 'Oil', body: '', pinned: 'true', remind_at: '2030-01-15T09:30' })).toMatchObject({ pinned: true, remind_at: '2030-01-15T07:30:00.000Z' })
  })

  it('reads every reminder box, an unticked one as false', () => {
    const parsed = PreferencesForm.parse({ language: 'en', theme: 'dark', reminder_itp_email: true, reminder_note_notification_centre: 'true', marketing_consent: false })
    expect(parsed.reminders).toEqual({
      itp: { email: true, notification_centre: false },
      note: { email: false, notification_centre: true },
      policy_end: { email: false, notification_centre: false },
      vignette_end: { email: false, notification_centre: false },
    })
    expect(refusals(PreferencesForm, { language: 'de', theme: 'dark' })).toEqual({ language: ['Choose the language from the list: Romanian, English or French.'] })
  })
})
