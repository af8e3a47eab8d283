/**
 * Solves an ALTCHA proof-of-work challenge: finds the number n such that
 * SHA-256(salt + n) equals the challenge. Uses only Web Crypto, so the browser and Node
 * run the same code (zod-free for the client bundle). Returns the base64 token forms send.
 */
export interface AltchaChallenge {
  algorithm: 'SHA-256'
  challenge: string
  salt: string
  signature: string
  maxnumber: number
}

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('')

export async function solveAltcha(challenge: AltchaChallenge): Promise<string | null> {
  const encoder = new TextEncoder()
  for (let n = 0; n <= challenge.maxnumber; n++) {
    if (hex(await globalThis.crypto.subtle.digest('SHA-256', encoder.encode(`${challenge.salt}${n}`))) === challenge.challenge) {
      const solution = { algorithm: challenge.algorithm, challenge: challenge.challenge, salt: challenge.salt, signature: challenge.signature, number: n }
      return btoa(JSON.stringify(solution))
    }
  }
  return null
}
