import type { RcaQuoteInput } from '~/contract/rca'
import { checkPlace } from '../../addresses/siruta'
import { refuseIf } from '../rules'

/**
 * The owner's locality must be one of SIRUTA's in the chosen county (docs/addresses.md): the
 * request goes on with its official name ("sector 3" → "București Sectorul 3"), which insurers
 * and the policy carry; otherwise 422 on `owner.locality`. The county is a plate code the
 * schema already checked.
 */
export function withOfficialOwnerPlace(request: RcaQuoteInput): RcaQuoteInput {
  const place = checkPlace(request.owner.county, request.owner.locality)
  if (!place.ok) refuseIf([{ path: place.problem === 'county_unknown' ? 'owner.county' : 'owner.locality', key: 'rca_owner_locality_unknown' }])
  return place.ok ? { ...request, owner: { ...request.owner, locality: place.locality } } : request
}
