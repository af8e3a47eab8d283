import { describe, expect, it } from 'vitest'
import { base32Decode, base32Encode, currentStep, generateTotpSecret, otpauthUri, qrCodeSvg, totpCode, verifyTotp } from '~/server/auth/totp'

/** The RFC 6238 appendix B SHA-1 key, ASCII "12345678901234567890". */
const rfcSecret = base32Encode(Buffer.from('12345678901234567890'))

describe('base32', () => {
  it('matches RFC 4648 and round-trips', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI')
    expect(base32Decode('mzxw 6ytb oi======').toString()).toBe('foobar')
    const bytes = Buffer.from(Array.from({ length: 37 }, (_, i) => (i * 73) & 0xff))
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes)
    expect(() => base32Decode('ABC1')).toThrow()
  })

  it('makes 160-bit secrets that differ', () => {
    const secret = generateTotpSecret()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(base32Decode(secret)).toHaveLength(20)
    expect(generateTotpSecret()).not.toBe(secret)
  })
})

describe('TOTP', () => {
  it('matches the RFC 6238 SHA-1 test vectors', () => {
    const vectors: [number, string][] = [
      [59, '287082'],
      [1111111109, '081804'],
      [1111111111, '050471'],
      [1234567890, '005924'],
      [2000000000, '279037'],
    ]
    for (const [seconds, code] of vectors) expect(totpCode(rfcSecret, currentStep(seconds * 1000))).toBe(code)
  })

  it('accepts the previous, current and next step only', () => {
    const now = 1111111111_000
    const step = currentStep(now)
    for (const offset of [-1, 0, 1]) expect(verifyTotp(rfcSecret, totpCode(rfcSecret, step + offset), { now })).toEqual({ ok: true, step: step + offset })
    for (const offset of [-2, 2]) expect(verifyTotp(rfcSecret, totpCode(rfcSecret, step + offset), { now })).toEqual({ ok: false })
    expect(verifyTotp(rfcSecret, '050 471', { now })).toEqual({ ok: true, step })
    for (const bad of ['', '05047', '0504711', 'abcdef']) expect(verifyTotp(rfcSecret, bad, { now })).toEqual({ ok: false })
  })

  it('refuses a step at or before the last one used', () => {
    const now = 1111111111_000
    const step = currentStep(now)
    const code = totpCode(rfcSecret, step)
    const first = verifyTotp(rfcSecret, code, { now, lastUsedStep: null })
    expect(first).toEqual({ ok: true, step })
    expect(verifyTotp(rfcSecret, code, { now, lastUsedStep: step })).toEqual({ ok: false })
    expect(verifyTotp(rfcSecret, totpCode(rfcSecret, step - 1), { now, lastUsedStep: step })).toEqual({ ok: false })
    expect(verifyTotp(rfcSecret, totpCode(rfcSecret, step + 1), { now, lastUsedStep: step })).toEqual({ ok: true, step: step + 1 })
  })

  it('builds the otpauth URI and its QR code', async () => {
    const uri = otpauthUri({ secret: 'JBSWY3DPEHPK3PXP', account: 'ana+1@example.ro', issuer: 'Asiguro Test' })
    expect(uri).toBe('otpauth://totp/Asiguro%20Test:ana%2B1%40example.ro?secret=JBSWY3DPEHPK3PXP&issuer=Asiguro%20Test&algorithm=SHA1&digits=6&period=30')
    const svg = await qrCodeSvg(uri)
    expect(svg.startsWith('<svg')).toBe(true)
    expect(svg).toContain('</svg>')
  })
})
