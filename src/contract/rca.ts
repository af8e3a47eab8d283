import { z } from 'zod'
import { parseCnp } from './cnp'
import { isCountyCode, type CountyCode } from './counties'
import { checkCui } from './cui'
import { addDays, isIsoDate, periodLastDay, today as todayIn, wholeYearsBetween } from './iso-date'
import { LICENCE_MIN_AGE, RCA_MIN_AGE, rcaStartDateBounds } from './rca-constants'
import {
  checkVin,
  isProvisionalPlate,
  isTowed,
  normalizePlate,
  parsePlate,
  PROVISIONAL_MAX_PERIODS,
  PROVISIONAL_PERIOD_DAYS,
  type PlateKind,
  vehicleCategories,
  vehicleFuels,
  vehicleUsages,
} from './vehicle'

/**
 * The RCA quote request, checked the same way by the quote form and by
 * `POST /api/v1/products/rca/quotes`. Messages are keys of `field-messages/rca.ts`.
 * The pure checks (CNP, CUI, VIN, plate, counties) live in zod-free modules the browser can take
 * cheaply; this file only wraps them. Browser code imports the types only (decision 6); the
 * start-date bounds and ages are in `rca-constants.ts` for it.
 */

type Clock = () => Date

const isoDate = (key: string) =>
  z
    .string({ error: key })
    .max(10, { error: key, abort: true })
    // Abort: the range checks that follow must not speak about a string that is not a date.
    .refine((v) => isIsoDate(v), { error: key, abort: true })

const text = (required: string, tooLong: string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: tooLong })

const wholeNumber = (key: string, min: number, max: number) =>
  z
    .number({ error: key })
    .int({ error: key })
    .min(min, { error: key })
    .max(max, { error: key })

const county = z
  .string({ error: 'county_invalid' })
  .trim()
  .toUpperCase()
  .refine((v): v is CountyCode => isCountyCode(v), { error: 'county_invalid' })
  .transform((v) => v as CountyCode)

const locality = text('locality_required', 'locality_too_long', 80)

function buildSchema(clock: Clock) {
  const today = () => todayIn(clock())

  const vehicle = z.object(
    {
      registration_plate: z
        .string({ error: 'plate_required' })
        .max(20, { error: 'plate_invalid', abort: true })
        .transform(normalizePlate)
        .refine((v) => v.length > 0, { error: 'plate_required', abort: true })
        .refine((v) => parsePlate(v) !== undefined, { error: 'plate_invalid', abort: true }),
      vin: z
        .string({ error: 'vin_required' })
        .max(30, { error: 'vin_invalid' })
        .transform((v, ctx) => {
          const checked = checkVin(v)
          if (checked.ok) return checked.vin
          ctx.issues.push({ code: 'custom', message: v.trim() === '' ? 'vin_required' : checked.problem === 'format' ? 'vin_invalid' : 'vin_check_digit', input: v })
          return z.NEVER
        }),
      category: z.enum(vehicleCategories, { error: 'vehicle_category_invalid' }),
      make: text('vehicle_make_required', 'vehicle_make_too_long', 40),
      model: text('vehicle_model_required', 'vehicle_model_too_long', 60),
      engine_capacity_cc: wholeNumber('engine_capacity_invalid', 0, 30_000),
      power_kw: wholeNumber('power_invalid', 0, 2_000),
      total_mass_kg: wholeNumber('total_mass_invalid', 1, 60_000),
      seats: wholeNumber('seats_invalid', 0, 150),
      fuel: z.enum(vehicleFuels, { error: 'fuel_invalid' }),
      first_registration: isoDate('first_registration_invalid')
        .refine((v) => v >= '1900-01-01', { error: 'first_registration_invalid' })
        .refine((v) => v <= today(), { error: 'first_registration_future' }),
      usage: z.enum(vehicleUsages, { error: 'vehicle_usage_invalid' }),
    },
    { error: 'rca_section_required' },
  )

  const person = z.object({
    type: z.literal('person'),
    cnp: z
      .string({ error: 'cnp_required' })
      .max(20, { error: 'cnp_invalid' })
      .transform((v, ctx) => {
        const parsed = parseCnp(v)
        if (parsed.ok) {
          if (wholeYearsBetween(parsed.facts.birthDate, today()) < RCA_MIN_AGE) {
            ctx.issues.push({ code: 'custom', message: 'cnp_too_young', input: v })
            return z.NEVER
          }
          return v.replace(/\s+/g, '')
        }
        const key = v.trim() === '' ? 'cnp_required' : parsed.problem === 'format' ? 'cnp_invalid' : `cnp_${parsed.problem}`
        ctx.issues.push({ code: 'custom', message: key, input: v })
        return z.NEVER
      }),
    driving_licence_since: isoDate('licence_date_invalid').refine((v) => v <= today(), { error: 'licence_date_future' }),
    county,
    locality,
  })

  const company = z.object({
    type: z.literal('company'),
    cui: z
      .string({ error: 'cui_required' })
      .max(20, { error: 'cui_invalid' })
      .transform((v, ctx) => {
        const checked = checkCui(v)
        if (checked.ok) return checked.cui
        ctx.issues.push({ code: 'custom', message: v.trim() === '' ? 'cui_required' : `cui_${checked.problem === 'format' ? 'invalid' : 'checksum'}`, input: v })
        return z.NEVER
      }),
    name: text('company_name_required', 'company_name_too_long', 200),
    county,
    locality,
  })

  const policy = z.object(
    {
      start_date: isoDate('start_date_invalid')
        .refine((v) => v >= rcaStartDateBounds(today()).earliest, { error: 'start_date_too_early' })
        .refine((v) => v <= rcaStartDateBounds(today()).latest, { error: 'start_date_too_late' }),
      months: wholeNumber('months_invalid', 1, 12),
      direct_settlement: z.boolean({ error: 'direct_settlement_invalid' }),
    },
    { error: 'rca_section_required' },
  )

  // Rules between two fields of one section belong to the section, so each step of the quote
  // form checks them itself; only the rules that tie the vehicle to the policy span two sections.
  // Only the fields a rule reads need to be valid for it to run: a vehicle step with another
  // field wrong still hears that a car has an engine and at least the driver's seat.
  const readable = (...fields: ('category' | 'power_kw' | 'seats')[]) => {
    const part = vehicle.pick(Object.fromEntries(fields.map((f) => [f, true])) as Record<(typeof fields)[number], true>)
    return (payload: { value: unknown }) => part.safeParse(payload.value).success
  }
  const checkedVehicle = vehicle
    .refine((v) => isTowed(v.category) || v.power_kw > 0, { path: ['power_kw'], message: 'power_required', when: readable('category', 'power_kw') })
    .refine((v) => isTowed(v.category) || v.seats > 0, { path: ['seats'], message: 'seats_required', when: readable('category', 'seats') })
  const checkedPerson = person.superRefine((p, ctx) => {
    const parsed = parseCnp(p.cnp)
    if (parsed.ok && wholeYearsBetween(parsed.facts.birthDate, p.driving_licence_since) < LICENCE_MIN_AGE) {
      ctx.addIssue({ code: 'custom', path: ['driving_licence_since'], message: 'licence_date_too_early' })
    }
  })
  const owner = z.discriminatedUnion('type', [checkedPerson, company], { error: 'owner_type_invalid' })

  const request = z
    .object({
      vehicle: checkedVehicle,
      owner,
      policy,
      /** Anti-abuse (captcha) token. */
      token: z.string({ error: 'token_required' }).max(4096, { error: 'token_required' }),
    })
    .superRefine((input, ctx) => {
      const plate = parsePlate(input.vehicle.registration_plate)
      if (plate && isProvisionalPlate(plate.kind) && input.policy.months > PROVISIONAL_MAX_PERIODS) {
        ctx.addIssue({ code: 'custom', path: ['policy', 'months'], message: 'months_provisional_plate' })
      }
      // A trailer does not drive: no insurer sells it the direct settlement clause (romania-insurance-facts.md §1.5).
      if (input.vehicle.category === 'trailer' && input.policy.direct_settlement) {
        ctx.addIssue({ code: 'custom', path: ['policy', 'direct_settlement'], message: 'direct_settlement_trailer' })
      }
    })
  return { request, sections: { vehicle: checkedVehicle, owner, policy } }
}

/**
 * The quote form's steps check their section with the request's own schema; a form sends text,
 * so the whole numbers and the box are read from it first (an empty number stays empty and is
 * refused with the field's sentence, never read as 0).
 */
const fromForm = (numbers: readonly string[], boxes: readonly string[]) => (value: unknown) => {
  if (value === null || typeof value !== 'object') return value
  const read: Record<string, unknown> = { ...(value as Record<string, unknown>) }
  for (const name of numbers) {
    const v = read[name]
    if (typeof v === 'string' && /^\s*\d{1,9}\s*$/.test(v)) read[name] = Number(v)
  }
  for (const name of boxes) if (typeof read[name] === 'string') read[name] = read[name] === 'true' || read[name] === 'on'
  return read
}

export const RCA_VEHICLE_NUMBER_FIELDS = ['engine_capacity_cc', 'power_kw', 'total_mass_kg', 'seats'] as const

/** The three steps of the RCA quote form, each its section of the request (dates on a given clock). */
export function rcaStepSchemas(clock: Clock = () => new Date()) {
  const { sections } = buildSchema(clock)
  return {
    vehicle: z.preprocess(fromForm(RCA_VEHICLE_NUMBER_FIELDS, []), sections.vehicle),
    owner: sections.owner,
    policy: z.preprocess(fromForm(['months'], ['direct_settlement']), sections.policy),
  }
}
export const RcaVehicleStep = rcaStepSchemas().vehicle
export const RcaOwnerStep = rcaStepSchemas().owner
export const RcaPolicyStep = rcaStepSchemas().policy

/** The schema with its date rules on a given clock (tests pin "today"). */
export const rcaQuoteInputSchema = (clock: Clock = () => new Date()) => buildSchema(clock).request

/** `POST /api/v1/products/rca/quotes` body. */
export const RcaQuoteInput = rcaQuoteInputSchema()
export type RcaQuoteInput = z.output<typeof RcaQuoteInput>
/** What a client sends (before normalisation of plate, VIN, CNP, CUI). */
export type RcaQuoteInputRaw = z.input<typeof RcaQuoteInput>
export type RcaOwner = RcaQuoteInput['owner']
export type RcaVehicle = RcaQuoteInput['vehicle']
export type RcaPolicy = RcaQuoteInput['policy']

export { vehicleCategories, vehicleFuels, vehicleUsages }
export type { VehicleCategory, VehicleFuel, VehicleUsage } from './vehicle'

/**
 * The last day of cover. Whole months by the rule of `periodLastDay` (1 March + 12 months → 28
 * February, 29 February + 12 months → 28 February); provisional plates are insured in 30-day
 * periods (romania-insurance-facts.md §1.2).
 */
export function rcaPolicyEndDate(startDate: string, months: number, plateKind: PlateKind): string {
  if (isProvisionalPlate(plateKind)) return addDays(startDate, PROVISIONAL_PERIOD_DAYS * months - 1)
  return periodLastDay(startDate, months)
}

/**
 * A vehicle as the registry knows it (registration certificate): what the vehicle step is
 * prefilled with after a plate + VIN lookup. The visitor still chooses the usage.
 */
export const RegisteredVehicle = z.object({
  registration_plate: z.string(),
  vin: z.string(),
  category: z.enum(vehicleCategories),
  /** Certificate field J, e.g. `M1`, `N3`. */
  registration_category: z.string(),
  make: z.string(),
  model: z.string(),
  engine_capacity_cc: z.number().int().nonnegative(),
  power_kw: z.number().int().nonnegative(),
  total_mass_kg: z.number().int().positive(),
  seats: z.number().int().nonnegative(),
  fuel: z.enum(vehicleFuels),
  first_registration: z.string(),
})
export type RegisteredVehicle = z.infer<typeof RegisteredVehicle>
