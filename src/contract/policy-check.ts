import { z } from 'zod'
import { daysBetween, isIsoDate, today } from './iso-date'
import { CHECK_DATE_RANGE_DAYS, POLICY_STANDINGS, VERIFICATION_CODE_PATTERN } from './policy-check-constants'
import { isPlausiblePlate, isVin, normalizePlate, normalizeVin } from './vehicle'

/**
 * The public policy check and the virtual cards: what the API
 * answers about a policy to anyone (validity, never personal data) and to its owner (a card per
 * policy in force or about to be). Messages are keys of `field-messages/orders.ts`.
 */

const day = z.iso.date()

const isCheckDate = (v: string) => isIsoDate(v) && Math.abs(daysBetween(today(), v)) <= CHECK_DATE_RANGE_DAYS
const checkDate = z.string({ error: 'check_date_invalid' }).max(10, 'check_date_invalid').refine(isCheckDate, 'check_date_invalid')

const checkedPlate = z.string({ error: 'registration_plate_invalid' }).max(20, 'registration_plate_invalid').refine(isPlausiblePlate, 'registration_plate_invalid').transform(normalizePlate)

/** `GET /policies/check`: one of plate or VIN, and optionally the day to check (today in Bucharest by default). */
export const PolicyCheckQuery = z
  .object({
    registration_plate: checkedPlate.optional(),
    vin: z
      .string({ error: 'check_vin_invalid' })
      .trim()
      .refine(isVin, 'check_vin_invalid')
      .transform((v) => v.toUpperCase())
      .optional(),
    date: checkDate.optional(),
  })
  .refine((q) => Boolean(q.registration_plate) !== Boolean(q.vin), { path: ['registration_plate'], message: 'plate_or_vin_required' })

export const PolicyCheckResult = z.object({
  data: z.object({
    valid: z.boolean(),
    insurer: z.string().nullable(),
    valid_until: day.nullable(),
    /** The day the answer is about. */
    checked_on: day,
    /** When none is valid that day: the first policy that starts after it, so a policy bought for tomorrow is named. */
    next: z.object({ insurer: z.string().nullable(), valid_from: day }).nullable(),
  }),
})
export type PolicyCheckResult = z.infer<typeof PolicyCheckResult>

/**
 * The check form of the site (`/verify`): one field for the plate or the VIN (a VIN has 17
 * characters, a plate at most 10, so the value says which it is) and an optional day.
 */
export const PolicyCheckForm = z.object({
  vehicle: z
    .string({ error: 'check_vehicle_invalid' })
    .trim()
    .max(40, 'check_vehicle_invalid')
    .refine((v) => isPlausiblePlate(v) || isVin(normalizeVin(v)), 'check_vehicle_invalid'),
  /** Empty: today. */
  date: z
    .string({ error: 'check_date_invalid' })
    .max(10, 'check_date_invalid')
    .refine((v) => v === '' || isCheckDate(v), 'check_date_invalid')
    .optional(),
})
export type PolicyCheckForm = z.infer<typeof PolicyCheckForm>

/** The API's query for a form's values. */
export function policyCheckQueryOf(form: PolicyCheckForm): Record<string, string | undefined> {
  const vin = normalizeVin(form.vehicle)
  return { ...(isVin(vin) ? { vin } : { registration_plate: normalizePlate(form.vehicle) }), date: form.date || undefined }
}

export const VerificationCodeParams = z.object({ code: z.string().regex(VERIFICATION_CODE_PATTERN, 'verification_code_invalid') })

export const PolicyVerification = z.object({
  data: z.object({
    valid: z.boolean(),
    status: z.enum(POLICY_STANDINGS),
    product: z.string(),
    insurer: z.object({ name: z.string() }),
    number: z.string(),
    valid_from: day,
    valid_until: day,
    /** Only the county letters and the last two characters: `B****BC`. */
    registration_plate: z.string().nullable(),
  }),
})
export type PolicyVerification = z.infer<typeof PolicyVerification>

/** One card of `/virtualcards`: the owner's own policy, so the plate is whole. */
export const VirtualCard = z.object({
  policy_id: z.uuid(),
  order_id: z.uuid(),
  product: z.string(),
  insurer: z.object({ code: z.string(), name: z.string() }),
  number: z.string(),
  registration_plate: z.string().nullable(),
  valid_from: day,
  valid_until: day,
  /** False for a policy issued that starts later. */
  in_force: z.boolean(),
  /** The public page the policy's QR code opens. */
  verification_url: z.string(),
})
export type VirtualCard = z.infer<typeof VirtualCard>
export const VirtualCardList = z.object({ data: z.array(VirtualCard) })
export type VirtualCardList = z.infer<typeof VirtualCardList>

/**
 * `POST /vehicles/policy-check` (signed in): the public check of one of the caller's own vehicles,
 * by its plate, today. Its end date is taken onto the vehicle when the vehicle has none, or
 * when `replace` (the owner confirmed it), so the renewal is prepared (decision 160).
 */
export const VehicleEndFromCheckInput = z.object({ registration_plate: checkedPlate, replace: z.boolean({ error: 'request_invalid' }).optional() })
export type VehicleEndFromCheckInput = z.input<typeof VehicleEndFromCheckInput>

/** The "take this date" button of `/verify`: the plate checked, always replacing. */
export const VehicleEndFromCheckForm = z.preprocess(
  (values) => ({ registration_plate: values !== null && typeof values === 'object' && typeof (values as { vehicle?: unknown }).vehicle === 'string' ? (values as { vehicle: string }).vehicle : '', replace: true }),
  VehicleEndFromCheckInput,
)

export const VehicleEndFromCheck = z.object({
  data: z.object({
    vehicle_id: z.uuid(),
    registration_plate: z.string(),
    /** The public answer's last day: the policy bought here in force today, else the next one starting later; null when there is none. */
    valid_until: day.nullable(),
    /** The vehicle's RCA last day after the call. */
    vehicle_valid_until: day.nullable(),
    /** Whether this call wrote it. */
    taken: z.boolean(),
  }),
})
export type VehicleEndFromCheck = z.infer<typeof VehicleEndFromCheck>
