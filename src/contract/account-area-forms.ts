import { z } from 'zod'
import { AccountPreferencesPatch, DiaryEntryInput, DiaryFilter, NoteInput, VehicleInput } from './account-area'
import { REMINDER_KINDS, reminderField } from './account-area-constants'
import { bani, boolOf, bucharestInstant, decimalOf, integerOf, nullable } from './account-area-form-values'
import { isVin } from './vehicle'

/**
 * The account area's forms (decision 56): each reads the form's text fields into the API's
 * request and checks it with the API's own schema, so the browser, the server function (with or
 * without JavaScript) and the API refuse the same values with the same sentence beside the same
 * field (form fields are named as the API's, so issue paths need no renaming). The browser loads
 * this module lazily.
 */

type Posted = Record<string, unknown>
const posted = (values: unknown): Posted => (values !== null && typeof values === 'object' ? (values as Posted) : {})
const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/** The object a form names (route ids): a malformed one is simply not found by the API (404), like another user's. */
const recordId = z.string({ error: 'request_invalid' }).max(64, 'request_invalid')

/** A form with no fields of its own (a confirmation, a renewal). */
export const EmptyForm = z.object({})

// ── Vehicles ────────────────────────────────────────────────────────────────

function vehicleFromForm(values: unknown) {
  const v = posted(values)
  return {
    registration_plate: text(v.registration_plate),
    vin: nullable(text(v.vin)),
    make: nullable(text(v.make)),
    model: nullable(text(v.model)),
    category: text(v.category) || undefined,
    itp_due_date: nullable(text(v.itp_due_date)),
    rca_valid_until: nullable(text(v.rca_valid_until)),
    // An unticked box sends nothing: off.
    renewal_reminders: boolOf(v.renewal_reminders),
  }
}

/** Fields `registration_plate`, `vin`, `make`, `model`, `category`, `itp_due_date`, `rca_valid_until`, `renewal_reminders`. */
export const VehicleForm = z.preprocess(vehicleFromForm, VehicleInput)
/** The same, changing the vehicle `id`. */
export const VehicleEditForm = z.preprocess((values) => ({ ...vehicleFromForm(values), id: posted(values).id }), VehicleInput.extend({ id: recordId }))
/** Removing or reading the vehicle `id`. */
export const VehicleRef = z.object({ id: recordId })

/** The pages' reads: a page of a list (from 1), a vehicle's diary filtered as the API filters it. */
const pageNumber = z.number({ error: 'request_invalid' }).int('request_invalid').positive('request_invalid').optional()
export const VehiclesPage = z.object({ page: pageNumber })
export const VehicleObjectsPage = VehicleRef.extend({ page: pageNumber })
export const DiaryListRead = VehicleObjectsPage.extend(DiaryFilter.shape)
export const DiaryStatsRead = VehicleRef.extend(DiaryFilter.shape)

/**
 * A registry look-up from the add form: plate and VIN (both needed: the registry answers only
 * when they belong together); the form's other fields are ignored.
 */
export const VehicleLookupForm = z.preprocess(
  (values) => ({ registration_plate: text(posted(values).registration_plate), vin: text(posted(values).vin) }),
  z.object({
    registration_plate: VehicleInput.shape.registration_plate,
    vin: z
      .string()
      .trim()
      .min(1, 'vehicle_lookup_vin_required')
      .transform((v) => v.toUpperCase())
      .refine(isVin, 'vehicle_vin_format'),
  }),
)

// ── Diaries ─────────────────────────────────────────────────────────────────

function diaryEntryFromForm(values: unknown) {
  const v = posted(values)
  return {
    date: text(v.date).trim(),
    odometer_km: integerOf(text(v.odometer_km)),
    category: text(v.category) || undefined,
    // Typed in lei ("250,50"); the API takes bani.
    amount: bani(text(v.amount)),
    litres: decimalOf(text(v.litres)),
    full_tank: boolOf(v.full_tank),
    place: nullable(text(v.place)),
    note: nullable(text(v.note)),
  }
}

/** Fields `date`, `odometer_km`, `category`, `amount` (lei), `litres`, `full_tank`, `place`, `note`, for the vehicle `id`. */
export const DiaryEntryForm = z.preprocess((values) => ({ ...diaryEntryFromForm(values), id: posted(values).id }), DiaryEntryInput.extend({ id: recordId }))
/** The same, changing the entry `diaryId` of the vehicle `id`. */
export const DiaryEntryEditForm = z.preprocess(
  (values) => ({ ...diaryEntryFromForm(values), id: posted(values).id, diaryId: posted(values).diaryId }),
  DiaryEntryInput.extend({ id: recordId, diaryId: recordId }),
)
/** Deleting the entry `diaryId` of the vehicle `id`. */
export const DiaryEntryRef = z.object({ id: recordId, diaryId: recordId })

// ── Notes ───────────────────────────────────────────────────────────────────

function noteFromForm(values: unknown) {
  const v = posted(values)
  // `datetime-local` gives a wall-clock time, read as Bucharest time.
  return { title: text(v.title), body: text(v.body), pinned: boolOf(v.pinned), remind_at: bucharestInstant(text(v.remind_at)) }
}

/** Fields `title`, `body`, `pinned`, `remind_at` (Bucharest wall-clock time), for the vehicle `id`. */
export const NoteForm = z.preprocess((values) => ({ ...noteFromForm(values), id: posted(values).id }), NoteInput.extend({ id: recordId }))
/** The same, changing the note `noteId` of the vehicle `id`. */
export const NoteEditForm = z.preprocess((values) => ({ ...noteFromForm(values), id: posted(values).id, noteId: posted(values).noteId }), NoteInput.extend({ id: recordId, noteId: recordId }))
/** Deleting the note `noteId` of the vehicle `id`. */
export const NoteRef = z.object({ id: recordId, noteId: recordId })

// ── Preferences ─────────────────────────────────────────────────────────────

/** Fields `language`, `theme`, `marketing_consent` and a checkbox per reminder kind and channel (`reminderField`). */
export const PreferencesForm = z.preprocess((values) => {
  const v = posted(values)
  return {
    language: text(v.language) || undefined,
    theme: text(v.theme) || undefined,
    marketing_consent: boolOf(v.marketing_consent),
    // An unticked box sends nothing, so every pair is set.
    reminders: Object.fromEntries(REMINDER_KINDS.map((kind) => [kind, { email: boolOf(v[reminderField(kind, 'email')]), notification_centre: boolOf(v[reminderField(kind, 'notification_centre')]) }])),
  }
}, AccountPreferencesPatch)
