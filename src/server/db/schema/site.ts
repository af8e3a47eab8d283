/** The site: products and their statuses, maintenance, redirects, partners, consent, analytics, contact. */
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from './common'
import { users } from './accounts'

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
    /** Whether the visitor was signed in (a valid session) when choosing. */
    authenticated: boolean('authenticated').notNull().default(false),
    /** The account that chose, as proof of its consent; emptied if the account is erased. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [check('cookie_consents_ip_length', sql`char_length(${t.ip}) <= 64`)],
)

/** Server redirect rules, checked on every navigation (`GET /redirects?path=`). */
export const redirectRules = pgTable(
  'redirect_rules',
  {
    id: serial('id').primaryKey(),
    fromPath: text('from_path').notNull().unique(),
    toTarget: text('to_target').notNull(),
    statusCode: integer('status_code').notNull().default(302),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The API and the CLI validate too; the database keeps a direct write from breaking redirects.
  (t) => [check('redirect_rules_status_code', sql`${t.statusCode} in (301, 302, 307, 308)`)],
)

/** Partners with a branded RCA page (`/rca-{code}`) and terms page (`/terms-{code}`). */
export const partners = pgTable(
  'partners',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The code is part of page addresses (`/rca-{code}`): the same rule as `PartnerCode`.
  (t) => [check('partners_code_format', sql`${t.code} ~ '^[a-z0-9-]{2,40}$'`)],
)

/** Page views, sent only with analytics consent. No IP address or user agent is kept. */
export const pageViews = pgTable(
  'page_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    path: text('path').notNull(),
    navigation: text('navigation', { enum: ['load', 'push', 'back_forward', 'hash'] }).notNull(),
    referrer: text('referrer'),
    locale: text('locale'),
    viewSession: text('view_session').notNull(),
    createdAt: createdAt(),
  },
  // The table only grows; the operator lists by tab and by time.
  (t) => [index('page_views_view_session_created_at').on(t.viewSession, t.createdAt), index('page_views_created_at').on(t.createdAt)],
)

/** Messages of the contact form, read by the support team (`GET /operator/contact-messages`). */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    topic: text('topic').notNull(),
    message: text('message').notNull(),
    locale: text('locale').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_at').on(t.createdAt)],
)

/** Captcha solutions already used: a solution is accepted once. Rows expire with their challenge. */
export const captchaUses = pgTable(
  'captcha_uses',
  {
    signature: text('signature').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  // Expired rows are deleted at each verification.
  (t) => [index('captcha_uses_expires_at').on(t.expiresAt)],
)
