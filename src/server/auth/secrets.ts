import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

/** 256 random bits. Sessions and reset tokens are stored only as `hashToken`, so a database leak hands out no usable token. */
export function generateSessionToken(): string {
  return randomBytes(32).toString('base64url')
}

/** A plain SHA-256 suffices: the token is random and long, so nothing can be guessed from its hash. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** Crockford's base32: no I, L, O or U, so a key read aloud or copied by hand survives. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/**
 * A two-factor recovery key: 20 Crockford characters (100 bits) in groups of 5,
 * `XXXXX-XXXXX-XXXXX-XXXXX`. Shown once; the caller stores `hashPassword(normalizeRecoveryKey(key))`
 * (argon2id, like a password) and checks typed keys with `verifyPassword(stored, normalizeRecoveryKey(input))`.
 */
export function generateRecoveryKey(): string {
  // 256 is a multiple of 32, so the low 5 bits of each byte are uniform.
  const chars = [...randomBytes(20)].map((byte) => CROCKFORD[byte & 31]).join('')
  return chars.match(/.{5}/g)!.join('-')
}

/** What the user typed, in the form that was hashed: upper case, no spaces or dashes, O read as 0 and I or L as 1. */
export function normalizeRecoveryKey(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1')
}

export const EMAIL_CODE_TTL_MS = 10 * 60_000

/** Six uniform digits for e-mailed confirmations. */
export function generateEmailCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

/**
 * Codes have only a million values, so a plain hash would be reversed at once; keyed with a
 * server secret, a database leak alone does not reveal them. Guessing online is bounded by
 * rate limits and the short lifetime.
 */
export function hashEmailCode(code: string, secret: string): string {
  return createHmac('sha256', secret).update(code).digest('hex')
}

/** Timing-safe comparison of two hex digests; false for different lengths or non-hex input. */
export function constantTimeEqualHex(a: string, b: string): boolean {
  const hex = /^(?:[0-9a-f]{2})*$/i
  if (a.length !== b.length || !hex.test(a) || !hex.test(b)) return false
  return timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'))
}
