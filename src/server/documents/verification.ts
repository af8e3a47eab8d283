import { randomBytes } from 'node:crypto'
import { isPublicId } from '~/contract/constants'

/**
 * A code for the public verification page `/verify/{code}` printed as the document's QR code:
 * 128 random bits, base64url (22 characters). Unguessable, so the page can show a policy's
 * validity to whoever holds the paper without an enumerable id.
 */
export function createVerificationCode(): string {
  return randomBytes(16).toString('base64url')
}

export function isVerificationCode(value: string): boolean {
  return isPublicId(value)
}
