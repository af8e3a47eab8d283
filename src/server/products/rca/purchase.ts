import { msg } from '@lingui/core/macro'
import type { BonusMalusClass } from '~/contract/bonus-malus'
import type { RcaQuoteInput } from '~/contract/rca'
import { isProvisionalPlate, parsePlate } from '~/contract/vehicle'
import type { ProductPurchase } from '../definition'
import { rcaDocument, RcaPolicyFacts } from './document'

/** What the quote keeps for the policy (`context.policy`): the vehicle and owner as asked, the class found. */
export function rcaPolicyPart(request: RcaQuoteInput, bonusMalus: BonusMalusClass) {
  const { vehicle, owner, policy } = request
  const plate = parsePlate(vehicle.registration_plate)
  return {
    vehicle: {
      registration_plate: vehicle.registration_plate,
      vin: vehicle.vin,
      make: vehicle.make,
      model: vehicle.model,
      category: vehicle.category,
      power_kw: vehicle.power_kw,
      engine_capacity_cc: vehicle.engine_capacity_cc,
      total_mass_kg: vehicle.total_mass_kg,
      seats: vehicle.seats,
      usage: vehicle.usage,
    },
    owner:
      owner.type === 'person'
        ? { type: owner.type, cnp: owner.cnp, county: owner.county, locality: owner.locality }
        : { type: owner.type, cui: owner.cui, name: owner.name, county: owner.county, locality: owner.locality },
    bonus_malus: bonusMalus,
    months: policy.months,
    provisional: Boolean(plate && isProvisionalPlate(plate.kind)),
  }
}

export const rcaPurchase: ProductPurchase<RcaPolicyFacts> = {
  wording: 'insurance',
  facts: RcaPolicyFacts,
  policyFacts({ policy, details }) {
    const clause = details.direct_settlement === true ? details.direct_settlement_premium : null
    return typeof policy === 'object' && policy ? { ...policy, direct_settlement: clause } : undefined
  },
  document: rcaDocument,
  reminders: {
    kind: 'policy_end',
    subject: msg`Your RCA policy`,
    calendarTitle: msg`RCA policy ends`,
    // The next one comes back with its vehicle filled in.
    renewPath: ({ registrationPlate: plate, vin }) => (plate && vin ? `/rca/${encodeURIComponent(plate)}/${encodeURIComponent(vin)}` : '/rca'),
  },
  vehiclePaper: { field: 'rca_valid_until', calendarKind: 'rca' },
  publicCheck: true,
}
