import { z } from 'zod'
import { bonusMalusCodes, type BonusMalusClass } from '~/contract/bonus-malus'
import type { RcaOwner } from '~/contract/rca'
import { OutsideServiceUnavailable, readFromOutside, type UnavailableReason } from '../../http/outside-read'

/**
 * Client of the claims-history service (today its sandbox, `src/server/sandbox/claims-history.ts`):
 * the bonus-malus class of a person (by CNP, their best class) or of a company's vehicle
 * (by CUI + VIN), romania-insurance-facts.md §1.3.
 */

const ClassAnswer = z.object({ class: z.enum(bonusMalusCodes as [BonusMalusClass, ...BonusMalusClass[]]) })

export class ClaimsHistoryUnavailable extends OutsideServiceUnavailable {
  constructor(reason: UnavailableReason, detail?: string, transient?: boolean) {
    super('claims history', reason, detail, transient)
  }
}

export interface ClaimsHistoryClient {
  personClass(cnp: string): Promise<BonusMalusClass>
  companyVehicleClass(cui: string, vin: string): Promise<BonusMalusClass>
  /** The class that applies to a quote's owner and vehicle. */
  classFor(owner: RcaOwner, vin: string): Promise<BonusMalusClass>
}

/**
 * `headers`: sent with every call (tests ask the sandbox for a status or a delay with them).
 * `timeoutMs`: the budget of one look-up, both tries together. Calls go over kept-alive
 * `node:http` connections: one per quote (`../../http/json-client`).
 */
export function createClaimsHistoryClient(options: { baseUrl: string; timeoutMs?: number; headers?: Record<string, string> }): ClaimsHistoryClient {
  const budgetMs = options.timeoutMs ?? 4_000
  const headers = options.headers ?? {}
  const base = `${options.baseUrl}/sandbox/claims-history`

  /**
   * A read, so a second try is harmless: once more after a timeout or a 5xx, inside the budget (a
   * reset kept-alive connection is retried by the HTTP client itself). Under load the budget also
   * counts time this process was too busy to read the answer; a burst of quotes should wait a
   * little, not be turned away (docs/benchmarks.md).
   */
  const get = async (path: string): Promise<BonusMalusClass> => {
    const answer = await readFromOutside({ url: `${base}${path}`, schema: ClassAnswer, budgetMs, headers, unavailable: ClaimsHistoryUnavailable })
    if (!answer) throw new ClaimsHistoryUnavailable('invalid_answer')
    return answer.class
  }

  const client: ClaimsHistoryClient = {
    personClass: (cnp) => get(`/persons/${encodeURIComponent(cnp)}`),
    companyVehicleClass: (cui, vin) => get(`/companies/${encodeURIComponent(cui)}/vehicles/${encodeURIComponent(vin)}`),
    classFor: (owner, vin) => (owner.type === 'person' ? client.personClass(owner.cnp) : client.companyVehicleClass(owner.cui, vin)),
  }
  return client
}
