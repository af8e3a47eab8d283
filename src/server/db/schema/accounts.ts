/** Accounts, sessions, their secrets and the rate-limit counters. */
import { bigint, boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { at, createdAt, updatedAt } from './common'

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
  /** When the holder accepted the terms and the privacy policy (the box of the sign-up form, or the page that asks once after sign-in); null until then. */
  termsAcceptedAt: at('terms_accepted_at'),
  /** Which terms it accepted then (`TERMS_VERSION`, the terms' date); an account whose version is not the current one is asked again. */
  termsVersion: text('terms_version'),
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

/** Fixed-window counters for rate limits when no Redis is configured (shared by every node on PostgreSQL). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: at('window_start').notNull(),
  count: integer('count').notNull(),
})
