import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { lt, sql } from 'drizzle-orm'
import { CaptchaSolution, type CaptchaChallenge } from '~/contract/captcha'
import type { AppConfig } from '../../../app.config'
import type { Database } from '../db/client'
import { captchaUses } from '../db/schema'
import { log } from '../log'

const CHALLENGE_TTL_S = 10 * 60

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const hmac = (key: string, text: string) => createHmac('sha256', key).update(text).digest('hex')

/** A fresh ALTCHA challenge; the expiry travels in the salt, covered by the signature. */
export function createChallenge(config: Pick<AppConfig, 'CAPTCHA_SECRET' | 'CAPTCHA_ALTCHA_MAX_NUMBER'>, now = Date.now()): CaptchaChallenge {
  const salt = `${randomBytes(12).toString('hex')}?expires=${Math.floor(now / 1000) + CHALLENGE_TTL_S}`
  const challenge = sha256(`${salt}${randomInt(0, config.CAPTCHA_ALTCHA_MAX_NUMBER + 1)}`)
  return { algorithm: 'SHA-256', challenge, salt, maxnumber: config.CAPTCHA_ALTCHA_MAX_NUMBER, signature: hmac(config.CAPTCHA_SECRET, challenge) }
}

/** Why a token was refused (logged, never shown: the visitor sees one message). */
export type CaptchaVerdict = { ok: true } | { ok: false; reason: string }

/** The expiry (unix seconds) carried in an ALTCHA salt (`…?expires=1700000000`), or undefined. */
export function saltExpiry(salt: string): number | undefined {
  const query = salt.indexOf('?')
  const value = query < 0 ? null : new URLSearchParams(salt.slice(query + 1)).get('expires')
  return value !== null && /^\d{1,12}$/.test(value) ? Number(value) : undefined
}

/**
 * Checks an ALTCHA solution: shape and algorithm, expiry, proof of work and signature
 * (timing-safe). Single use is checked by `verifyCaptcha`, which needs the database.
 */
export function checkAltcha(token: string, secret: string, now = Date.now()): { ok: true; signature: string; expiresAt: Date } | { ok: false; reason: string } {
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64').toString('utf8'))
  } catch {
    return { ok: false, reason: 'not base64 JSON' }
  }
  const solution = CaptchaSolution.safeParse(parsed)
  if (!solution.success) return { ok: false, reason: 'bad shape' }
  const { salt, number, challenge, signature } = solution.data
  const expires = saltExpiry(salt)
  if (expires === undefined || expires * 1000 < now) return { ok: false, reason: 'expired' }
  if (sha256(`${salt}${number}`) !== challenge) return { ok: false, reason: 'wrong number' }
  // Both are 64 hex digits (checked by the schema), so the buffers have the same length.
  if (!timingSafeEqual(Buffer.from(signature, 'hex'), Buffer.from(hmac(secret, challenge), 'hex'))) return { ok: false, reason: 'bad signature' }
  return { ok: true, signature, expiresAt: new Date(expires * 1000) }
}

type CaptchaConfig = Pick<AppConfig, 'CAPTCHA_PROVIDER' | 'CAPTCHA_SECRET' | 'CAPTCHA_VERIFY_URL'> & Partial<Pick<AppConfig, 'CAPTCHA_MIN_SCORE'>>

const DEFAULT_MIN_SCORE = 0.5

const defaultVerifyUrl = {
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
} as const

/** Where reCAPTCHA or Turnstile tokens are verified: `CAPTCHA_VERIFY_URL`, else the provider's public endpoint. */
export function captchaVerifyUrl(config: Pick<AppConfig, 'CAPTCHA_VERIFY_URL'>, provider: keyof typeof defaultVerifyUrl): string {
  return config.CAPTCHA_VERIFY_URL ?? defaultVerifyUrl[provider]
}

/**
 * Verifies the `token` of a protected form with the configured provider. ALTCHA tokens are
 * accepted once; reCAPTCHA and Turnstile are asked at their (configurable) verify URL, and a
 * reCAPTCHA v3 score below `CAPTCHA_MIN_SCORE` is refused.
 */
export async function verifyCaptcha(token: string, ctx: { config: CaptchaConfig; db: Database; clientIp?: string | undefined }): Promise<CaptchaVerdict> {
  const { config } = ctx
  switch (config.CAPTCHA_PROVIDER) {
    case 'none':
      return { ok: true }
    case 'altcha': {
      const verdict = checkAltcha(token, config.CAPTCHA_SECRET)
      if (!verdict.ok) return verdict
      // A used solution stays recorded until its challenge expires; after that the expiry check refuses it anyway.
      await ctx.db.delete(captchaUses).where(lt(captchaUses.expiresAt, sql`now()`))
      const inserted = await ctx.db
        .insert(captchaUses)
        .values({ signature: verdict.signature, expiresAt: verdict.expiresAt })
        .onConflictDoNothing()
        .returning({ signature: captchaUses.signature })
      return inserted.length === 1 ? { ok: true } : { ok: false, reason: 'replayed' }
    }
    case 'recaptcha':
    case 'turnstile': {
      if (!token) return { ok: false, reason: 'empty' }
      const body = new URLSearchParams({ secret: config.CAPTCHA_SECRET, response: token, ...(ctx.clientIp ? { remoteip: ctx.clientIp } : {}) })
      try {
        const response = await fetch(captchaVerifyUrl(config, config.CAPTCHA_PROVIDER), { method: 'POST', body, signal: AbortSignal.timeout(5000) })
        if (!response.ok) {
          await response.body?.cancel()
          return { ok: false, reason: `provider answered ${response.status}` }
        }
        const result = (await response.json()) as { success?: unknown; score?: unknown }
        if (result.success !== true) return { ok: false, reason: 'provider refused' }
        // reCAPTCHA v3 answers success for every well-formed token, with a score from 0 (a bot) to 1.
        const minScore = config.CAPTCHA_MIN_SCORE ?? DEFAULT_MIN_SCORE
        if (config.CAPTCHA_PROVIDER === 'recaptcha' && typeof result.score === 'number' && result.score < minScore) return { ok: false, reason: `score ${result.score}` }
        return { ok: true }
      } catch (error) {
        log.warn('captcha.verify_failed', { provider: config.CAPTCHA_PROVIDER, error })
        return { ok: false, reason: 'provider unreachable' }
      }
    }
  }
}
