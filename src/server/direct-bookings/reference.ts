import { randomInt } from 'node:crypto'
import { REFERENCE_ALPHABET } from '~/contract/direct-booking-constants'

/** A new reference, `DB-` and six random characters of the readable alphabet (29⁶ ≈ 595 million). */
export function newReference(): string {
  let code = ''
  for (let i = 0; i < 6; i++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]
  return `DB-${code}`
}
