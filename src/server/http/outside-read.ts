import type { z } from 'zod'
import { getJson, type JsonResponse } from './json-client'
import { isTimeout, withOneRetry } from './retry'

/**
 * A read from an outside register (the claims history, the PAID pool's PAD register, the vehicle
 * registry): one GET of JSON over kept-alive connections (`json-client`), asked once more after a
 * timeout, a lost connection or a 5xx, both tries inside one time budget (`retry`). A read is
 * harmless to repeat; a refusal (4xx) or an answer that fails its schema is not asked again.
 */

export type UnavailableReason = 'timeout' | 'http' | 'network' | 'invalid_answer'

/** No usable answer from an outside party. Each client names its own subclass, which its callers tell apart. */
export class OutsideServiceUnavailable extends Error {
  constructor(
    service: string,
    readonly reason: UnavailableReason,
    detail?: string,
    /** A timeout, a 5xx or a lost connection: worth the second try. */
    readonly transient = reason === 'timeout' || reason === 'network',
  ) {
    super(`${service} unavailable: ${reason}${detail ? ` (${detail})` : ''}`)
    this.name = new.target.name
  }
}

export interface OutsideRead<T> {
  url: string
  schema: z.ZodType<T>
  /** The budget of the read, both tries together. */
  budgetMs: number
  /** Sent with both tries (tests ask the sandboxes for a status or a delay with them). */
  headers?: Record<string, string>
  /** Statuses that mean "the register has no such record": answered as undefined, not as a failure. */
  absentOn?: readonly number[]
  /** The client's own error class. */
  unavailable: new (reason: UnavailableReason, detail?: string, transient?: boolean) => OutsideServiceUnavailable
}

/** The answer, checked by `schema`; undefined for an `absentOn` status; else the client's error. */
export function readFromOutside<T>(read: OutsideRead<T>): Promise<T | undefined> {
  const once = async (signal: AbortSignal): Promise<T | undefined> => {
    let response: JsonResponse
    try {
      response = await getJson(read.url, { accept: 'application/json', ...read.headers }, signal)
    } catch (error) {
      throw new read.unavailable(isTimeout(error) ? 'timeout' : 'network', String(error))
    }
    if (read.absentOn?.includes(response.status)) return undefined
    if (response.status < 200 || response.status > 299) throw new read.unavailable('http', String(response.status), response.status >= 500)
    const parsed = read.schema.safeParse(response.body)
    if (!parsed.success) throw new read.unavailable('invalid_answer')
    return parsed.data
  }
  return withOneRetry(read.budgetMs, once, (error) => error instanceof OutsideServiceUnavailable && error.transient)
}
