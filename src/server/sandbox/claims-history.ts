import { z } from 'zod'
import { bonusMalusCodes, type BonusMalusClass } from '~/contract/bonus-malus'
import { isValidCnp, normalizeCnp } from '~/contract/cnp'
import { checkCui } from '~/contract/cui'
import { checkVin } from '~/contract/vehicle'
import { behaveLikeRemote, failure, json, methodNotAllowed, stableFraction } from './http'

/**
 * The claims-history sandbox: stands in for the national RCA database (CEDAM/AIDA, romania-insurance-facts.md §1.3,
 * §1.6) that insurers' software reads the bonus-malus class from.
 *
 *   GET /sandbox/claims-history/persons/{cnp}                 → {class}   (a person's best class)
 *   GET /sandbox/claims-history/companies/{cui}/vehicles/{vin} → {class}   (per vehicle for companies)
 *   POST /sandbox/claims-history/lookups  {lookups: [{id, cnp} | {id, cui, vin}]} (at most 1 000)
 *        → {results: [{id, class} | {id, error}]}: many at once, as insurers' and brokers' batch
 *        interfaces to the national database read a renewal portfolio
 *
 * The class is fixed by the identifier (a hash), spread like a mature market: most drivers with
 * years without claims, some new (B0), a few in malus.
 */

/** Share of insureds in each class, B8 … M8 (sums to 1). Illustrative, not a published statistic. */
const CLASS_SHARES: Record<BonusMalusClass, number> = {
  B8: 0.3,
  B7: 0.1,
  B6: 0.08,
  B5: 0.07,
  B4: 0.07,
  B3: 0.06,
  B2: 0.06,
  B1: 0.06,
  B0: 0.14,
  M1: 0.02,
  M2: 0.015,
  M3: 0.01,
  M4: 0.005,
  M5: 0.004,
  M6: 0.003,
  M7: 0.002,
  M8: 0.001,
}

/** The class the sandbox keeps for a history key (`person:{cnp}` or `company:{cui}:{vin}`). */
export function sandboxClassOf(key: string): BonusMalusClass {
  let point = stableFraction(`claims-history:${key}`)
  for (const code of bonusMalusCodes) {
    point -= CLASS_SHARES[code]
    if (point < 0) return code
  }
  return 'B0'
}

/** 20–120 ms, fixed by the key: a database lookup behind a national service. */
function latencyOf(key: string): number {
  return 20 + Math.floor(stableFraction(`latency:${key}`) * 100)
}

/** The most lookups one batch may hold. */
export const CLAIMS_LOOKUPS_MAX = 1000

const Lookups = z.object({
  lookups: z
    .array(z.union([z.object({ id: z.string().min(1).max(64), cnp: z.string().max(20) }), z.object({ id: z.string().min(1).max(64), cui: z.string().max(20), vin: z.string().max(20) })]))
    .min(1)
    .max(CLAIMS_LOOKUPS_MAX),
})

/** The history key of a person's CNP or a company's vehicle, or the error code of a malformed one. */
function keyOf(lookup: { cnp: string } | { cui: string; vin: string }): { key: string } | { error: string } {
  if ('cnp' in lookup) {
    const cnp = normalizeCnp(lookup.cnp)
    return isValidCnp(cnp) ? { key: `person:${cnp}` } : { error: 'invalid_cnp' }
  }
  const cui = checkCui(lookup.cui)
  const vin = checkVin(lookup.vin)
  if (!cui.ok) return { error: 'invalid_cui' }
  if (!vin.ok) return { error: 'invalid_vin' }
  return { key: `company:${cui.cui}:${vin.vin}` }
}

async function lookups(request: Request): Promise<Response> {
  const body = Lookups.safeParse(await request.json().catch(() => undefined))
  if (!body.success) return failure(400, 'invalid_request', `Send {lookups: [...]}, 1 to ${CLAIMS_LOOKUPS_MAX} of them.`)
  const keys = body.data.lookups.map((lookup) => ({ id: lookup.id, ...keyOf(lookup) }))
  // One round trip to the database, a little longer for a long list.
  const forced = await behaveLikeRemote(request, latencyOf(keys[0]?.id ?? '') + Math.ceil(keys.length / 10))
  if (forced) return forced
  return json({ results: keys.map((k) => ('key' in k ? { id: k.id, class: sandboxClassOf(k.key) } : { id: k.id, error: k.error })) })
}

export async function claimsHistoryService(request: Request, path: string): Promise<Response> {
  if (path === '/lookups' || path === '/lookups/') return request.method === 'POST' ? lookups(request) : methodNotAllowed('POST')
  if (request.method !== 'GET') return methodNotAllowed('GET')
  const segments = path.split('/').filter(Boolean).map(decodeURIComponent)
  let key: string
  if (segments.length === 2 && segments[0] === 'persons') {
    const cnp = normalizeCnp(segments[1] ?? '')
    if (!isValidCnp(cnp)) return failure(400, 'invalid_cnp', 'Not a valid CNP.')
    key = `person:${cnp}`
  } else if (segments.length === 4 && segments[0] === 'companies' && segments[2] === 'vehicles') {
    const cui = checkCui(segments[1] ?? '')
    const vin = checkVin(segments[3] ?? '')
    if (!cui.ok) return failure(400, 'invalid_cui', 'Not a valid CUI.')
    if (!vin.ok) return failure(400, 'invalid_vin', 'Not a valid VIN.')
    key = `company:${cui.cui}:${vin.vin}`
  } else {
    return failure(404, 'not_found', 'Unknown claims-history resource.')
  }
  const forced = await behaveLikeRemote(request, latencyOf(key))
  if (forced) return forced
  return json({ class: sandboxClassOf(key) })
}
