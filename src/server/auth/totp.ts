import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import QRCode from 'qrcode'

/** What every authenticator app assumes (RFC 6238 defaults); other values are poorly supported. */
const DIGITS = 6
const PERIOD_S = 30

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** RFC 4648 base32 without padding, as authenticator apps expect secrets. `value` keeps only the bits not yet written (≤ 12). */
export function base32Encode(bytes: Uint8Array): string {
  let out = ''
  let bits = 0
  let value = 0
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xfff
    bits += 8
    while (bits >= 5) {
      bits -= 5
      out += BASE32[(value >>> bits) & 31]
    }
  }
  return bits > 0 ? out + BASE32[(value << (5 - bits)) & 31] : out
}

/** Decodes base32, ignoring case, spaces and padding; throws on any other character. */
export function base32Decode(text: string): Buffer {
  const bytes: number[] = []
  let bits = 0
  let value = 0
  for (const char of text.toUpperCase().replace(/[\s=]/g, '')) {
    const digit = BASE32.indexOf(char)
    if (digit < 0) throw new Error(`not base32: ${JSON.stringify(char)}`)
    value = ((value << 5) | digit) & 0xfff
    bits += 5
    if (bits >= 8) {
      bits -= 8
      bytes.push((value >>> bits) & 0xff)
    }
  }
  return Buffer.from(bytes)
}

/** 160 random bits, the HMAC-SHA-1 block the RFC recommends, in base32. */
export function generateTotpSecret(): string {
  return base32Encode(randomBytes(20))
}

export function currentStep(now = Date.now()): number {
  return Math.floor(now / 1000 / PERIOD_S)
}

/** The code of one time step (RFC 4226 dynamic truncation of HMAC-SHA-1 over the step). */
export function totpCode(secret: string, timeStep: number): string {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(timeStep))
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest()
  const offset = mac[mac.length - 1]! & 0x0f
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** DIGITS).padStart(DIGITS, '0')
}

/**
 * Checks a code against the previous, current and next step (clock drift), never a step at
 * or before `lastUsedStep`: a code works once. Store the returned step as the new `lastUsedStep`.
 */
export function verifyTotp(secret: string, code: string, options: { now?: number; lastUsedStep?: number | null } = {}): { ok: true; step: number } | { ok: false } {
  const typed = code.replace(/\s/g, '')
  if (!new RegExp(`^\\d{${DIGITS}}$`).test(typed)) return { ok: false }
  const current = currentStep(options.now)
  let matched: number | undefined
  // All candidates are compared, so the timing does not tell which step matched.
  for (const step of [current - 1, current, current + 1]) {
    const fresh = options.lastUsedStep == null || step > options.lastUsedStep
    if (timingSafeEqual(Buffer.from(totpCode(secret, step)), Buffer.from(typed)) && fresh) matched ??= step
  }
  return matched === undefined ? { ok: false } : { ok: true, step: matched }
}

/** The Key URI authenticator apps read from the QR code (`otpauth://totp/Issuer:account?…`). */
export function otpauthUri({ secret, account, issuer }: { secret: string; account: string; issuer: string }): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`
  return `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=${DIGITS}&period=${PERIOD_S}`
}

/** An inline SVG QR code, so the setup page needs no image request. */
export function qrCodeSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 })
}
