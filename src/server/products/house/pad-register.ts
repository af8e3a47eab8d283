import { z } from 'zod'
import { getJson, type JsonResponse } from '../../http/json-client'
import { isTimeout, withOneRetry } from '../../http/retry'

/**
 * Client of the PAID pool's PAD register (today its sandbox,
 * `GET /sandbox/insurers/paid/pad-policies/{number}`): the policy an existing PAD number names,
 * with its period and the address it covers, or null when the pool has none.
 */
export const PadPolicy = z.object({
  number: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  address: z.object({ county: z.string(), locality: z.string(), street: z.string() }),
})
export type PadPolicy = z.infer<typeof PadPolicy>

export class PadRegisterUnavailable extends Error {
  constructor(
    readonly reason: 'timeout' | 'http' | 'network' | 'invalid_answer',
    detail?: string,
    readonly transient = reason === 'timeout' || reason === 'network',
  ) {
    super(`PAD register unavailable: ${reason}${detail ? ` (${detail})` : ''}`)
    this.name = 'PadRegisterUnavailable'
  }
}

export function createPadRegisterClient(options: { baseUrl: string; timeoutMs?: number }) {
  const budgetMs = options.timeoutMs ?? 4_000
  const base = `${options.baseUrl}/sandbox/insurers/paid/pad-policies`

  async function fetchPolicy(number: string, signal: AbortSignal): Promise<PadPolicy | null> {
    let response: JsonResponse
    try {
      response = await getJson(`${base}/${encodeURIComponent(number)}`, {}, signal)
    } catch (error) {
      throw new PadRegisterUnavailable(isTimeout(error) ? 'timeout' : 'network', String(error))
    }
    if (response.status === 404) return null
    if (response.status < 200 || response.status > 299) throw new PadRegisterUnavailable('http', String(response.status), response.status >= 500)
    const parsed = PadPolicy.safeParse(response.body)
    if (!parsed.success) throw new PadRegisterUnavailable('invalid_answer')
    return parsed.data
  }

  return {
    /** A read: asked once more after a timeout or a 5xx, inside the budget. */
    find: (number: string): Promise<PadPolicy | null> =>
      withOneRetry(budgetMs, (signal) => fetchPolicy(number, signal), (error) => error instanceof PadRegisterUnavailable && error.transient),
  }
}
