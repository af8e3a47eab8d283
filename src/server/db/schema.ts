/**
 * The one database schema (PostgreSQL dialect), shared by embedded PGlite and a
 * PostgreSQL server. Migrations are generated from it by drizzle-kit (`npm run db:generate`).
 */
import { sql } from 'drizzle-orm'
import { boolean, check, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()

export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  category: text('category', { enum: ['insurance', 'vignette'] }).notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

/** The site-wide availability switches carried by the `x-site-product-statuses` header. One live row. */
export const productStatuses = pgTable('product_statuses', {
  id: serial('id').primaryKey(),
  isRoVignetteAvailable: boolean('is_ro_vignette_available').notNull().default(true),
  isHuVignetteAvailable: boolean('is_hu_vignette_available').notNull().default(true),
  isRcaAvailable: boolean('is_rca_available').notNull().default(true),
  isTravelAvailable: boolean('is_travel_available').notNull().default(true),
  isHouseInsuranceAvailable: boolean('is_house_insurance_available').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
})

/** Maintenance windows: one row per window; the open one (no `ended_at`) means maintenance is on. */
export const maintenances = pgTable(
  'maintenances',
  {
    id: serial('id').primaryKey(),
    message: text('message'),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('maintenances_one_open').on(sql`(true)`).where(sql`${t.endedAt} is null`)],
)

export const cookieConsents = pgTable(
  'cookie_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    consent: jsonb('consent').$type<{ necessary: true; preferences: boolean; analytics: boolean; marketing: boolean }>().notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** Whether the visitor sent a bearer token; linked to a user once accounts exist. */
    authenticated: boolean('authenticated').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [check('cookie_consents_ip_length', sql`char_length(${t.ip}) <= 64`)],
)
