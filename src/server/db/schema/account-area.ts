/** The account area: a user's vehicles, their cost diaries and notes, preferences and calendar feed (decision 63). */
import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { DIARY_CATEGORIES, PREFERENCE_THEMES, VEHICLE_CATEGORIES, type ReminderRouting } from '../../../contract/account-area-constants'
import { at, createdAt, updatedAt } from './common'
import { users } from './accounts'

/**
 * A user's vehicle. The plate is stored normalised (`B123ABC`) and unique within the account.
 * The papers' end dates are filled by the purchase path when it sells a policy or vignette for
 * this plate; the ITP date is the owner's.
 */
export const vehicles = pgTable(
  'vehicles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    registrationPlate: text('registration_plate').notNull(),
    vin: text('vin'),
    make: text('make'),
    model: text('model'),
    category: text('category', { enum: VEHICLE_CATEGORIES }).notNull().default('car'),
    itpDueDate: date('itp_due_date', { mode: 'string' }),
    rcaValidUntil: date('rca_valid_until', { mode: 'string' }),
    rovinietaValidUntil: date('rovinieta_valid_until', { mode: 'string' }),
    huVignetteValidUntil: date('hu_vignette_valid_until', { mode: 'string' }),
    /** The owner's choice: reminders before the end of a paper bought elsewhere that renews here (RCA), by mail, bell and calendar (decision 160). */
    renewalReminders: boolean('renewal_reminders').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('vehicles_user_plate').on(t.userId, t.registrationPlate), index('vehicles_user').on(t.userId, t.createdAt)],
)

/** One cost or event in a vehicle's logbook. Amounts are bani (RON minor units); litres in centilitres. */
export const diaryEntries = pgTable(
  'diary_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    odometerKm: integer('odometer_km'),
    category: text('category', { enum: DIARY_CATEGORIES }).notNull(),
    amount: integer('amount').notNull(),
    centilitres: integer('centilitres'),
    fullTank: boolean('full_tank').notNull().default(false),
    place: text('place'),
    note: text('note'),
    /** Set for entries the purchase path wrote (a policy, a vignette), so a sale is entered once. */
    orderReference: text('order_reference'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('diary_entries_vehicle_date').on(t.vehicleId, t.date),
    uniqueIndex('diary_entries_order').on(t.vehicleId, t.orderReference),
    check('diary_entries_amount', sql`${t.amount} >= 0`),
    check('diary_entries_odometer', sql`${t.odometerKm} is null or ${t.odometerKm} >= 0`),
    check('diary_entries_litres', sql`${t.centilitres} is null or ${t.centilitres} >= 0`),
  ],
)

/** Notes on a vehicle: plain text, optionally pinned, optionally with one reminder (decision 65). */
export const vehicleNotes = pgTable(
  'vehicle_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    pinned: boolean('pinned').notNull().default(false),
    remindAt: at('remind_at'),
    /** When the reminder went out; a reminder is sent once per `remind_at`. */
    remindedAt: at('reminded_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('vehicle_notes_vehicle').on(t.vehicleId, t.pinned, t.updatedAt), check('vehicle_notes_body_length', sql`char_length(${t.body}) <= 10000`)],
)

/** Per-account preferences beyond the language (kept on `users.locale`). A missing row means the defaults. */
export const userPreferences = pgTable('user_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  theme: text('theme', { enum: PREFERENCE_THEMES }).notNull().default('system'),
  reminders: jsonb('reminders').$type<ReminderRouting>(),
  marketingConsent: boolean('marketing_consent').notNull().default(false),
  /** When the consent was last given or withdrawn (the proof GDPR asks for). */
  marketingConsentAt: at('marketing_consent_at'),
  updatedAt: updatedAt(),
})

/**
 * The secret of a user's calendar feed (decision 64): the URL's token is derived from `salt`
 * and the server's secret, so it can be shown again, and only its SHA-256 is looked up.
 * Renewing replaces the salt: the old URL stops working at once.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  salt: text('salt').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
})
