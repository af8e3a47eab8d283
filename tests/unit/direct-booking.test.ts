import { describe, expect, it } from 'vitest'
import { DirectBookingInput, GuestDirectBookingInput, isBookingPhone } from '~/contract/direct-booking'
import { DIRECT_BOOKING_STATUSES, normalizeReference, REFERENCE_PATTERN } from '~/contract/direct-booking-constants'
import { issuesToFields } from '~/contract/form-issues'
import { i18nFor } from '~/server/i18n'
import { parseCommand } from '~/server/cli/commands'
import { newReference } from '~/server/direct-bookings/reference'
import { canMove } from '~/server/direct-bookings/status'

describe('direct booking references', () => {
  it('are DB- and six readable characters, and typed ones are normalised', () => {
    const seen = new Set(Array.from({ length: 200 }, newReference))
    for (const ref of seen) expect(ref).toMatch(REFERENCE_PATTERN)
    expect(seen.size).toBeGreaterThan(195)
    expect(normalizeReference(' db-7k2m9q ')).toBe('DB-7K2M9Q')
    // 0, O, 1, I, L, U and V are never used: they are misread on the phone.
    expect(normalizeReference('DB-7K2M0Q')).toBeUndefined()
    expect(normalizeReference('DB-7K2MOQ')).toBeUndefined()
    expect(normalizeReference('7K2M9Q')).toBeUndefined()
  })
})

describe('direct booking statuses', () => {
  it('go forward, may be cancelled while open, and end at closed or cancelled', () => {
    expect(canMove('received', 'dispatched')).toBe(true)
    expect(canMove('received', 'in_progress')).toBe(true)
    expect(canMove('in_progress', 'closed')).toBe(true)
    expect(canMove('dispatched', 'cancelled')).toBe(true)
    expect(canMove('dispatched', 'received')).toBe(false)
    expect(canMove('dispatched', 'dispatched')).toBe(false)
    for (const to of DIRECT_BOOKING_STATUSES) {
      expect(canMove('closed', to)).toBe(false)
      expect(canMove('cancelled', to)).toBe(false)
    }
  })
})

describe('direct booking contract', () => {
  const fieldsOf = (schema: typeof DirectBookingInput | typeof GuestDirectBookingInput, value: unknown) => {
    const result = schema.safeParse(value, { reportInput: true })
    return result.success ? {} : issuesToFields(result.error.issues, i18nFor('en'))
  }

  it('takes the form’s text: empty fields are no value, the plate and phone are normalised', () => {
    const parsed = DirectBookingInput.parse({ kind: 'breakdown', vehicle_id: '', registration_plate: 'cj 12-abc', address: ' DN1 ', phone: '0722 123 456', email: '', note: '' })
    expect(parsed).toEqual({ kind: 'breakdown', registration_plate: 'CJ12ABC', address: 'DN1', latitude: null, longitude: null, phone: '0722123456' })
  })

  it('asks for a vehicle or a plate, and for an address or a position with both coordinates', () => {
    expect(fieldsOf(DirectBookingInput, { kind: 'towing', phone: '0722123456', vehicle_id: '', registration_plate: '', address: '' })).toEqual({
      registration_plate: ['Type the vehicle’s registration plate, for example B 123 ABC.'],
      address: ['Tell us where you are: type the address or a landmark, or use your phone’s location.'],
    })
    expect(fieldsOf(DirectBookingInput, { kind: 'towing', phone: '0722123456', registration_plate: 'B1', latitude: 44.43, longitude: 26.1 })).toEqual({})
    expect(Object.keys(fieldsOf(DirectBookingInput, { kind: 'towing', phone: '0722123456', registration_plate: 'B1', longitude: 26.1 }))).toEqual(['latitude', 'address'])
    // The form holds the position as text.
    expect(DirectBookingInput.parse({ kind: 'towing', phone: '0722123456', registration_plate: 'B1', latitude: '44.4268', longitude: '-26.1' })).toMatchObject({ latitude: 44.4268, longitude: -26.1 })
    expect(Object.keys(fieldsOf(DirectBookingInput, { kind: 'towing', phone: '0722123456', registration_plate: 'B1', address: 'x', latitude: '44,4', longitude: '' }))).toEqual(['latitude'])
  })

  it('requires the e-mail in the guest’s form', () => {
    const base = { kind: 'breakdown', registration_plate: 'B123ABC', address: 'Str. Lungă 1', phone: '0722123456', email: '' }
    expect(fieldsOf(DirectBookingInput, base)).toEqual({})
    expect(fieldsOf(GuestDirectBookingInput, base)).toEqual({ email: ['Type your e-mail address: we send the reference and every change of status there.'] })
  })

  it('accepts Romanian and international phone numbers', () => {
    for (const ok of ['0722123456', '+40722123456', '40212345678', '+33612345678', '0033612345678']) expect(isBookingPhone(ok), ok).toBe(true)
    for (const bad of ['12345', '0522123456', '+0612345678', '07221234567']) expect(isBookingPhone(bad), bad).toBe(false)
  })
})

describe('booking commands', () => {
  it('parses list and set-status, and refuses what is not a reference or a status', () => {
    expect(parseCommand(['booking', 'list'])).toEqual({ kind: 'booking-list' })
    expect(parseCommand(['booking', 'list', '--status', 'dispatched'])).toEqual({ kind: 'booking-list', status: 'dispatched' })
    expect(parseCommand(['booking', 'set-status', 'db-7k2m9q', 'in_progress'])).toEqual({ kind: 'booking-set-status', reference: 'DB-7K2M9Q', status: 'in_progress' })
    expect(() => parseCommand(['booking', 'list', '--status', 'lost'])).toThrow(/--status is one of received/)
    expect(() => parseCommand(['booking', 'set-status', '42', 'closed'])).toThrow(/reference/)
    expect(() => parseCommand(['booking', 'set-status', 'DB-7K2M9Q', 'done'])).toThrow(/the status is one of/)
    expect(() => parseCommand(['booking', 'delete'])).toThrow(/list or set-status/)
  })
})
