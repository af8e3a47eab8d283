import { and, desc, eq, gt, isNull, or, lt } from 'drizzle-orm'
import type { RecoveryRemoveResult, TwoFactorProviderCode, VerifyCodeResult } from '~/contract/two-factor'
import type { AppConfig } from '../../../app.config'
import type { Database } from '../db/client'
import { emailCodes, twoFactors } from '../db/schema'
import { log } from '../log'
import type { Mailer } from '../mail/mailer'
import { isLocale } from '~/i18n/locales'
import { AuthFailure, enforceLimits, type Accounts, type Authenticated, type RequestMeta, type UserEvents } from './accounts'
import { hashPassword, verifyPassword } from './passwords'
import { authLimits, type RateLimiter } from './rate-limit'
import {
  constantTimeEqualHex,
  EMAIL_CODE_TTL_MS,
  generateEmailCode,
  generateRecoveryKey,
  hashEmailCode,
  normalizeRecoveryKey,
  sealValue,
  unsealValue,
} from './secrets'
import { generateTotpSecret, otpauthUri, qrCodeSvg, verifyTotp } from './totp'

type Config = Pick<AppConfig, 'SESSION_SECRET' | 'TWO_FACTOR_ENABLED' | 'TWO_FACTOR_REQUIRED' | 'BRAND_NAME'>
type EmailPurpose = 'sign_in' | 'confirm'

/** Wrong guesses allowed on one e-mailed code before it is void. */
const MAX_CODE_ATTEMPTS = 5
const SEAL_PURPOSE = 'totp-secret'

/** What still stands between a signed-in session and the account (spec §4): nothing, the code, or the set-up. */
export type TwoFactorPending = 'check' | 'setup' | undefined

export function pendingTwoFactor(account: Authenticated, config: Pick<AppConfig, 'TWO_FACTOR_ENABLED' | 'TWO_FACTOR_REQUIRED'>): TwoFactorPending {
  if (!config.TWO_FACTOR_ENABLED) return undefined
  if (account.twoFactorEnabledAt && !account.session.twoFactorVerifiedAt) return 'check'
  if (config.TWO_FACTOR_REQUIRED && !account.twoFactorEnabledAt) return 'setup'
  return undefined
}

/**
 * Two-step sign-in (spec §4, §7): an authenticator app (TOTP, RFC 6238) or a code by e-mail.
 * Enrolment ends with a recovery key shown once; every verified code replaces the session's
 * token. TOTP codes work once (the last used time step is kept), e-mailed codes last ten
 * minutes and five guesses, recovery keys are argon2id-hashed and die with the factor they remove.
 */
export class TwoFactor {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
    private readonly limiter: RateLimiter,
    private readonly mailer: Mailer,
    private readonly accounts: Accounts,
    private readonly events?: UserEvents,
  ) {}

  /** Tells the user's open devices that two-step sign-in changed; in the background, never failing the change. */
  private announce(userId: string, enabled: boolean, providerCode?: TwoFactorProviderCode): void {
    void this.events?.publishUserEvent(userId, 'account.two-factor-changed', { enabled, ...(providerCode ? { provider_code: providerCode } : {}), at: new Date().toISOString() })
  }

  /** The answer of `check-active-session`. */
  state(account: Authenticated) {
    const enabled = account.twoFactorEnabledAt !== null
    return {
      is_two_factor_auth_enabled: this.config.TWO_FACTOR_ENABLED,
      is_two_factor_enabled_for_user: this.config.TWO_FACTOR_ENABLED && enabled,
      is_active: !this.config.TWO_FACTOR_ENABLED || !enabled || account.session.twoFactorVerifiedAt !== null,
      is_two_factor_auth_required: this.config.TWO_FACTOR_ENABLED && this.config.TWO_FACTOR_REQUIRED,
    }
  }

  async userProvider(userId: string): Promise<{ provider_code: TwoFactorProviderCode; enabled_at: string } | null> {
    const row = await this.row(userId)
    return row?.enabledAt ? { provider_code: row.providerCode, enabled_at: row.enabledAt.toISOString() } : null
  }

  /** Starts (or restarts) an authenticator enrolment: a new secret, kept sealed until a code proves the app has it. */
  async beginAuthenticator(account: Authenticated): Promise<{ secret: string; otpauth_url: string; qr_code_svg: string }> {
    this.requireAvailable()
    if (account.twoFactorEnabledAt) throw new AuthFailure('two_factor_already_enabled')
    await enforceLimits(this.limiter, authLimits.twoFactorSetupPerUser(account.user.id))
    const secret = generateTotpSecret()
    const pending = { providerCode: 'authenticator' as const, secretSealed: sealValue(secret, this.config.SESSION_SECRET, SEAL_PURPOSE), lastUsedStep: null, recoveryKeyHash: null, enabledAt: null }
    await this.db
      .insert(twoFactors)
      .values({ userId: account.user.id, ...pending })
      .onConflictDoUpdate({ target: twoFactors.userId, set: pending, setWhere: isNull(twoFactors.enabledAt) })
    const otpauth_url = otpauthUri({ secret, account: account.user.email, issuer: this.config.BRAND_NAME })
    return { secret, otpauth_url, qr_code_svg: await qrCodeSvg(otpauth_url) }
  }

  /**
   * Mails a six-digit code. `sign_in` codes are the second factor of an e-mail user, or the
   * proof of the address while enrolling it; an authenticator user gets none, or the mailbox
   * would become a way around the app. `confirm` codes confirm a change of security settings.
   */
  async sendEmailCode(account: Authenticated, purpose: EmailPurpose, meta: RequestMeta): Promise<{ sent: true; expires_in: number }> {
    this.requireAvailable()
    const row = await this.row(account.user.id)
    if (purpose === 'sign_in' && row?.enabledAt && row.providerCode !== 'email') throw new AuthFailure('two_factor_unavailable')
    await enforceLimits(this.limiter, authLimits.emailCodePerUser(account.user.id))
    const code = generateEmailCode()
    const now = new Date()
    // One live code per purpose: a new one voids the previous.
    await this.db
      .update(emailCodes)
      .set({ usedAt: now })
      .where(and(eq(emailCodes.userId, account.user.id), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)))
    await this.db.insert(emailCodes).values({ userId: account.user.id, purpose, codeHash: this.hashCode(code), expiresAt: new Date(now.getTime() + EMAIL_CODE_TTL_MS) })
    const locale = isLocale(account.user.locale) ? account.user.locale : meta.locale
    await this.mailer.send('two-factor-code', account.user.email, locale, { code, name: account.user.firstName })
    log.info('auth.two_factor_code_sent', { userId: account.user.id, purpose })
    return { sent: true, expires_in: EMAIL_CODE_TTL_MS / 1000 }
  }

  /**
   * Checks a code. With two-factor on, it is the second step of this sign-in; otherwise it
   * completes the enrolment of `provider_code` and answers the recovery key, once. Either way
   * the session is replaced by a verified one. An enrolment also needs the current password
   * (decision 42): a stolen session alone cannot put its own factor in front of the owner.
   */
  async verify(
    account: Authenticated,
    input: { two_factor_code: string; provider_code: TwoFactorProviderCode; secret?: string | undefined; password?: string | undefined },
    meta: RequestMeta,
  ): Promise<VerifyCodeResult> {
    this.requireAvailable()
    await enforceLimits(this.limiter, authLimits.twoFactorPerUser(account.user.id))
    const row = await this.row(account.user.id)
    const userId = account.user.id
    if (row?.enabledAt) {
      if (!(await this.checkCode(row, input.two_factor_code, 'sign_in'))) return this.refuse(userId, 'sign_in')
      log.info('auth.two_factor_verified', { userId, provider: row.providerCode })
      return { verified: true, recovery_key: null, session: await this.accounts.rotateSession(account, meta, { twoFactorVerified: true }) }
    }

    if (!input.password || !(await verifyPassword(account.user.passwordHash, input.password))) {
      log.info('auth.two_factor_enrol_refused', { userId, reason: 'password' })
      throw new AuthFailure('wrong_password', { field: 'password' })
    }
    if (input.provider_code === 'authenticator') {
      if (!row?.secretSealed || row.providerCode !== 'authenticator') throw new AuthFailure('two_factor_not_enrolling')
      if (input.secret !== undefined && input.secret.replace(/\s/g, '').toUpperCase() !== this.unseal(row.secretSealed)) throw new AuthFailure('two_factor_not_enrolling')
      if (!(await this.checkCode(row, input.two_factor_code, 'sign_in'))) return this.refuse(userId, 'enrol')
    } else if (!(await this.checkEmailCode(userId, input.two_factor_code, 'sign_in'))) return this.refuse(userId, 'enrol')

    const recoveryKey = generateRecoveryKey()
    const enabled = {
      providerCode: input.provider_code,
      secretSealed: input.provider_code === 'authenticator' ? (row?.secretSealed ?? null) : null,
      recoveryKeyHash: await hashPassword(normalizeRecoveryKey(recoveryKey)),
      enabledAt: new Date(),
    }
    const [saved] = await this.db
      .insert(twoFactors)
      .values({ userId, ...enabled })
      .onConflictDoUpdate({ target: twoFactors.userId, set: enabled, setWhere: isNull(twoFactors.enabledAt) })
      .returning({ userId: twoFactors.userId })
    if (!saved) throw new AuthFailure('two_factor_already_enabled') // enrolled by a concurrent request
    log.info('auth.two_factor_enabled', { userId, provider: input.provider_code })
    this.announce(userId, true, input.provider_code)
    return { verified: true, recovery_key: recoveryKey, session: await this.accounts.rotateSession(account, meta, { twoFactorVerified: true }) }
  }

  /**
   * The recovery key of a lost device turns two-factor off; the key is spent with it. Like a
   * verified code, it replaces the session: the token from before the key is worthless.
   */
  async removeWithRecoveryKey(account: Authenticated, recoveryKey: string, meta: RequestMeta): Promise<RecoveryRemoveResult> {
    await enforceLimits(this.limiter, authLimits.twoFactorPerUser(account.user.id))
    const row = await this.row(account.user.id)
    const refuse = () => {
      log.info('auth.two_factor_recovery_failed', { userId: account.user.id })
      return new AuthFailure('invalid_recovery_key')
    }
    if (!row?.enabledAt || !row.recoveryKeyHash || !(await verifyPassword(row.recoveryKeyHash, normalizeRecoveryKey(recoveryKey)))) throw refuse()
    const removed = await this.db
      .delete(twoFactors)
      .where(and(eq(twoFactors.userId, account.user.id), eq(twoFactors.recoveryKeyHash, row.recoveryKeyHash)))
      .returning({ userId: twoFactors.userId })
    if (removed.length === 0) throw refuse() // spent by a concurrent request
    log.info('auth.two_factor_removed', { userId: account.user.id, by: 'recovery_key' })
    this.announce(account.user.id, false)
    return { is_removed: true, session: await this.accounts.rotateSession(account, meta, { twoFactorVerified: true }) }
  }

  /** Turns two-factor off from the security page, confirmed by the current password or a fresh code. */
  async disable(account: Authenticated, confirmation: { password?: string | undefined; two_factor_code?: string | undefined }): Promise<{ is_removed: boolean }> {
    await enforceLimits(this.limiter, authLimits.twoFactorPerUser(account.user.id))
    const row = await this.row(account.user.id)
    if (!row?.enabledAt) return { is_removed: false }
    if (confirmation.password !== undefined && confirmation.password !== '') {
      if (!(await verifyPassword(account.user.passwordHash, confirmation.password))) {
        log.info('auth.two_factor_disable_refused', { userId: account.user.id, reason: 'password' })
        throw new AuthFailure('wrong_password')
      }
    } else if (!(await this.checkCode(row, confirmation.two_factor_code ?? '', 'confirm'))) {
      log.info('auth.two_factor_disable_refused', { userId: account.user.id, reason: 'code' })
      throw new AuthFailure('invalid_two_factor_code')
    }
    await this.db.delete(twoFactors).where(eq(twoFactors.userId, account.user.id))
    log.info('auth.two_factor_removed', { userId: account.user.id, by: confirmation.password ? 'password' : 'code' })
    this.announce(account.user.id, false)
    return { is_removed: true }
  }

  private refuse(userId: string, step: 'sign_in' | 'enrol'): never {
    log.info('auth.two_factor_failed', { userId, step })
    throw new AuthFailure('invalid_two_factor_code')
  }

  private requireAvailable(): void {
    if (!this.config.TWO_FACTOR_ENABLED) throw new AuthFailure('two_factor_unavailable')
  }

  private async row(userId: string) {
    const [row] = await this.db.select().from(twoFactors).where(eq(twoFactors.userId, userId))
    return row
  }

  /** A code of the user's own factor: their app's, or (for e-mail users, and `confirm` codes) the last one mailed. */
  private checkCode(row: typeof twoFactors.$inferSelect, code: string, emailPurpose: EmailPurpose): Promise<boolean> {
    if (row.providerCode === 'authenticator' && row.secretSealed) return this.checkTotp(row.userId, row.secretSealed, row.lastUsedStep, code)
    return this.checkEmailCode(row.userId, code, emailPurpose)
  }

  /** A TOTP code, once: the accepted time step is recorded atomically, so a replay (even a concurrent one) fails. */
  private async checkTotp(userId: string, secretSealed: string, lastUsedStep: number | null, code: string): Promise<boolean> {
    const result = verifyTotp(this.unseal(secretSealed), code, { lastUsedStep })
    if (!result.ok) return false
    const claimed = await this.db
      .update(twoFactors)
      .set({ lastUsedStep: result.step })
      .where(and(eq(twoFactors.userId, userId), or(isNull(twoFactors.lastUsedStep), lt(twoFactors.lastUsedStep, result.step))))
      .returning({ userId: twoFactors.userId })
    return claimed.length > 0
  }

  /** The newest live code of that purpose; every guess counts, and a code is spent when it matches. */
  private async checkEmailCode(userId: string, code: string, purpose: EmailPurpose): Promise<boolean> {
    const [live] = await this.db
      .select()
      .from(emailCodes)
      .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt), gt(emailCodes.expiresAt, new Date())))
      .orderBy(desc(emailCodes.createdAt))
      .limit(1)
    if (!live || live.attempts >= MAX_CODE_ATTEMPTS) return false
    if (!constantTimeEqualHex(this.hashCode(code), live.codeHash)) {
      await this.db.update(emailCodes).set({ attempts: live.attempts + 1 }).where(eq(emailCodes.id, live.id))
      return false
    }
    const spent = await this.db
      .update(emailCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(emailCodes.id, live.id), isNull(emailCodes.usedAt)))
      .returning({ id: emailCodes.id })
    return spent.length > 0
  }

  private hashCode(code: string): string {
    return hashEmailCode(code, this.config.SESSION_SECRET)
  }

  private unseal(sealed: string): string {
    return unsealValue(sealed, this.config.SESSION_SECRET, SEAL_PURPOSE)
  }
}
