import { z } from 'zod'
import { bonusMalusCodes, type BonusMalusClass } from '~/contract/bonus-malus'
import type { RcaOwner } from '~/contract/rca'
import { getJson, type JsonResponse } from '../../http/json-client'

/**
 * Client of the claims-history service (today its sandbox, `src/server/sandbox/claims-history.ts`):
 * the bonus-malus class of a person (by CNP, their best class) or of a company's vehicle
 * (by CUI + VIN), facts §1.3.
 */

const ClassAnswer = z.object({ class: z.enum(bonusMalusCodes as [BonusMalusClass, ...BonusMalusClass[]]) })

export class ClaimsHistoryUnavailable extends Error {
  constructor(readonly reason: 'timeout' | 'http' | 'network' | 'invalid_answer', detail?: string) {
    super(`claims history unavailable: ${reason}${detail ? ` (${detail})` : ''}`)
    this.name = 'ClaimsHistoryUnavailable'
  }
}

export interface ClaimsHistoryClient {
  personClass(cnp: string): Promise<BonusMalusClass>
  companyVehicleClass(cui: string, vin: string): Promise<BonusMalusClass>
  /** The class that applies to a quote's owner and vehicle. */
  classFor(owner: RcaOwner, vin: string): Promise<BonusMalusClass>
}

/**
 * `headers`: sent with every call (tests ask the sandbox for a status or a delay with them). Calls
 * go over kept-alive `node:http` connections: one per quote (`../../http/json-client`).
 */
export function createClaimsHistoryClient(options: { baseUrl: string; timeoutMs?: number; headers?: Record<string, string> }): ClaimsHistoryClient {
  const timeoutMs = options.timeoutMs ?? 2_000
  const headers = options.headers ?? {}
  const base = `${options.baseUrl}/sandbox/claims-history`

  /**
   * A read, so a second try is harmless: once more when the first timed out (a reset kept-alive
   * connection is retried by the client itself). Under load the budget also counts time this
   * process was too busy to read the answer; a burst of quotes should wait a little, not be turned
   * away (docs/benchmarks.md).
   */
  async function fetchClass(url: string): Promise<JsonResponse> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await getJson(url, headers, AbortSignal.timeout(timeoutMs))
      } catch (error) {
        const name = (error as { name?: string }).name
        const timedOut = name === 'TimeoutError' || name === 'AbortError'
        if (attempt < 2 && timedOut) continue
        throw new ClaimsHistoryUnavailable(timedOut ? 'timeout' : 'network', String(error))
      }
    }
  }

  async function get(path: string): Promise<BonusMalusClass> {
    const response = await fetchClass(`${base}${path}`)
    if (response.status < 200 || response.status > 299) throw new ClaimsHistoryUnavailable('http', String(response.status))
    const parsed = ClassAnswer.safeParse(response.body)
    if (!parsed.success) throw new ClaimsHistoryUnavailable('invalid_answer')
    return parsed.data.class
  }

  const client: ClaimsHistoryClient = {
    personClass: (cnp) => get(`/persons/${encodeURIComponent(cnp)}`),
    companyVehicleClass: (cui, vin) => get(`/companies/${encodeURIComponent(cui)}/vehicles/${encodeURIComponent(vin)}`),
    classFor: (owner, vin) => (owner.type === 'person' ? client.personClass(owner.cnp) : client.companyVehicleClass(owner.cui, vin)),
  }
  return client
}
