import { z } from 'zod'
import { PageMeta } from './account-area'
import { BOOKING_ADDRESS_MAX, BOOKING_NOTE_MAX, DIRECT_BOOKING_KINDS, DIRECT_BOOKING_STATUSES, normalizeReference } from './direct-booking-constants'
import { isPlausiblePlate, normalizePlate } from './vehicle'

export * from './direct-booking-constants'

/**
 * Shapes of the direct booking calls (decision 70), checked the same way by the form in the
 * browser, its server function and the API. Messages are keys of
 * `field-messages/direct-booking.ts`. Browser code imports the types only (decision 6).
 */

/** Empty text is no value: the form sends every field, the API may leave them out. */
const blank = (value: string | undefined) => (value === undefined || value === '' ? undefined : value)

/** A Romanian number (07…, 02…, 03…, with +40 or 40 for the 0) or an international one (+ or 00, 8–15 digits): foreign drivers call for help too. */
export function isBookingPhone(value: string): boolean {
  return /^(\+?40|0)[237]\d{8}$/.test(value) || /^(\+|00)[1-9]\d{7,14}$/.test(value)
}

const phone = z
  .string({ error: 'booking_phone_required' })
  .trim()
  .min(1, 'booking_phone_required')
  .max(30, 'booking_phone_invalid')
  // Spaces, dots, dashes and brackets are how people write numbers; the digits are what counts.
  .transform((v) => v.replace(/[\s.()-]/g, ''))
  .refine(isBookingPhone, 'booking_phone_invalid')

const plate = z
  .string({ error: 'booking_plate_format' })
  .trim()
  .max(20, 'booking_plate_format')
  .optional()
  .transform((v) => (blank(v) === undefined ? undefined : normalizePlate(v!)))
  .refine((v) => v === undefined || isPlausiblePlate(v), 'booking_plate_format')

const optionalEmail = z
  .string({ error: 'email_invalid' })
  .trim()
  .toLowerCase()
  .max(254, 'email_too_long')
  .optional()
  .transform(blank)
  .pipe(z.email({ error: 'email_invalid' }).optional())

const requiredEmail = z
  .string({ error: 'booking_email_required' })
  .trim()
  .toLowerCase()
  .min(1, 'booking_email_required')
  .pipe(z.email({ error: 'email_invalid' }).max(254, 'email_too_long'))

/** Degrees as a number, or as the decimal text a form holds (empty: none). */
const coordinate = (limit: number) =>
  z
    .union([z.number(), z.null(), z.string().trim()], { error: 'booking_coordinates_invalid' })
    .optional()
    .transform((v) => (typeof v === 'string' ? (v === '' ? null : /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : Number.NaN) : (v ?? null)))
    .pipe(z.number({ error: 'booking_coordinates_invalid' }).min(-limit, 'booking_coordinates_invalid').max(limit, 'booking_coordinates_invalid').nullable())

const fields = {
  kind: z.enum(DIRECT_BOOKING_KINDS, { error: 'booking_kind_required' }),
  /** One of the signed-in driver's vehicles (`GET /vehicles`); or `registration_plate`. */
  vehicle_id: z.string({ error: 'booking_vehicle_invalid' }).trim().max(64, 'booking_vehicle_invalid').optional().transform(blank),
  registration_plate: plate,
  /** Where: an address or a landmark, or the browser's position in `latitude`/`longitude`, or both. */
  address: z.string({ error: 'booking_address_too_long' }).trim().max(BOOKING_ADDRESS_MAX, 'booking_address_too_long').optional().transform(blank),
  latitude: coordinate(90),
  longitude: coordinate(180),
  phone,
  /** Guests: where the reference and every change of status are sent. Signed-in drivers: their account's address is used. */
  email: optionalEmail,
  note: z.string({ error: 'booking_note_too_long' }).trim().max(BOOKING_NOTE_MAX, 'booking_note_too_long').optional().transform(blank),
}

type Checked = { vehicle_id?: string | undefined; registration_plate?: string | undefined; address?: string | undefined; latitude?: number | null | undefined; longitude?: number | null | undefined }

/** The rules across fields: a vehicle or a plate; an address or a position; both coordinates or none. */
function acrossFields(value: Checked, ctx: z.RefinementCtx): void {
  if (!value.vehicle_id && !value.registration_plate) ctx.addIssue({ code: 'custom', path: ['registration_plate'], message: 'booking_plate_required' })
  const hasLat = typeof value.latitude === 'number'
  const hasLon = typeof value.longitude === 'number'
  if (hasLat !== hasLon) ctx.addIssue({ code: 'custom', path: [hasLat ? 'longitude' : 'latitude'], message: 'booking_coordinates_invalid' })
  if (!value.address && !(hasLat && hasLon)) ctx.addIssue({ code: 'custom', path: ['address'], message: 'booking_location_required' })
}

/** `POST /direct-bookings`: the API's body. A guest (no bearer) must also give `registration_plate` and `email`. */
export const DirectBookingInput = z.object(fields).superRefine(acrossFields)
export type DirectBookingInput = z.input<typeof DirectBookingInput>

/** The guest's form: the same, with the e-mail required (the API says so too when it is missing). */
export const GuestDirectBookingInput = z.object({ ...fields, email: requiredEmail }).superRefine(acrossFields)

const at = z.iso.datetime({ offset: true })

export const DirectBooking = z.object({
  /** The human reference, `DB-` and six characters, e.g. `DB-7K2M9Q`. */
  reference: z.string(),
  kind: z.enum(DIRECT_BOOKING_KINDS),
  status: z.enum(DIRECT_BOOKING_STATUSES),
  registration_plate: z.string(),
  /** The account's vehicle it was sent for; null for a typed plate (or a vehicle removed since). */
  vehicle_id: z.uuid().nullable(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  phone: z.string(),
  /** The guest's e-mail; null for a signed-in driver (the account's address is used). */
  email: z.string().nullable(),
  note: z.string().nullable(),
  /**
   * The plate's RCA policy bought here, valid when the request was sent, if the caller owns it
   * (their account, or the guest's e-mail on the order); null when none is known. Says whether it
   * has the direct settlement clause (decontare directă).
   */
  rca: z.object({ insurer: z.string().nullable(), valid_until: z.iso.date(), direct_settlement: z.boolean() }).nullable(),
  /** Every status it has had, oldest first, with when. */
  history: z.array(z.object({ status: z.enum(DIRECT_BOOKING_STATUSES), at })),
  created_at: at,
  updated_at: at,
})
export type DirectBooking = z.infer<typeof DirectBooking>
export const DirectBookingEnvelope = z.object({ data: DirectBooking })
export const DirectBookingList = z.object({ data: z.array(DirectBooking), meta: PageMeta })
export type DirectBookingList = z.infer<typeof DirectBookingList>

/** Path parameter: a malformed reference is simply not found (404), never a 422. */
export const DirectBookingParams = z.object({ ref: z.string() })
/** A request looked up by its reference as typed: one that cannot be a reference reads as none (and is not found). */
export const DirectBookingRead = z.object({ ref: z.string().max(64).transform(normalizeReference) })

// ── Operator ──

export const DirectBookingStatusSchema = z.enum(DIRECT_BOOKING_STATUSES, { error: 'booking_status_invalid' })
export const DirectBookingStatusInput = z.object({ status: DirectBookingStatusSchema })
export const OperatorDirectBooking = DirectBooking.extend({
  /** Where mail goes: the guest's address or the account's. */
  contact_email: z.string().nullable(),
  user_id: z.uuid().nullable(),
  locale: z.string(),
})
export type OperatorDirectBooking = z.infer<typeof OperatorDirectBooking>
export const OperatorDirectBookingList = z.object({ data: z.array(OperatorDirectBooking) })
export const OperatorDirectBookingListQuery = z.object({
  status: DirectBookingStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
})
