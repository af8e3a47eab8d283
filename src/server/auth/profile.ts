import { and, eq, gt, isNull, ne } from 'drizzle-orm'
import type { User } from '~/contract/auth'
import { isLocale, type Locale } from '~/i18n/locales'
import type { AppConfig } from '../../../app.config'
import type { Database } from '../db/client'
import { rotateCalendarFeed } from '../account-area/calendar'
import { authSessions, emailConfirmations, users } from '../db/schema'
import { log } from '../log'
import type { Mailer } from '../mail/mailer'
import { AuthFailure, emailRef, enforceLimits, toUser } from './accounts'
import { issueEmailConfirmation } from './email-confirmations'
import { joinGuestOrders, tellOfJoinedOrders } from './guest-orders'
import { NO_PASSWORD_YET, verifyPassword } from './passwords'
import { authLimits, type RateLimiter } from './rate-limit'
import { hashToken } from './secrets'

type UserRow = typeof users.$inferSelect

/** What the account-settings services need; every field comes from the API's dependencies. */
export interface AccountServiceDeps {
  db: Database
  config: Pick<AppConfig, 'PUBLIC_URL' | 'SUPPORT_EMAIL' | 'SESSION_IDLE_MINUTES' | 'BRAND_NAME'>
  limiter: RateLimiter
  mailer: Mailer
}

/** Mail goes out in the language the account holder chose, else the one of the request. */
export const mailLocale = (user: UserRow, fallback: Locale): Locale => (isLocale(user.locale) ? user.locale : fallback)

/** `ana.popescu@example.ro` → `a***@example.ro`: enough for the holder to recognise, little for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  return at <= 0 ? '***' : `${email.slice(0, 1)}***${email.slice(at)}`
}

/** A unique index refused the write (another account took the address meanwhile). Drivers wrap the database error in `cause`. */
function isUniqueViolation(error: unknown): boolean {
  let current = error
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/**
 * The account holder's own data: names and phone, the e-mail address and its confirmation.
 * A new address is applied only when the link mailed to it is opened (it proves the holder
 * reads that mailbox); the old address is told about the request.
 */
export class Profiles {
  constructor(private readonly deps: AccountServiceDeps) {}

  async update(user: UserRow, input: { first_name: string; last_name: string; phone_number?: string | undefined }): Promise<User> {
    const [row] = await this.deps.db
      .update(users)
      .set({ firstName: input.first_name, lastName: input.last_name, phoneNumber: input.phone_number || null, updatedAt: new Date() })
      .where(and(eq(users.id, user.id), eq(users.isDeleted, false)))
      .returning()
    if (!row) throw new AuthFailure('unauthenticated')
    log.info('account.profile_updated', { userId: user.id })
    return toUser(row)
  }

  /**
   * Mails a single-use link (24 h) to the new address and a notice to the current one. The
   * current password is required (ASVS 7.5.1); an address that has an account, deleted or
   * not, is refused like at registration.
   */
  async requestEmailChange(user: UserRow, input: { email: string; password: string }, locale: Locale): Promise<void> {
    await enforceLimits(this.deps.limiter, authLimits.emailChangePerUser(user.id))
    if (!(await verifyPassword(user.passwordHash, input.password))) {
      log.info('account.email_change_refused', { userId: user.id, reason: 'wrong_password' })
      throw new AuthFailure('wrong_password', { field: 'password' })
    }
    if (input.email === user.email) throw new AuthFailure('email_unchanged')
    const [taken] = await this.deps.db.select({ id: users.id }).from(users).where(eq(users.email, input.email))
    if (taken) {
      log.info('account.email_change_refused', { userId: user.id, reason: 'email_taken' })
      throw new AuthFailure('email_taken')
    }
    const link = await issueEmailConfirmation(this.deps.db, this.deps.config.PUBLIC_URL, { userId: user.id, email: input.email, purpose: 'change' })
    const language = mailLocale(user, locale)
    await this.deps.mailer.send('email-change', input.email, language, { name: user.firstName, link })
    await this.deps.mailer.send('email-change-notice', user.email, language, { name: user.firstName, address: maskEmail(input.email), support: this.deps.config.SUPPORT_EMAIL })
    log.info('account.email_change_requested', { userId: user.id, to: emailRef(input.email) })
  }

  /** Mails a new confirmation link for the account's own address; nothing to do once it is confirmed. */
  async resendVerification(user: UserRow, locale: Locale): Promise<{ sent: boolean }> {
    await enforceLimits(this.deps.limiter, authLimits.verificationResendPerUser(user.id))
    if (user.emailVerifiedAt) return { sent: false }
    const link = await issueEmailConfirmation(this.deps.db, this.deps.config.PUBLIC_URL, { userId: user.id, email: user.email, purpose: 'verify' })
    await this.deps.mailer.send('email-verify', user.email, mailLocale(user, locale), { name: user.firstName, link })
    log.info('account.verification_sent', { userId: user.id })
    return { sent: true }
  }

  /**
   * Opens a mailed link: `verify` marks the account's address confirmed (only while it is still
   * the address the link was sent to); `change` moves the account to the new address, which is
   * thereby confirmed. Unknown, used, expired or stale tokens are refused alike.
   */
  async confirm(token: string, now = new Date()): Promise<{ purpose: 'verify' | 'change'; email: string }> {
    const { joined, user, ...confirmed } = await this.confirmInTransaction(token, now)
    // Guest orders for the address joined the account: its holder is told where to find them.
    await tellOfJoinedOrders(this.deps, { ...user, email: confirmed.email }, joined)
    return confirmed
  }

  private async confirmInTransaction(token: string, now: Date): Promise<{ purpose: 'verify' | 'change'; email: string; joined: number; user: UserRow }> {
    const tokenHash = hashToken(token)
    return this.deps.db.transaction(async (tx) => {
      const [found] = await tx
        .select({ confirmation: emailConfirmations, user: users })
        .from(emailConfirmations)
        .innerJoin(users, eq(users.id, emailConfirmations.userId))
        .where(and(eq(emailConfirmations.tokenHash, tokenHash), isNull(emailConfirmations.usedAt), gt(emailConfirmations.expiresAt, now)))
      if (!found || found.user.isDeleted) throw new AuthFailure('invalid_confirmation_token')
      const { confirmation, user } = found
      if (confirmation.purpose === 'verify' && confirmation.email !== user.email) throw new AuthFailure('invalid_confirmation_token')
      // Single use, even when two requests race: only one update finds the row unused.
      const used = await tx
        .update(emailConfirmations)
        .set({ usedAt: now })
        .where(and(eq(emailConfirmations.tokenHash, tokenHash), isNull(emailConfirmations.usedAt)))
        .returning({ tokenHash: emailConfirmations.tokenHash })
      if (used.length === 0) throw new AuthFailure('invalid_confirmation_token')

      if (confirmation.purpose === 'verify') {
        await tx.update(users).set({ emailVerifiedAt: user.emailVerifiedAt ?? now, updatedAt: now }).where(eq(users.id, user.id))
        // An account made at checkout for a typed address: whoever holds its sessions proved
        // nothing, and the account is about to receive the address's orders (decision 94).
        if (user.emailVerifiedAt === null && user.passwordHash === NO_PASSWORD_YET) {
          await tx.update(authSessions).set({ revokedAt: now }).where(and(eq(authSessions.userId, user.id), isNull(authSessions.revokedAt)))
          await rotateCalendarFeed(tx, user.id)
        }
        const joined = await joinGuestOrders(tx, user.id, user.email)
        log.info('account.email_verified', { userId: user.id })
        return { purpose: 'verify' as const, email: user.email, joined, user }
      }

      const [other] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, confirmation.email), ne(users.id, user.id)))
      if (other) throw new AuthFailure('email_taken')
      try {
        await tx.update(users).set({ email: confirmation.email, emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id))
      } catch (error) {
        if (isUniqueViolation(error)) throw new AuthFailure('email_taken') // taken by a concurrent registration
        throw error
      }
      // Links still pending for the old address are of no use any more.
      await tx
        .update(emailConfirmations)
        .set({ usedAt: now })
        .where(and(eq(emailConfirmations.userId, user.id), isNull(emailConfirmations.usedAt)))
      const joined = await joinGuestOrders(tx, user.id, confirmation.email)
      log.info('account.email_changed', { userId: user.id, from: emailRef(user.email), to: emailRef(confirmation.email) })
      return { purpose: 'change' as const, email: confirmation.email, joined, user }
    })
  }
}
