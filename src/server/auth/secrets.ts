import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

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

/** A key for one purpose, derived from a server secret (HKDF-SHA-256), so one secret can serve several uses safely. */
function derivedKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'asiguro', purpose, 32))
}

/**
 * Encrypts a value kept at rest (a TOTP secret) with AES-256-GCM under a key derived from
 * `secret`: `v1.<iv>.<tag>.<ciphertext>`, base64url. A database leak alone reveals nothing.
 */
export function sealValue(value: string, secret: string, purpose: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', derivedKey(secret, purpose), iv)
  const data = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()])
  return ['v1', iv, cipher.getAuthTag(), data].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.')
}

/** The value sealed by `sealValue`; throws when it was altered or sealed with another secret. */
export function unsealValue(sealed: string, secret: string, purpose: string): string {
  const [version, iv, tag, data] = sealed.split('.')
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed value')
  const decipher = createDecipheriv('aes-256-gcm', derivedKey(secret, purpose), Buffer.from(iv, 'base64url'))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8')
}
