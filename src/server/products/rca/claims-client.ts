import { z } from 'zod'
import { bonusMalusCodes, type BonusMalusClass } from '~/contract/bonus-malus'
import type { RcaOwner } from '~/contract/rca'
import { OutsideServiceUnavailable, readFromOutside, type UnavailableReason } from '../../http/outside-read'
import { postJson } from '../../http/json-client'
import { isTimeout, withOneRetry } from '../../http/retry'

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
  /**
   * The classes of many owners and vehicles (a renewal batch), in batch calls of the service's
   * `lookups`: one round trip per thousand instead of one each. In the order asked; undefined
   * for one the service could not read (a malformed identifier). Throws when a call fails.
   */
  classesFor(asked: readonly { owner: RcaOwner; vin: string }[]): Promise<(BonusMalusClass | undefined)[]>
}

/** Lookups per batch call: the service's own maximum. */
const LOOKUPS_PER_CALL = 1000
/** What each lookup of a batch call adds to its time budget. */
const LOOKUP_BUDGET_MS = 10

const LookupsAnswer = z.object({ results: z.array(z.object({ id: z.string(), class: ClassAnswer.shape.class.optional() })) })

/**
 * `headers`: sent with every call (tests ask the sandbox for a status or a delay with them).
 * `timeoutMs`: the budget of one look-up, both tries together. Calls go over kept-alive
 * `node:http` connections: one per quote (`../../http/json-client`).
 */
async function postLookups(url: string, lookups: unknown[], headers: Record<string, string>, signal: AbortSignal): Promise<z.infer<typeof LookupsAnswer>> {
  let response
  try {
    response = await postJson(url, { lookups }, headers, signal)
  } catch (error) {
    throw new ClaimsHistoryUnavailable(isTimeout(error) ? 'timeout' : 'network', String(error))
  }
  if (response.status !== 200) throw new ClaimsHistoryUnavailable('http', String(response.status), response.status >= 500)
  const parsed = LookupsAnswer.safeParse(response.body)
  if (!parsed.success) throw new ClaimsHistoryUnavailable('invalid_answer')
  return parsed.data
}

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
    async classesFor(asked) {
      const classes: (BonusMalusClass | undefined)[] = []
      for (let from = 0; from < asked.length; from += LOOKUPS_PER_CALL) {
        const chunk = asked.slice(from, from + LOOKUPS_PER_CALL)
        const lookups = chunk.map(({ owner, vin }, i) => (owner.type === 'person' ? { id: String(i), cnp: owner.cnp } : { id: String(i), cui: owner.cui, vin }))
        // A batch's budget grows with it: nobody waits on a renewal batch, and a failed one costs them all.
        const answer = await withOneRetry(budgetMs + LOOKUP_BUDGET_MS * chunk.length, (signal) => postLookups(`${base}/lookups`, lookups, headers, signal), (error) => error instanceof ClaimsHistoryUnavailable && error.transient)
        const byId = new Map(answer.results.map((r) => [r.id, r.class]))
        classes.push(...chunk.map((_, i) => byId.get(String(i))))
      }
      return classes
    },
  }
  return client
}
