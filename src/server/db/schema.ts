/**
 * The one database schema (PostgreSQL dialect), shared by embedded PGlite and a
 * PostgreSQL server. Migrations are generated from it by drizzle-kit (`npm run db:generate`).
 */
import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

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

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** Account holders. E-mail addresses are stored lower-cased; deleted accounts keep the row, flagged (spec §5). */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  phoneNumber: text('phone_number'),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  /** argon2id. Accounts created by Google sign-in get the hash of a random secret nobody knows (they set one by reset). */
  passwordHash: text('password_hash').notNull(),
  /** The Google account (`sub` of its ID token) linked by Google sign-in. */
  googleSubject: text('google_subject').unique(),
  locale: text('locale').notNull().default('ro'),
  emailVerifiedAt: at('email_verified_at'),
  isDeleted: boolean('is_deleted').notNull().default(false),
  deletedAt: at('deleted_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

/**
 * Signed-in sessions. The access token is opaque and only its SHA-256 is kept. A session ends
 * at `expires_at` (absolute), after an hour without use (idle), or when revoked.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** When the second factor was checked in this session; null until then. */
    twoFactorVerifiedAt: at('two_factor_verified_at'),
    createdAt: createdAt(),
    lastUsedAt: at('last_used_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
  },
  (t) => [index('auth_sessions_user').on(t.userId)],
)

/** Password reset links: single use, short-lived, stored hashed. */
export const passwordResets = pgTable('password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  createdAt: createdAt(),
})

/**
 * Links that confirm an e-mail address: the account's own (`verify`, after sign-up) or a new
 * one (`change`, applied only when the link is opened). Single use, stored hashed.
 */
export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['verify', 'change'] }).notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('email_confirmations_user').on(t.userId)],
)

/** A user's second factor: authenticator app (TOTP) or a code by e-mail. `enabled_at` null while enrolling. */
export const twoFactors = pgTable('two_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  providerCode: text('provider_code', { enum: ['authenticator', 'email'] }).notNull(),
  /** TOTP secret, sealed with the server key (null for e-mail codes). */
  secretSealed: text('secret_sealed'),
  /** Last accepted TOTP time step: a code is never accepted twice. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  recoveryKeyHash: text('recovery_key_hash'),
  enabledAt: at('enabled_at'),
  createdAt: createdAt(),
})

/** Codes sent by e-mail for two-factor sign-in: 10 minutes, single use, keyed hash only. */
export const emailCodes = pgTable('email_codes', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  /** `sign_in`: the second factor at sign-in; `confirm`: a fresh code to change security settings. */
  purpose: text('purpose', { enum: ['sign_in', 'confirm'] }).notNull().default('sign_in'),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  attempts: integer('attempts').notNull().default(0),
  createdAt: createdAt(),
})

/** Every message the site sends; delivered by SMTP when configured, shown in the development mailbox otherwise. */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to_address').notNull(),
  subject: text('subject').notNull(),
  text: text('text_body').notNull(),
  html: text('html_body').notNull(),
  kind: text('kind').notNull(),
  locale: text('locale').notNull(),
  sentAt: at('sent_at'),
  error: text('error'),
  /** Deliveries tried so far, and when the next one is due (null: sent, given up, or no SMTP). */
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: at('next_attempt_at'),
  createdAt: createdAt(),
}, (t) => [index('mail_outbox_due').on(t.nextAttemptAt).where(sql`${t.nextAttemptAt} is not null`)])

/** Fixed-window counters for rate limits when no Redis is configured (shared by every node on PostgreSQL). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: at('window_start').notNull(),
  count: integer('count').notNull(),
})
