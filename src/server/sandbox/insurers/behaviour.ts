/**
 * How a sandbox insurer behaves for one request: how long it takes and whether it answers,
 * fails (5xx) or hangs. Drawn from a hash of the insurer, the request, the try's number and the
 * minute it arrives in, never from a random generator: a test that fixes the sandbox's clock
 * meets the same behaviour every time, while a broker asking again (its retry, or the visitor's
 * "ask again" a minute later) draws anew, as a real service's passing failures would. Over many
 * requests the draws spread like a real market's web services.
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

/** One try of a request: its number (1 for the first, from the broker's attempt header) and when it arrived. */
export interface SandboxTry {
  attempt: number
  at: Date
}

/** The digest a try draws its behaviour from: the request's, with the try's number and minute. */
export function tryDigest(request: Buffer, { attempt, at }: SandboxTry): Buffer {
  return createHash('sha256').update(request).update(`\n${attempt}\n${Math.floor(at.getTime() / 60_000)}`).digest()
}

/** The behaviour of `insurer` for this try of a quote request. */
export function quoteBehaviour(insurer: string, product: string, payload: unknown, at: SandboxTry): SandboxBehaviour {
  return behaviourOf(tryDigest(requestDigest(insurer, product, payload), at))
}

/** The behaviour a try's digest draws (`tryDigest`). */
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
