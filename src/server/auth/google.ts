import { randomBytes, timingSafeEqual } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose'
import { z } from 'zod'
import type { AuthSession } from '~/contract/auth'
import type { GoogleSignInInput } from '~/contract/google'
import type { AppConfig } from '../../../app.config'
import type { Database } from '../db/client'
import { users } from '../db/schema'
import { log } from '../log'
import type { Mailer } from '../mail/mailer'
import { AuthFailure, emailRef, type Accounts, type RequestMeta } from './accounts'
import { hashPassword } from './passwords'
import type { Limit, RateLimiter } from './rate-limit'

type UserRow = typeof users.$inferSelect

/** The two spellings of Google's issuer (OpenID Connect discovery of accounts.google.com). */
export const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com']

/** Tokens may be a little early or late: clocks differ by a few seconds. */
const CLOCK_TOLERANCE_S = 30

/** Google sign-in attempts per address: enough for a family behind one router, not for a token-guessing script. */
export const googleSignInPerIp = (ip: string): Limit => ({ key: `google:ip:${ip}`, max: 30, windowMs: 15 * 60_000 })

/**
 * Why a Google sign-in was refused. `disabled`: no `GOOGLE_CLIENT_ID`; `invalid_token`: the
 * ID token failed a check (signature, issuer, audience, expiry, nonce, shape); `email_unverified`:
 * Google does not vouch for the address; `account_mismatch`: the address belongs to an account
 * linked to another Google account; `unavailable`: Google's keys could not be fetched.
 */
export type GoogleRefusal = 'disabled' | 'invalid_token' | 'email_unverified' | 'account_mismatch' | 'unavailable'

export class GoogleSignInRefused extends Error {
  constructor(
    readonly reason: GoogleRefusal,
    /** For the log only: which check failed (never the token or the address). */
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`)
    this.name = 'GoogleSignInRefused'
  }
}

/** What a verified ID token says about the person. */
export interface GoogleIdentity {
  subject: string
  email: string
  givenName: string | undefined
  familyName: string | undefined
  name: string | undefined
}

const claims = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().trim().toLowerCase().pipe(z.email().max(254)),
  // Google sends a boolean; some older tokens carried the string.
  email_verified: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional(),
  nonce: z.string().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  name: z.string().optional(),
})

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/**
 * Verifies Google ID tokens with jose: RS256 signature by a key of `GOOGLE_JWKS_URL` (kept
 * for ten minutes; an unknown key id fetches the set again, at most once per cooldown),
 * issuer, audience = `GOOGLE_CLIENT_ID`, expiry, a verified e-mail address, and the nonce
 * when the caller sent one.
 */
export class GoogleIdTokens {
  private readonly keys: ReturnType<typeof createRemoteJWKSet>

  constructor(
    private readonly config: Pick<AppConfig, 'GOOGLE_CLIENT_ID' | 'GOOGLE_JWKS_URL'>,
    options: { cooldownMs?: number; cacheMaxAgeMs?: number } = {},
  ) {
    this.keys = createRemoteJWKSet(new URL(config.GOOGLE_JWKS_URL), {
      cooldownDuration: options.cooldownMs ?? 30_000,
      cacheMaxAge: options.cacheMaxAgeMs ?? 10 * 60_000,
      timeoutDuration: 5_000,
    })
  }

  async verify(token: string, expectedNonce: string | undefined): Promise<GoogleIdentity> {
    const clientId = this.config.GOOGLE_CLIENT_ID
    if (!clientId) throw new GoogleSignInRefused('disabled', 'no GOOGLE_CLIENT_ID')
    let payload: JWTPayload
    try {
      ;({ payload } = await jwtVerify(token, this.keys, {
        issuer: GOOGLE_ISSUERS,
        audience: clientId,
        algorithms: ['RS256'],
        clockTolerance: CLOCK_TOLERANCE_S,
        requiredClaims: ['sub', 'exp', 'iat'],
      }))
    } catch (error) {
      throw refusalOf(error)
    }
    const parsed = claims.safeParse(payload)
    if (!parsed.success) throw new GoogleSignInRefused('invalid_token', `claims: ${parsed.error.issues.map((i) => i.path.join('.')).join(',')}`)
    const { data } = parsed
    if (expectedNonce !== undefined && (data.nonce === undefined || !sameText(data.nonce, expectedNonce))) throw new GoogleSignInRefused('invalid_token', 'nonce')
    if (data.email_verified !== true) throw new GoogleSignInRefused('email_unverified', 'email_verified is not true')
    return { subject: data.sub, email: data.email, givenName: data.given_name, familyName: data.family_name, name: data.name }
  }
}

/** A jose failure: Google's fault (keys unreachable or unreadable) or the token's. */
function refusalOf(error: unknown): GoogleSignInRefused {
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) return new GoogleSignInRefused('unavailable', error.code)
  // A fetch that failed (network) or answered something else than a key set: a plain JOSEError or TypeError.
  if (error instanceof errors.JOSEError && error.code === 'ERR_JOSE_GENERIC') return new GoogleSignInRefused('unavailable', error.message)
  if (error instanceof TypeError) return new GoogleSignInRefused('unavailable', error.message)
  if (error instanceof errors.JWTClaimValidationFailed) return new GoogleSignInRefused('invalid_token', `${error.code}:${error.claim}`)
  if (error instanceof errors.JOSEError) return new GoogleSignInRefused('invalid_token', error.code)
  return new GoogleSignInRefused('invalid_token', error instanceof Error ? error.name : 'unknown')
}

const nameText = (value: string | undefined) => value?.trim().slice(0, 80) || undefined

/**
 * Google sign-in (spec §7, `POST /auth/social/authentications/google`): the account linked to
 * the token's `sub` signs in; else the account with its (verified) address is linked; else a
 * new account is created. Answers the session entity, like a password sign-in.
 */
export class GoogleSignIn {
  constructor(
    private readonly db: Database,
    private readonly config: Pick<AppConfig, 'GOOGLE_CLIENT_ID' | 'PUBLIC_URL'>,
    private readonly limiter: RateLimiter,
    private readonly mailer: Mailer,
    private readonly accounts: Accounts,
    readonly tokens: GoogleIdTokens,
  ) {}

  get enabled(): boolean {
    return Boolean(this.config.GOOGLE_CLIENT_ID)
  }

  async signIn(input: GoogleSignInInput, meta: RequestMeta): Promise<AuthSession> {
    if (!this.enabled) throw new GoogleSignInRefused('disabled', 'no GOOGLE_CLIENT_ID')
    const verdict = await this.limiter.hit(googleSignInPerIp(meta.ip ?? 'unknown'))
    if (!verdict.allowed) {
      log.warn('auth.rate_limited', { key: 'google:ip' })
      throw new AuthFailure('rate_limited', { retryAfterS: verdict.retryAfterS })
    }
    let identity: GoogleIdentity
    try {
      identity = await this.tokens.verify(input.token, input.nonce)
    } catch (error) {
      if (error instanceof GoogleSignInRefused) {
        const fields = { reason: error.reason, detail: error.detail, nonce: input.nonce !== undefined }
        if (error.reason === 'unavailable') log.error('auth.google_keys_unavailable', fields)
        else log.info('auth.google_refused', fields)
      }
      throw error
    }
    const user = await this.accountFor(identity, meta)
    if (user.isDeleted) {
      log.info('auth.google_refused', { userId: user.id, reason: 'account_is_deleted' })
      throw new AuthFailure('account_is_deleted')
    }
    log.info('auth.google_signed_in', { userId: user.id })
    const session = await this.accounts.startSession(user, meta)
    this.accounts.announceSignIn(user, meta)
    return session
  }

  /** The linked account, else the account of the address (linked now), else a new one. Twice at most: a concurrent request may create it between the lookups. */
  private async accountFor(identity: GoogleIdentity, meta: RequestMeta): Promise<UserRow> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const [linked] = await this.db.select().from(users).where(eq(users.googleSubject, identity.subject))
      if (linked) return linked
      const [byEmail] = await this.db.select().from(users).where(eq(users.email, identity.email))
      if (byEmail) {
        const joined = await this.link(byEmail, identity)
        if (joined) return joined
        continue
      }
      const created = await this.create(identity, meta)
      if (created) return created
    }
    throw new GoogleSignInRefused('account_mismatch', 'lost a race twice')
  }

  /**
   * Links an existing account to the Google account that proved it owns the address. If that
   * address had never been confirmed, whoever set the password did not prove it was theirs
   * (an attacker may register somebody's address before they arrive with Google): the password
   * is replaced by an unknown one and the account's sessions end; the owner can set a password
   * again with "Forgot your password?".
   */
  private async link(user: UserRow, identity: GoogleIdentity): Promise<UserRow | undefined> {
    if (user.isDeleted) return user // refused by the caller with account_is_deleted
    if (user.googleSubject !== null) {
      if (user.googleSubject === identity.subject) return user
      log.info('auth.google_refused', { userId: user.id, reason: 'account_mismatch' })
      throw new GoogleSignInRefused('account_mismatch', 'address linked to another Google account')
    }
    const unconfirmed = user.emailVerifiedAt === null
    const now = new Date()
    const [updated] = await this.db
      .update(users)
      .set({
        googleSubject: identity.subject,
        emailVerifiedAt: user.emailVerifiedAt ?? now,
        updatedAt: now,
        ...(unconfirmed ? { passwordHash: await hashPassword(randomBytes(32).toString('base64url')) } : {}),
      })
      .where(and(eq(users.id, user.id), isNull(users.googleSubject)))
      .returning()
      .catch((error: unknown) => {
        // Another account holds this Google account already (created by a concurrent request): look again.
        log.warn('auth.google_link_conflict', { userId: user.id, error: error instanceof Error ? error.message : 'unknown' })
        return []
      })
    if (!updated) return undefined
    if (unconfirmed) {
      await this.accounts.revokeSessions(user.id)
      // Google proved the address: the guest orders waiting for it join now (decision 94).
      await this.accounts.joinGuestOrders(updated)
    }
    log.info('auth.google_linked', { userId: user.id, passwordReplaced: unconfirmed })
    return updated
  }

  private async create(identity: GoogleIdentity, meta: RequestMeta): Promise<UserRow | undefined> {
    const firstName = nameText(identity.givenName) ?? nameText(identity.name) ?? identity.email.split('@')[0]!.slice(0, 80)
    const lastName = nameText(identity.familyName) ?? ''
    const [user] = await this.db
      .insert(users)
      .values({
        email: identity.email,
        firstName,
        lastName,
        // Nobody knows this password; the owner may set one with "Forgot your password?".
        passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
        googleSubject: identity.subject,
        emailVerifiedAt: new Date(),
        locale: meta.locale,
      })
      .onConflictDoNothing()
      .returning()
    if (!user) return undefined
    log.info('auth.google_registered', { userId: user.id, email: emailRef(identity.email) })
    await this.accounts.joinGuestOrders(user)
    await this.mailer.send('welcome-google', user.email, meta.locale, {
      name: user.firstName,
      link: `${this.config.PUBLIC_URL}/account/profile`,
      reset: `${this.config.PUBLIC_URL}/authenticate?${new URLSearchParams({ mode: 'forgot', email: user.email })}`,
    })
    return user
  }
}
