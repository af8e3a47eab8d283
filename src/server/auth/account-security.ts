import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm'
import type { AccountSession } from '~/contract/account'
import type { Locale } from '~/i18n/locales'
import { authSessions, emailCodes, emailConfirmations, mailOutbox, passwordResets, twoFactors, users } from '../db/schema'
import { rotateCalendarFeed } from '../account-area/calendar'
import { log } from '../log'
import { AuthFailure, enforceLimits, type Authenticated } from './accounts'
import { hashPassword, passwordProblems, verifyPassword } from './passwords'
import { mailLocale, type AccountServiceDeps } from './profile'
import { authLimits } from './rate-limit'
import { describeUserAgent } from './user-agent'

/**
 * What a deleted account's password hash becomes: not an argon2 string, so no password ever
 * matches it (`verifyPassword` answers false for a hash it cannot read).
 */
export const UNUSABLE_PASSWORD_HASH = '!account-deleted'

/**
 * The security settings of a signed-in account holder: password change, the list of their
 * sessions and ending them, deleting the account. Every call acts on the caller's own rows
 * only: a session id of another account is "not found", never "forbidden".
 */
export class AccountSecurity {
  constructor(private readonly deps: AccountServiceDeps) {}

  /**
   * A new password after the current one is proven (ASVS 6.2.3), under the rules of
   * registration. Every other session ends (ASVS 7.4.3); the caller's stays signed in.
   */
  async changePassword({ user, session }: Authenticated, input: { current_password: string; password: string }, locale: Locale): Promise<{ revoked: number }> {
    await enforceLimits(this.deps.limiter, authLimits.passwordChangePerUser(user.id))
    if (!(await verifyPassword(user.passwordHash, input.current_password))) {
      log.info('account.password_change_refused', { userId: user.id, reason: 'wrong_password' })
      throw new AuthFailure('wrong_password', { field: 'current_password' })
    }
    const problems = passwordProblems(input.password, { email: user.email, firstName: user.firstName, lastName: user.lastName, phone: user.phoneNumber, brand: this.deps.config.BRAND_NAME })
    if (problems.length > 0) throw new AuthFailure('weak_password', { problems })
    await this.deps.db.update(users).set({ passwordHash: await hashPassword(input.password), updatedAt: new Date() }).where(eq(users.id, user.id))
    const revoked = await this.endSessions(user.id, session.id)
    await this.deps.mailer.send('password-changed', user.email, mailLocale(user, locale), { name: user.firstName, support: this.deps.config.SUPPORT_EMAIL })
    log.info('account.password_changed', { userId: user.id, revokedSessions: revoked })
    return { revoked }
  }

  /** The caller's sessions that still work (not revoked, not expired, not idle), theirs first, then by last use. */
  async listSessions({ user, session }: Authenticated, locale: Locale, now = Date.now()): Promise<AccountSession[]> {
    const idleSince = new Date(now - this.deps.config.SESSION_IDLE_MINUTES * 60_000)
    const rows = await this.deps.db
      .select()
      .from(authSessions)
      .where(and(eq(authSessions.userId, user.id), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, new Date(now)), gt(authSessions.lastUsedAt, idleSince)))
      .orderBy(desc(authSessions.lastUsedAt), desc(authSessions.createdAt))
    return rows
      .map((row) => ({
        id: row.id,
        device: describeUserAgent(row.userAgent, locale),
        ip: row.ip,
        created_at: row.createdAt.toISOString(),
        last_used_at: row.lastUsedAt.toISOString(),
        current: row.id === session.id,
      }))
      .sort((a, b) => Number(b.current) - Number(a.current))
  }

  /** Ends one of the caller's own sessions (their current one included: that is signing out). */
  async revokeSession({ user }: Authenticated, sessionId: string): Promise<void> {
    const ended = await this.deps.db
      .update(authSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, user.id), isNull(authSessions.revokedAt)))
      .returning({ id: authSessions.id })
    if (ended.length === 0) throw new AuthFailure('session_not_found')
    log.info('account.session_revoked', { userId: user.id, sessionId })
  }

  /** Ends every session of the caller but the one making the call. */
  async revokeOtherSessions({ user, session }: Authenticated): Promise<{ revoked: number }> {
    const revoked = await this.endSessions(user.id, session.id)
    log.info('account.sessions_revoked', { userId: user.id, revokedSessions: revoked, kept: session.id })
    return { revoked }
  }

  /**
   * Deletes the account after the password is proven: the row stays, flagged, with only the
   * e-mail address (so sign-in and the e-mail check can say the account was deleted); names,
   * phone, password, the Google link, two-factor secrets, pending links and codes, mail copies
   * and the devices' addresses are erased, and every session ends (ASVS 7.4.2).
   */
  async deleteAccount({ user }: Authenticated, input: { password: string }, locale: Locale): Promise<void> {
    await enforceLimits(this.deps.limiter, authLimits.accountDeletePerUser(user.id))
    if (!(await verifyPassword(user.passwordHash, input.password))) {
      log.info('account.delete_refused', { userId: user.id, reason: 'wrong_password' })
      throw new AuthFailure('wrong_password', { field: 'password' })
    }
    const now = new Date()
    await this.deps.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ isDeleted: true, deletedAt: now, firstName: '', lastName: '', phoneNumber: null, passwordHash: UNUSABLE_PASSWORD_HASH, googleSubject: null, updatedAt: now })
        .where(eq(users.id, user.id))
      await tx.update(authSessions).set({ revokedAt: now }).where(and(eq(authSessions.userId, user.id), isNull(authSessions.revokedAt)))
      await tx.update(authSessions).set({ userAgent: null, ip: null }).where(eq(authSessions.userId, user.id))
      await tx.delete(twoFactors).where(eq(twoFactors.userId, user.id))
      await tx.delete(emailCodes).where(eq(emailCodes.userId, user.id))
      await tx.delete(emailConfirmations).where(eq(emailConfirmations.userId, user.id))
      await tx.delete(passwordResets).where(eq(passwordResets.userId, user.id))
      await rotateCalendarFeed(tx, user.id)
      await tx.delete(mailOutbox).where(eq(mailOutbox.to, user.email))
    })
    // Said once more to the address, so a holder who did not ask for it learns it at once.
    await this.deps.mailer.send('account-deleted', user.email, mailLocale(user, locale), { support: this.deps.config.SUPPORT_EMAIL })
    log.info('account.deleted', { userId: user.id })
  }

  /** Ends every session but `keep`, and gives the calendar feed a new secret (decision 95): its old URL answers 404. */
  private async endSessions(userId: string, keep: string): Promise<number> {
    return this.deps.db.transaction(async (tx) => {
      const ended = await tx
        .update(authSessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt), ne(authSessions.id, keep)))
        .returning({ id: authSessions.id })
      await rotateCalendarFeed(tx, userId)
      return ended.length
    })
  }
}
