/**
 * Enumerations and limits of the account area (vehicles, diaries, notes, preferences), shared
 * by the database schema, the zod contract and the pages. Zod-free: the browser uses them (decision 6).
 */

/** Vehicle kinds: the RCA domain's (registration certificate field J), so a registry lookup fills them. A re-export, so a page that needs only the diary's categories does not take the vehicle checks. */
export { vehicleCategories as VEHICLE_CATEGORIES } from './vehicle'

export const DIARY_CATEGORIES = ['fuel', 'service', 'repair', 'tyres', 'insurance', 'tax_and_vignettes', 'parking_and_tolls', 'wash', 'other'] as const
export type DiaryCategory = (typeof DIARY_CATEGORIES)[number]

/** Reminder kinds a user routes to e-mail and/or the notification centre. */
export const REMINDER_KINDS = ['itp', 'note', 'policy_end', 'vignette_end'] as const
export type ReminderKind = (typeof REMINDER_KINDS)[number]
export type ReminderRouting = Record<ReminderKind, { email: boolean; notification_centre: boolean }>
export const defaultReminderRouting: ReminderRouting = {
  itp: { email: true, notification_centre: true },
  note: { email: true, notification_centre: true },
  policy_end: { email: true, notification_centre: true },
  vignette_end: { email: true, notification_centre: true },
}

/** The preferences form's checkbox for one reminder kind and channel (flat: the form toolkit reads dotted names as nested values). */
export const reminderField = (kind: ReminderKind, channel: 'email' | 'notification_centre') => `reminder_${kind}_${channel}`

export const PREFERENCE_THEMES = ['light', 'dark', 'system'] as const
export type PreferenceTheme = (typeof PREFERENCE_THEMES)[number]

/** Limits (decision 63). */
export const MAX_VEHICLES_PER_ACCOUNT = 50
export const NOTE_BODY_MAX = 10_000
export const NOTE_TITLE_MAX = 200
export const DIARY_TEXT_MAX = 500
/** 10 million lei, in bani: far above any real car cost, low enough to keep sums in safe integers. */
export const DIARY_AMOUNT_MAX = 1_000_000_000
export const ODOMETER_MAX_KM = 5_000_000
export const LITRES_MAX = 2_000
export const PER_PAGE_DEFAULT = 20
export const PER_PAGE_MAX = 100
