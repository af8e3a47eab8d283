import { createHash } from 'node:crypto'
import { and, eq, gt, isNull, ne, or } from 'drizzle-orm'
import type { AuthSession, User } from '~/contract/auth'
import type { RealtimeEventName, RealtimeEventPayloads } from '~/contract/realtime'
import { isLocale, type Locale } from '~/i18n/locales'
import type { AppConfig } from '../../../app.config'
import { rotateCalendarFeed } from '../account-area/calendar'
import { afterAnswering } from '../background'
import { joinGuestOrders, tellOfJoinedOrders } from './guest-orders'
import type { Database } from '../db/client'
import { authSessions, passwordResets, twoFactors, users } from '../db/schema'
import { log } from '../log'
import { forgetForRequest, oncePerRequest } from '../request-context'
import type { Mailer } from '../mail/mailer'
import { issueEmailConfirmation } from './email-confirmations'
import { hashPassword, needsRehash, NO_PASSWORD_YET, passwordProblems, verifyAgainstDummy, verifyPassword } from './passwords'
import { authLimits, type Limit, type RateLimiter } from './rate-limit'
import { generateSessionToken, hashToken } from './secrets'
import { describeUserAgent } from './user-agent'

type UserRow = typeof users.$inferSelect
type SessionRow = typeof authSessions.$inferSelect

/** Why an accounts call was refused; the API turns each into its status and translated message. */
export class AuthFailure extends Error {
  constructor(
    readonly reason:
      | 'invalid_credentials'
      | 'terms_version_outdated'
      | 'account_is_deleted'
      | 'email_taken'
      | 'weak_password'
      | 'invalid_reset_token'
      | 'rate_limited'
      | 'unauthenticated'
      | 'wrong_password'
      | 'invalid_two_factor_code'
      | 'invalid_recovery_key'
      | 'two_factor_already_enabled'
      | 'two_factor_not_enrolling'
      | 'two_factor_unavailable'
      | 'invalid_confirmation_token'
      | 'email_unchanged'
      | 'session_not_found',
    /** `field`: the form field a wrong password was typed in (`password` unless said). */
    readonly details: { retryAfterS?: number; problems?: string[]; field?: 'password' | 'current_password' } = {},
  ) {
    super(reason)
    this.name = 'AuthFailure'
  }
}

export interface RequestMeta {
  ip: string | undefined
  userAgent: string | undefined
  locale: Locale
}

/** Where account events go to the user's open devices (the realtime publisher); never throws. */
export interface UserEvents {
  publishUserEvent<E extends RealtimeEventName>(userId: string, event: E, payload: RealtimeEventPayloads[E]): Promise<boolean>
}

export interface Authenticated {
  user: UserRow
  session: SessionRow
  /** When the user's second factor was set up; null without one. */
  twoFactorEnabledAt: Date | null
}

/** Counts one attempt against each limit; the first one exceeded refuses the call with its `Retry-After`. */
export async function enforceLimits(limiter: RateLimiter, ...limits: Limit[]): Promise<void> {
  for (const limit of limits) {
    const verdict = await limiter.hit(limit)
    if (!verdict.allowed) {
      log.warn('auth.rate_limited', { key: limit.key.split(':').slice(0, 2).join(':') })
      throw new AuthFailure('rate_limited', { retryAfterS: verdict.retryAfterS })
    }
  }
}

/** Recording how often the last-use time is written: at most once a minute per session. */
const TOUCH_EVERY_MS = 60_000

/** Where a request keeps the sessions it looked up, by access token. */
const SESSION_KEY = 'session:'

/**
 * The request's looked-up sessions are stale: it changed an account, a session or a second
 * factor. Sessions are remembered for one request only, so a revocation holds from the next.
 */
export function forgetSessionsOfRequest(): void {
  forgetForRequest(SESSION_KEY)
}

/** Why a session stopped working, as the API tells the device holding it (`x-session-end-reason`). */
export type SessionEndReason = 'signed_out_elsewhere' | 'expired'
const RESET_TTL_MS = 60 * 60_000

/** E-mail addresses in logs: a short hash, enough to follow one account, not to read it. */
export const emailRef = (email: string) => createHash('sha256').update(email).digest('hex').slice(0, 12)

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    phone_number: row.phoneNumber,
    email_verified: row.emailVerifiedAt !== null,
    locale: row.locale,
    created_at: row.createdAt.toISOString(),
    terms_version: row.termsVersion,
    password_set: row.passwordHash !== NO_PASSWORD_YET,
    terms_accepted_at: row.termsAcceptedAt?.toISOString() ?? null,
  }
}

/**
 * Accounts and sessions (spec §3, §4, §7): registration, sign-in, the opaque access token
 * (only its hash is stored), idle and absolute expiry, sign-out, password reset.
 */
export class Accounts {
  constructor(
    private readonly db: Database,
    private readonly config: Pick<AppConfig, 'SESSION_ABSOLUTE_MINUTES' | 'SESSION_IDLE_MINUTES' | 'PUBLIC_URL' | 'BRAND_NAME' | 'SUPPORT_EMAIL' | 'TERMS_VERSION'>,
    private readonly limiter: RateLimiter,
    private readonly mailer: Mailer,
    private readonly events?: UserEvents,
  ) {}

  private limit(...limits: Limit[]): Promise<void> {
    return enforceLimits(this.limiter, ...limits)
  }

  /** A new session (a new token at every sign-in: ASVS 7.2.4). */
  async startSession(user: UserRow, meta: RequestMeta, twoFactorVerified = false): Promise<AuthSession> {
    const token = generateSessionToken()
    const expiresAt = new Date(Date.now() + this.config.SESSION_ABSOLUTE_MINUTES * 60_000)
    await this.db.insert(authSessions).values({
      userId: user.id,
      tokenHash: hashToken(token),
      userAgent: meta.userAgent?.slice(0, 512) ?? null,
      ip: meta.ip ?? null,
      expiresAt,
      twoFactorVerifiedAt: twoFactorVerified ? new Date() : null,
    })
    return {
      access_token: token,
      access_token_ttl: this.config.SESSION_ABSOLUTE_MINUTES,
      user: toUser(user),
      is_two_factor_enabled: await this.twoFactorEnabled(user.id),
      is_deleted: user.isDeleted,
    }
  }

  private async twoFactorEnabled(userId: string): Promise<boolean> {
    const [row] = await this.db.select({ enabledAt: twoFactors.enabledAt }).from(twoFactors).where(eq(twoFactors.userId, userId))
    return Boolean(row?.enabledAt)
  }

  /**
   * The session behind a bearer token, or null: unknown, revoked, past its absolute or idle limit, or of a deleted account.
   * Looked up once per request (a navigation's provider calls share it, decision 137); a call
   * that changes accounts or sessions makes the next one look again (`forgetSessionsOfRequest`).
   */
  authenticate(token: string | undefined, now?: number): Promise<Authenticated | null> {
    if (!token || token.length > 200) return Promise.resolve(null)
    if (now !== undefined) return this.lookUpSession(token, now)
    return oncePerRequest(`${SESSION_KEY}${token}`, () => this.lookUpSession(token, Date.now()))
  }

  private async lookUpSession(token: string, now: number): Promise<Authenticated | null> {
    const [found] = await this.db
      .select({ session: authSessions, user: users, twoFactorEnabledAt: twoFactors.enabledAt })
      .from(authSessions)
      .innerJoin(users, eq(users.id, authSessions.userId))
      .leftJoin(twoFactors, eq(twoFactors.userId, authSessions.userId))
      .where(and(eq(authSessions.tokenHash, hashToken(token)), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, new Date(now))))
    if (!found || found.user.isDeleted) return null
    if (now - found.session.lastUsedAt.getTime() > this.config.SESSION_IDLE_MINUTES * 60_000) {
      await this.db.update(authSessions).set({ revokedAt: new Date(now) }).where(eq(authSessions.id, found.session.id))
      log.info('auth.session_idle_expired', { userId: found.user.id })
      return null
    }
    if (now - found.session.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
      await this.db.update(authSessions).set({ lastUsedAt: new Date(now) }).where(eq(authSessions.id, found.session.id))
    }
    return found
  }

  /**
   * Why the session behind `token` no longer works, for the device that still holds it:
   * `signed_out_elsewhere` when it was ended (signed out from another device, a password
   * change) before it fell idle, else `expired` (idle or past its limit). Undefined for a token
   * that never named a session.
   */
  async sessionEndReason(token: string | undefined): Promise<SessionEndReason | undefined> {
    if (!token || token.length > 200) return undefined
    const [found] = await this.db.select({ revokedAt: authSessions.revokedAt, lastUsedAt: authSessions.lastUsedAt }).from(authSessions).where(eq(authSessions.tokenHash, hashToken(token)))
    if (!found) return undefined
    const idleMs = this.config.SESSION_IDLE_MINUTES * 60_000
    // An idle session is ended by the first call after its idle limit, so its end comes after that limit.
    if (found.revokedAt && found.revokedAt.getTime() - found.lastUsedAt.getTime() < idleMs) return 'signed_out_elsewhere'
    return 'expired'
  }

  async register(
    input: { email: string; password: string; first_name: string; last_name: string; phone_number?: string | undefined; accept_terms?: true | undefined },
    meta: RequestMeta,
  ): Promise<AuthSession> {
    await this.limit(authLimits.registerPerIp(meta.ip ?? 'unknown'))
    const problems = passwordProblems(input.password, { email: input.email, firstName: input.first_name, lastName: input.last_name, phone: input.phone_number, brand: this.config.BRAND_NAME })
    if (problems.length > 0) throw new AuthFailure('weak_password', { problems })
    const [existing] = await this.db.select({ id: users.id }).from(users).where(eq(users.email, input.email))
    if (existing) {
      this.tellOwnerOfRegistrationAttempt(input.email, meta)
      throw new AuthFailure('email_taken')
    }
    const [user] = await this.db
      .insert(users)
      .values({
        email: input.email,
        firstName: input.first_name,
        lastName: input.last_name,
        phoneNumber: input.phone_number || null,
        passwordHash: await hashPassword(input.password),
        locale: meta.locale,
        ...(input.accept_terms ? { termsAcceptedAt: new Date(), termsVersion: this.config.TERMS_VERSION } : {}),
      })
      .onConflictDoNothing({ target: users.email })
      .returning()
    if (!user) {
      // Registered by a concurrent request.
      this.tellOwnerOfRegistrationAttempt(input.email, meta)
      throw new AuthFailure('email_taken')
    }
    log.info('auth.registered', { userId: user.id })
    // The welcome mail carries the confirmation link of the address (`verify`, 24 hours, single use).
    const link = await issueEmailConfirmation(this.db, this.config.PUBLIC_URL, { userId: user.id, email: user.email, purpose: 'verify' })
    await this.mailer.send('welcome', user.email, meta.locale, { name: user.firstName, link })
    return this.startSession(user, meta)
  }

  /**
   * Records that the holder accepted the terms of `version`, which must be the ones in force
   * (a page left open across a change shows the old ones); the ones in force when not named. Accepting the same version again keeps
   * the first moment.
   */
  async acceptTerms(userId: string, version = this.config.TERMS_VERSION): Promise<User> {
    if (version !== this.config.TERMS_VERSION) throw new AuthFailure('terms_version_outdated')
    await this.db
      .update(users)
      .set({ termsAcceptedAt: new Date(), termsVersion: version })
      .where(and(eq(users.id, userId), or(isNull(users.termsVersion), ne(users.termsVersion, version))))
    const [row] = await this.db.select().from(users).where(eq(users.id, userId))
    if (!row) throw new AuthFailure('unauthenticated')
    log.info('auth.terms_accepted', { userId, version })
    return toUser(row)
  }

  /**
   * Tells the holder of an account that someone tried to register with its address: the answer says the address is taken, as the spec's e-mail check does anyway, and the
   * owner learns of it, in their language, with a way back in if it was them. Sent after the
   * answer, at most `registrationNoticePerAccount` times an hour, so nobody can flood a mailbox
   * through the registration form; a deleted account is told nothing.
   */
  private tellOwnerOfRegistrationAttempt(email: string, meta: RequestMeta): void {
    afterAnswering('auth.registration_attempt', async () => {
      const [owner] = await this.db.select().from(users).where(eq(users.email, email))
      if (!owner || owner.isDeleted) return
      if (!(await this.limiter.hit(authLimits.registrationNoticePerAccount(owner.id))).allowed) return
      const link = `${this.config.PUBLIC_URL}/authenticate?${new URLSearchParams({ mode: 'forgot', email: owner.email })}`
      await this.mailer.send('registration-attempt', owner.email, isLocale(owner.locale) ? owner.locale : meta.locale, { name: owner.firstName, link, support: this.config.SUPPORT_EMAIL })
      log.info('auth.registration_attempt_notified', { userId: owner.id })
    })
  }

  /** Same answer and similar time for an unknown e-mail and a wrong password (ASVS 6.3.8). */
  async login(input: { email: string; password: string }, meta: RequestMeta): Promise<AuthSession> {
    const limits = [authLimits.loginPerIp(meta.ip ?? 'unknown'), authLimits.loginPerAccount(input.email)]
    await this.limit(...limits)
    const [user] = await this.db.select().from(users).where(eq(users.email, input.email))
    // An account without a password yet (made at checkout) takes as long to refuse as an unknown one.
    const valid = user && user.passwordHash !== NO_PASSWORD_YET ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstDummy(input.password)
    // A deleted account keeps only its address (its password hash is unusable): say it was deleted, as the e-mail check does.
    if (user?.isDeleted) {
      log.info('auth.login_refused', { userId: user.id, reason: 'account_is_deleted' })
      throw new AuthFailure('account_is_deleted')
    }
    if (!user || !valid) {
      log.info('auth.login_failed', { email: emailRef(input.email), reason: user ? 'password' : 'unknown_email' })
      throw new AuthFailure('invalid_credentials')
    }
    log.info('auth.login_succeeded', { userId: user.id })
    // Counted first so a burst cannot slip past; only failures are meant to use the allowance.
    await Promise.all(limits.map((limit) => this.limiter.refund(limit)))
    // A hash made with older parameters is replaced while the password is at hand.
    if (needsRehash(user.passwordHash)) {
      await this.db.update(users).set({ passwordHash: await hashPassword(input.password), updatedAt: new Date() }).where(eq(users.id, user.id))
      log.info('auth.password_rehashed', { userId: user.id })
    }
    const session = await this.startSession(user, meta)
    this.announceSignIn(user, meta)
    return session
  }

  async logout(token: string | undefined): Promise<void> {
    if (!token) return
    const [row] = await this.db
      .update(authSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(authSessions.tokenHash, hashToken(token)), isNull(authSessions.revokedAt)))
      .returning({ userId: authSessions.userId })
    if (row) log.info('auth.logout', { userId: row.userId })
  }

  /** Spec §7: whether an address has an account. Inherently reveals it, so rate-limited and captcha-protected. */
  async emailExists(email: string, meta: RequestMeta): Promise<{ alreadyExists: boolean; isDeleted: boolean }> {
    await this.limit(authLimits.emailCheckPerIp(meta.ip ?? 'unknown'))
    const [user] = await this.db.select({ isDeleted: users.isDeleted }).from(users).where(eq(users.email, email))
    if (user?.isDeleted) throw new AuthFailure('account_is_deleted')
    return { alreadyExists: Boolean(user), isDeleted: false }
  }

  /**
   * Sends a reset link when the account exists. The answer never says whether it does, in words
   * or in time: it leaves once the limits are counted, before the account is even looked up
   * (ASVS 6.3.8).
   */
  async requestPasswordReset(email: string, meta: RequestMeta): Promise<void> {
    await this.limit(authLimits.resetPerIp(meta.ip ?? 'unknown'), authLimits.resetPerAccount(email))
    afterAnswering('auth.reset_link', () => this.mailResetLink(email, meta))
  }

  private async mailResetLink(email: string, meta: RequestMeta): Promise<void> {
    const [user] = await this.db.select().from(users).where(eq(users.email, email))
    if (!user || user.isDeleted) {
      log.info('auth.reset_requested', { email: emailRef(email), known: false })
      return
    }
    const link = await this.passwordLink(user)
    await this.mailer.send('password-reset', user.email, isLocale(user.locale) ? user.locale : meta.locale, { name: user.firstName, link })
    log.info('auth.reset_requested', { userId: user.id, known: true })
  }

  /**
   * A single-use link that sets the account's password (the reset page): the reset mail's,
   * and the checkout's for an account made from a purchase (longer-lived: `ttlMs`).
   */
  async passwordLink(user: UserRow, ttlMs = RESET_TTL_MS): Promise<string> {
    const token = generateSessionToken()
    await this.db.insert(passwordResets).values({ tokenHash: hashToken(token), userId: user.id, expiresAt: new Date(Date.now() + ttlMs) })
    return `${this.config.PUBLIC_URL}/authenticate?${new URLSearchParams({ mode: 'reset', email: user.email, reset_token: token })}`
  }

  /** Sets a new password from a reset link: single use, 60 minutes, and every session of the account ends. */
  async resetPassword(input: { email: string; reset_token: string; password: string }): Promise<void> {
    const [found] = await this.db
      .select({ reset: passwordResets, user: users })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.userId))
      .where(and(eq(passwordResets.tokenHash, hashToken(input.reset_token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())))
    if (!found || found.user.email !== input.email || found.user.isDeleted) throw new AuthFailure('invalid_reset_token')
    const problems = passwordProblems(input.password, { email: found.user.email, firstName: found.user.firstName, lastName: found.user.lastName, phone: found.user.phoneNumber, brand: this.config.BRAND_NAME })
    if (problems.length > 0) throw new AuthFailure('weak_password', { problems })
    const used = await this.db
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.tokenHash, found.reset.tokenHash), isNull(passwordResets.usedAt)))
      .returning()
    if (used.length === 0) throw new AuthFailure('invalid_reset_token') // used by a concurrent request
    await this.db.update(users).set({ passwordHash: await hashPassword(input.password), updatedAt: new Date() }).where(eq(users.id, found.user.id))
    await this.revokeSessions(found.user.id)
    log.info('auth.password_reset', { userId: found.user.id })
  }

  /**
   * Tells the user's other open devices that someone signed in (spec §1 realtime), so a
   * sign-in they did not make shows at once. Sent in the background: a sign-in never waits
   * for it or fails because of it.
   */
  announceSignIn(user: UserRow, meta: RequestMeta): void {
    const locale = isLocale(user.locale) ? user.locale : meta.locale
    void this.events?.publishUserEvent(user.id, 'account.signed-in', { device: describeUserAgent(meta.userAgent, locale), ip: meta.ip ?? null, at: new Date().toISOString() })
  }

  /**
   * Replaces the caller's session by a new one (a new token), e.g. once the second factor is
   * checked, so a token captured before that step is worthless afterwards (ASVS 7.2.4).
   */
  async rotateSession(account: Authenticated, meta: RequestMeta, options: { twoFactorVerified: boolean }): Promise<AuthSession> {
    const next = await this.startSession(account.user, meta, options.twoFactorVerified)
    await this.db.update(authSessions).set({ revokedAt: new Date() }).where(eq(authSessions.id, account.session.id))
    return next
  }

  /**
   * The guest orders waiting for the account's proven address join it, and its holder is told
   * (decision 94): after Google proved the address. Mailed confirmations do the same inside
   * their own transaction (`AccountProfile.confirm`).
   */
  async joinGuestOrders(user: UserRow): Promise<void> {
    await tellOfJoinedOrders({ mailer: this.mailer, config: this.config }, user, await joinGuestOrders(this.db, user.id, user.email))
  }

  /** Ends every session of a user, or every one but `except`; the calendar feed gets a new secret too (decision 95). */
  async revokeSessions(userId: string, except?: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(authSessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt), except ? ne(authSessions.id, except) : undefined))
      await rotateCalendarFeed(tx, userId)
    })
  }
}
