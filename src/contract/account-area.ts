import { z } from 'zod'
import {
  DIARY_AMOUNT_MAX,
  DIARY_CATEGORIES,
  DIARY_TEXT_MAX,
  LITRES_MAX,
  NOTE_BODY_MAX,
  NOTE_TITLE_MAX,
  ODOMETER_MAX_KM,
  PER_PAGE_DEFAULT,
  PER_PAGE_MAX,
  PREFERENCE_THEMES,
  REMINDER_KINDS,
  VEHICLE_CATEGORIES,
} from './account-area-constants'
import { isPlausiblePlate, isVin, normalizePlate } from './vehicle'

/**
 * Shapes of the account area calls: vehicles, their diaries and notes, preferences and the
 * calendar feed. Messages are keys of `field-messages/account-area.ts`. Browser code imports
 * the types only (decision 6).
 */

const isoDate = z.iso.date({ error: 'account_date_format' })
const optionalText = (max: number, key: 'diary_text_too_long' | 'vehicle_text_too_long') =>
  z
    .string({ error: 'account_text_invalid' })
    .trim()
    .max(max, key)
    .nullable()
    .transform((v) => (v === '' ? null : v))

// ── Vehicles ────────────────────────────────────────────────────────────────

const registrationPlate = z
  .string({ error: 'vehicle_plate_required' })
  .trim()
  .min(1, 'vehicle_plate_required')
  .max(20, 'vehicle_plate_format')
  .transform(normalizePlate)
  .refine(isPlausiblePlate, 'vehicle_plate_format')
const vin = z
  .string({ error: 'vehicle_vin_format' })
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => v === '' || isVin(v), 'vehicle_vin_format')
  .nullable()
  .transform((v) => (v ? v : null))

const vehicleFields = {
  registration_plate: registrationPlate,
  vin: vin.optional(),
  make: optionalText(60, 'vehicle_text_too_long').optional(),
  model: optionalText(60, 'vehicle_text_too_long').optional(),
  category: z.enum(VEHICLE_CATEGORIES, { error: 'garage_vehicle_category_invalid' }).optional(),
  itp_due_date: isoDate.nullable().optional(),
  /** The last day of the vehicle's RCA as the owner knows it (bought elsewhere); a purchase here sets it too. */
  rca_valid_until: isoDate.nullable().optional(),
  /** Mail, bell and calendar reminders before that RCA ends, and the renewal's (decision 160); on unless turned off. */
  renewal_reminders: z.boolean({ error: 'request_invalid' }).optional(),
}
export const VehicleInput = z.object(vehicleFields)
export type VehicleInput = z.input<typeof VehicleInput>
export const VehiclePatch = z.object({ ...vehicleFields, registration_plate: registrationPlate.optional() })
export type VehiclePatch = z.input<typeof VehiclePatch>

export const Vehicle = z.object({
  id: z.uuid(),
  registration_plate: z.string(),
  vin: z.string().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  category: z.enum(VEHICLE_CATEGORIES),
  itp_due_date: z.iso.date().nullable(),
  /** End dates of the papers bought here for this plate; null when unknown. */
  rca_valid_until: z.iso.date().nullable(),
  rovinieta_valid_until: z.iso.date().nullable(),
  hu_vignette_valid_until: z.iso.date().nullable(),
  renewal_reminders: z.boolean(),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
})
export type Vehicle = z.infer<typeof Vehicle>

// ── Paging ──────────────────────────────────────────────────────────────────

export const PageQuery = z.object({
  page: z.coerce.number({ error: 'list_page_invalid' }).int('list_page_invalid').min(1, 'list_page_invalid').max(100_000, 'list_page_invalid').optional(),
  per_page: z.coerce.number({ error: 'list_per_page_invalid' }).int('list_per_page_invalid').min(1, 'list_per_page_invalid').max(PER_PAGE_MAX, 'list_per_page_invalid').optional(),
})
export type PageQuery = z.infer<typeof PageQuery>
export const pageOf = (q: PageQuery) => ({ page: q.page ?? 1, per_page: q.per_page ?? PER_PAGE_DEFAULT })

export const PageMeta = z.object({ total: z.number().int().nonnegative(), page: z.number().int().positive(), per_page: z.number().int().positive() })
export type PageMeta = z.infer<typeof PageMeta>
export const VehicleList = z.object({ data: z.array(Vehicle), meta: PageMeta })
export type VehicleList = z.infer<typeof VehicleList>
export const VehicleEnvelope = z.object({ data: Vehicle })

/** Path parameters: a malformed id is simply not found (404), never a 422. */
export const VehicleParams = z.object({ id: z.string() })
export const DiaryParams = z.object({ id: z.string(), diaryId: z.string() })
export const NoteParams = z.object({ id: z.string(), noteId: z.string() })

// ── Diaries ─────────────────────────────────────────────────────────────────

const amount = z
  .number({ error: 'diary_amount_invalid' })
  .int('diary_amount_invalid')
  .min(0, 'diary_amount_negative')
  .max(DIARY_AMOUNT_MAX, 'diary_amount_too_large')
const diaryFields = {
  date: z.iso.date({ error: 'diary_date_required' }),
  odometer_km: z.number({ error: 'diary_odometer_invalid' }).int('diary_odometer_invalid').min(0, 'diary_odometer_invalid').max(ODOMETER_MAX_KM, 'diary_odometer_invalid').nullable().optional(),
  category: z.enum(DIARY_CATEGORIES, { error: 'diary_category_invalid' }),
  /** Bani (1 leu = 100 bani). */
  amount,
  litres: z.number({ error: 'diary_litres_invalid' }).min(0, 'diary_litres_invalid').max(LITRES_MAX, 'diary_litres_invalid').nullable().optional(),
  full_tank: z.boolean({ error: 'account_boolean_invalid' }).optional(),
  place: optionalText(DIARY_TEXT_MAX, 'diary_text_too_long').optional(),
  note: optionalText(DIARY_TEXT_MAX, 'diary_text_too_long').optional(),
}
export const DiaryEntryInput = z.object(diaryFields)
export type DiaryEntryInput = z.input<typeof DiaryEntryInput>
export const DiaryEntryPatch = z.object({ ...diaryFields, date: diaryFields.date.optional(), category: diaryFields.category.optional(), amount: amount.optional() })
export type DiaryEntryPatch = z.input<typeof DiaryEntryPatch>

export const DiaryEntry = z.object({
  id: z.uuid(),
  vehicle_id: z.uuid(),
  date: z.iso.date(),
  odometer_km: z.number().int().nullable(),
  category: z.enum(DIARY_CATEGORIES),
  amount: z.number().int().nonnegative(),
  currency: z.literal('RON'),
  litres: z.number().nullable(),
  full_tank: z.boolean(),
  place: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
})
export type DiaryEntry = z.infer<typeof DiaryEntry>
export const DiaryEntryEnvelope = z.object({ data: DiaryEntry })

/** Filters of the diary list, stats and CSV: a period (inclusive dates) and a category. */
export const DiaryFilter = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  category: z.enum(DIARY_CATEGORIES, { error: 'diary_category_invalid' }).optional(),
})
export type DiaryFilter = z.infer<typeof DiaryFilter>
export const DiaryListQuery = PageQuery.extend(DiaryFilter.shape)
export type DiaryListQuery = z.infer<typeof DiaryListQuery>
export const DiaryList = z.object({ data: z.array(DiaryEntry), meta: PageMeta })
export type DiaryList = z.infer<typeof DiaryList>

export const DiaryStats = z.object({
  data: z.object({
    currency: z.literal('RON'),
    /** Bani per calendar month (`2026-10`) and category, oldest month first; months without costs are left out. */
    months: z.array(z.object({ month: z.string(), total: z.number().int(), by_category: z.record(z.string(), z.number().int()) })),
    total_amount: z.number().int(),
    /** Between the lowest and highest odometer reading of the period; null without two readings. */
    distance_km: z.number().int().nullable(),
    /** Bani per km over that distance. */
    cost_per_km: z.number().nullable(),
    /** Litres per 100 km, over the stretches between two full-tank fills. */
    consumption_l_per_100km: z.number().nullable(),
    /** Each measured stretch: the fill that closed it, its distance and consumption. */
    fills: z.array(z.object({ date: z.iso.date(), odometer_km: z.number().int(), distance_km: z.number().int(), litres: z.number(), l_per_100km: z.number() })),
  }),
})
export type DiaryStats = z.infer<typeof DiaryStats>['data']

// ── Notes ───────────────────────────────────────────────────────────────────

const noteFields = {
  title: z.string({ error: 'note_title_required' }).trim().min(1, 'note_title_required').max(NOTE_TITLE_MAX, 'note_title_too_long'),
  body: z.string({ error: 'note_body_invalid' }).max(NOTE_BODY_MAX, 'note_body_too_long').optional(),
  pinned: z.boolean({ error: 'account_boolean_invalid' }).optional(),
  remind_at: z.iso.datetime({ offset: true, error: 'note_remind_at_format' }).nullable().optional(),
}
export const NoteInput = z.object(noteFields)
export type NoteInput = z.input<typeof NoteInput>
export const NotePatch = z.object({ ...noteFields, title: noteFields.title.optional() })
export type NotePatch = z.input<typeof NotePatch>

export const Note = z.object({
  id: z.uuid(),
  vehicle_id: z.uuid(),
  title: z.string(),
  body: z.string(),
  pinned: z.boolean(),
  remind_at: z.iso.datetime({ offset: true }).nullable(),
  reminded_at: z.iso.datetime({ offset: true }).nullable(),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
})
export type Note = z.infer<typeof Note>
export const NoteEnvelope = z.object({ data: Note })
export const NoteList = z.object({ data: z.array(Note), meta: PageMeta })
export type NoteList = z.infer<typeof NoteList>

// ── Preferences and calendar ────────────────────────────────────────────────

const channel = z.object({ email: z.boolean({ error: 'account_boolean_invalid' }), notification_centre: z.boolean({ error: 'account_boolean_invalid' }) })
const reminders = z.object(Object.fromEntries(REMINDER_KINDS.map((k) => [k, channel])) as Record<(typeof REMINDER_KINDS)[number], typeof channel>)

export const AccountPreferences = z.object({
  language: z.enum(['ro', 'en', 'fr']),
  theme: z.enum(PREFERENCE_THEMES),
  reminders,
  marketing_consent: z.boolean(),
  /** When the consent was last given or withdrawn; null if never asked. */
  marketing_consent_at: z.iso.datetime({ offset: true }).nullable(),
})
export type AccountPreferences = z.infer<typeof AccountPreferences>
export const AccountPreferencesEnvelope = z.object({ data: AccountPreferences })

export const AccountPreferencesPatch = z.object({
  language: z.enum(['ro', 'en', 'fr'], { error: 'preference_language_invalid' }).optional(),
  theme: z.enum(PREFERENCE_THEMES, { error: 'preference_theme_invalid' }).optional(),
  reminders: reminders.partial().optional(),
  marketing_consent: z.boolean({ error: 'account_boolean_invalid' }).optional(),
})
export type AccountPreferencesPatch = z.input<typeof AccountPreferencesPatch>

export const CalendarFeed = z.object({
  data: z.object({
    /** The private iCalendar URL to subscribe to (Google Calendar, Apple Calendar). Whoever has it sees the deadlines. */
    url: z.url(),
  }),
})
export type CalendarFeed = z.infer<typeof CalendarFeed>['data']
