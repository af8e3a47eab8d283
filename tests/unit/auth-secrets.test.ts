import { describe, expect, it } from 'vitest'
import { constantTimeEqualHex, EMAIL_CODE_TTL_MS, generateEmailCode, generateRecoveryKey, generateSessionToken, hashEmailCode, hashToken, normalizeRecoveryKey } from '~/server/auth/secrets'

describe('session and reset tokens', () => {
  it('are 256-bit base64url values, stored as SHA-256', () => {
    const tokens = new Set(Array.from({ length: 100 }, generateSessionToken))
    expect(tokens.size).toBe(100)
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(Buffer.from(token, 'base64url')).toHaveLength(32)
    }
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  })
})

describe('recovery keys', () => {
  it('are four groups of five Crockford characters, all different', () => {
    const keys = new Set(Array.from({ length: 50 }, generateRecoveryKey))
    expect(keys.size).toBe(50)
    for (const key of keys) expect(key).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$/)
  })

  it('normalise what was typed to what was hashed', () => {
    const key = generateRecoveryKey()
    expect(normalizeRecoveryKey(key)).toBe(key.replaceAll('-', ''))
    expect(normalizeRecoveryKey(` ${key.toLowerCase().replaceAll('-', ' ')} `)).toBe(key.replaceAll('-', ''))
    expect(normalizeRecoveryKey('oiL0q-abcde')).toBe('0110QABCDE')
  })
})

describe('e-mail codes', () => {
  it('are always six digits', () => {
    const codes = Array.from({ length: 2000 }, generateEmailCode)
    for (const code of codes) expect(code).toMatch(/^\d{6}$/)
    expect(new Set(codes).size).toBeGreaterThan(1900)
    expect(EMAIL_CODE_TTL_MS).toBe(600_000)
  })

  it('are hashed with a key, so the same code under another secret differs', () => {
    const hashed = hashEmailCode('123456', 'secret-a')
    expect(hashed).toMatch(/^[0-9a-f]{64}$/)
    expect(hashEmailCode('123456', 'secret-a')).toBe(hashed)
    expect(hashEmailCode('123456', 'secret-b')).not.toBe(hashed)
    expect(hashEmailCode('123457', 'secret-a')).not.toBe(hashed)
    expect(hashed).not.toBe(hashToken('123456'))
  })
})

describe('constantTimeEqualHex', () => {
  it('compares digests, refusing other lengths and non-hex text', () => {
    const digest = hashToken('x')
    expect(constantTimeEqualHex(digest, digest.toUpperCase())).toBe(true)
    expect(constantTimeEqualHex(digest, hashToken('y'))).toBe(false)
    expect(constantTimeEqualHex(digest, digest.slice(0, 62))).toBe(false)
    expect(constantTimeEqualHex('zz', 'zz')).toBe(false)
    expect(constantTimeEqualHex('abc', 'abc')).toBe(false)
  })
})

describe('sealed values', () => {
  it('round-trips, never shows the value, and refuses another secret or any alteration', async () => {
    const { sealValue, unsealValue } = await import('~/server/auth/secrets')
    const sealed = sealValue('JBSWY3DPEHPK3PXP', 'secret-a-0123456789abcdef', 'totp-secret')
    expect(sealed).toMatch(/^v1\./)
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP')
    expect(sealValue('JBSWY3DPEHPK3PXP', 'secret-a-0123456789abcdef', 'totp-secret')).not.toBe(sealed) // a fresh IV each time
    expect(unsealValue(sealed, 'secret-a-0123456789abcdef', 'totp-secret')).toBe('JBSWY3DPEHPK3PXP')
    expect(() => unsealValue(sealed, 'secret-b-0123456789abcdef', 'totp-secret')).toThrow()
    expect(() => unsealValue(sealed, 'secret-a-0123456789abcdef', 'another-purpose')).toThrow()
    const [v, iv, tag, data] = sealed.split('.')
    // Another character in place of the second-to-last one (all its bits are data, unlike the last one's).
    const flipped = `${data!.slice(0, -2)}${data!.at(-2) === 'A' ? 'B' : 'A'}${data!.slice(-1)}`
    expect(() => unsealValue([v, iv, tag, flipped].join('.'), 'secret-a-0123456789abcdef', 'totp-secret')).toThrow()
  })
})
