/**
 * How a sandbox insurer behaves for one request: how long it takes and whether it answers,
 * fails (5xx) or hangs. Drawn from a hash of the insurer and the request, never from a
 * random generator, so the same request always meets the same behaviour and tests are
 * reproducible; over many requests the draws spread like a real market's web services.
 */
import { createHash } from 'node:crypto'

export type SandboxOutcome = 'answer' | 'error' | 'hang'

export interface SandboxBehaviour {
  /** Unscaled: `SANDBOX_LATENCY_SCALE` multiplies it. 100 ms–3 s, most under a second and a half. */
  latencyMs: number
  outcome: SandboxOutcome
}

/** Out of 256: about 3 % of requests fail with a 5xx, about 2 % never get an answer. */
const ERROR_BELOW = 8
const HANG_BELOW = 13

export const MIN_LATENCY_MS = 100
export const MAX_LATENCY_MS = 3000

/** JSON with object keys sorted at every level: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

export function requestDigest(insurer: string, product: string, payload: unknown): Buffer {
  return createHash('sha256').update(`${insurer}\n${product}\n${canonicalJson(payload)}`).digest()
}

/** The behaviour of `insurer` for this quote request. */
export function quoteBehaviour(insurer: string, product: string, payload: unknown): SandboxBehaviour {
  return behaviourOf(requestDigest(insurer, product, payload))
}

/** The behaviour a request's digest draws (`requestDigest`): the sandbox hashes a request once for both. */
export function behaviourOf(digest: Buffer): SandboxBehaviour {
  const roll = digest[2] ?? 255
  const outcome: SandboxOutcome = roll < ERROR_BELOW ? 'error' : roll < HANG_BELOW ? 'hang' : 'answer'
  // Squared, so short answers are common and three seconds is the tail.
  const unit = digest.readUInt16BE(0) / 0xffff
  return { latencyMs: Math.round(MIN_LATENCY_MS + (MAX_LATENCY_MS - MIN_LATENCY_MS) * unit * unit), outcome }
}

/** The reference an insurer gives a price: bound to the request, so issuing can check it without a database. */
export function quoteReference(insurer: string, product: string, payload: unknown): string {
  return referenceOf(insurer, product, requestDigest(insurer, product, payload))
}

export function referenceOf(insurer: string, product: string, digest: Buffer): string {
  return `${insurer}-${product}-${digest.toString('base64url').slice(0, 22)}`
}
