import { z } from 'zod'
import { isBonusMalusClass } from '~/contract/bonus-malus'
import { isCountyCode, type CountyCode } from '~/contract/counties'
import { isProvisionalPlate, parsePlate, vehicleCategories, vehicleUsages } from '~/contract/vehicle'
import type { RcaPolicyFacts } from '../documents'
import type { PolicyDocumentInput } from './ports'

const county = z.string().refine((v): v is CountyCode => isCountyCode(v))

/**
 * The parts of a stored RCA quote request the policy prints. The request was checked with the
 * contract's schema when the quote was made; this reads it back without that schema's date
 * rules (a start date of "tomorrow" is no longer tomorrow when the policy is issued).
 */
const StoredRcaRequest = z.object({
  vehicle: z.object({
    registration_plate: z.string(),
    vin: z.string(),
    make: z.string(),
    model: z.string(),
    category: z.enum(vehicleCategories),
    power_kw: z.number(),
    engine_capacity_cc: z.number(),
    total_mass_kg: z.number(),
    seats: z.number(),
    usage: z.enum(vehicleUsages),
  }),
  owner: z.discriminatedUnion('type', [
    z.object({ type: z.literal('person'), cnp: z.string(), county, locality: z.string() }),
    z.object({ type: z.literal('company'), cui: z.string(), name: z.string(), county, locality: z.string() }),
  ]),
  policy: z.object({ months: z.number().int().min(1) }),
})

/**
 * What an issued RCA policy prints, gathered from the order (buyer, premium, clause), the quote
 * (vehicle, owner, bonus-malus class) and the insurer's answer (number, series, validity).
 * A person owner is named as the buyer: the quote knows them by CNP only, and the RCA checkout
 * sells to the owner. Undefined when the quote is missing or not an RCA request.
 */
export function rcaFactsOf(input: PolicyDocumentInput, issuedAt: Date): RcaPolicyFacts | undefined {
  const request = StoredRcaRequest.safeParse(input.quote?.request)
  const bonusMalus = input.quote?.context.bonus_malus
  if (!request.success || !isBonusMalusClass(bonusMalus)) return undefined
  const { vehicle, owner, policy } = request.data
  const clause = input.details.direct_settlement === true ? input.details.direct_settlement_premium : undefined
  const directSettlement = typeof clause === 'number' && Number.isInteger(clause) && clause >= 0 ? { amount: clause, currency: input.premium.currency } : null
  const plate = parsePlate(vehicle.registration_plate)
  const buyer = `${input.customer.first_name} ${input.customer.last_name}`.trim()
  return {
    insurer: { name: input.insurerName, ...(input.insurerAsfRegistration ? { asfRegistration: input.insurerAsfRegistration } : {}) },
    policy: {
      ...(input.series ? { series: input.series } : {}),
      number: input.number,
      startDate: input.startDate,
      endDate: input.endDate,
      months: policy.months,
      ...(plate && isProvisionalPlate(plate.kind) ? { provisional: true } : {}),
    },
    // The order's premium holds the clause bought with it; the document shows them apart.
    premium: { amount: input.premium.amount - (directSettlement?.amount ?? 0), currency: input.premium.currency },
    directSettlement,
    bonusMalus,
    vehicle,
    owner: owner.type === 'person' ? { type: 'person', name: buyer, cnp: owner.cnp, county: owner.county, locality: owner.locality } : owner,
    verificationCode: new URL(input.verificationUrl).pathname.split('/').pop() ?? '',
    issuedAt,
  }
}
