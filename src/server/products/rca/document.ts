import { z } from 'zod'
import { bonusMalusChangePercent, bonusMalusCodes, type BonusMalusClass } from '~/contract/bonus-malus'
import { countyCodes, countyName, type CountyCode } from '~/contract/counties'
import { vehicleCategories, vehicleUsages } from '~/contract/vehicle'
import type { MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { documentSection, holderName, periodRow, premiumRow, type ProductDocument } from '../../documents/product-document'

/**
 * What an issued RCA policy holds (amounts in bani): the vehicle and owner as quoted, the
 * bonus-malus class found, the months (30-day periods with provisional plates, romania-insurance-facts.md §1.2) and
 * the direct settlement clause when bought. Built at checkout, stored with the policy.
 */
export const RcaPolicyFacts = z.object({
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
    z.object({ type: z.literal('person'), cnp: z.string(), county: z.enum(countyCodes as [CountyCode, ...CountyCode[]]), locality: z.string() }),
    z.object({ type: z.literal('company'), cui: z.string(), name: z.string(), county: z.enum(countyCodes as [CountyCode, ...CountyCode[]]), locality: z.string() }),
  ]),
  bonus_malus: z.enum(bonusMalusCodes as [BonusMalusClass, ...BonusMalusClass[]]),
  months: z.number().int().min(1),
  provisional: z.boolean(),
  /** The clause's price when bought with the policy; null when not. */
  direct_settlement: z.number().int().min(0).nullable(),
})
export type RcaPolicyFacts = z.infer<typeof RcaPolicyFacts>

/**
 * A CNP as the policy prints it: the first digit (sex and century) and the last four, the birth
 * date and county hidden. The insurer holds the whole code; a document that travels by e-mail
 * and is shown at roadside checks needs no more to match its holder (data minimisation).
 */
export function maskCnp(cnp: string): string {
  const digits = cnp.replace(/\s+/g, '')
  return digits.length <= 5 ? '*'.repeat(digits.length) : `${digits[0]}${'*'.repeat(digits.length - 5)}${digits.slice(-4)}`
}

type Category = RcaPolicyFacts['vehicle']['category']
type Usage = RcaPolicyFacts['vehicle']['usage']
const categories: Record<Category, MessageDescriptor> = {
  car: msg({ message: 'Car', context: 'vehicle category' }),
  motorcycle: msg({ message: 'Motorcycle', context: 'vehicle category' }),
  'goods-vehicle': msg({ message: 'Goods vehicle', context: 'vehicle category' }),
  bus: msg({ message: 'Bus / minibus', context: 'vehicle category' }),
  tractor: msg({ message: 'Tractor', context: 'vehicle category' }),
  trailer: msg({ message: 'Trailer', context: 'vehicle category' }),
}
const usages: Record<Usage, MessageDescriptor> = {
  personal: msg({ message: 'Personal', context: 'vehicle use' }),
  taxi: msg({ message: 'Taxi', context: 'vehicle use' }),
  'ride-sharing': msg({ message: 'Ride-sharing', context: 'vehicle use' }),
  'rent-a-car': msg({ message: 'Rent-a-car', context: 'vehicle use' }),
  'driving-school': msg({ message: 'Driving school', context: 'vehicle use' }),
  courier: msg({ message: 'Courier', context: 'vehicle use' }),
  'dangerous-goods': msg({ message: 'Dangerous goods transport', context: 'vehicle use' }),
}

/**
 * The RCA policy in the buyer's language with English beside it (it is shown at borders and the
 * product page promises both): a person owner is named as the buyer (the quote knows them by CNP
 * only, and the RCA checkout sells to the owner); the CNP partly masked; the order's price holds
 * the clause bought with it, shown apart.
 */
export const rcaDocument: ProductDocument<RcaPolicyFacts> = {
  alsoInEnglish: true,
  build(facts, policy, i18n, format) {
    const { vehicle, owner } = facts
    const change = bonusMalusChangePercent(facts.bonus_malus)
    const currency = policy.premium.currency
    const clause = facts.direct_settlement ?? 0
    const towed = vehicle.category === 'trailer'
    const count = facts.months
    return {
      title: i18n._(msg`Compulsory motor third-party liability insurance policy (RCA)`),
      sections: [
        documentSection(i18n, msg`Insured (vehicle owner)`, [
          owner.type === 'person' ? [msg`Name`, holderName(policy)] : [msg`Company`, owner.name],
          owner.type === 'person' ? [msg`Personal numeric code (CNP)`, maskCnp(owner.cnp)] : [msg`Fiscal code (CUI)`, owner.cui],
          [msg`Town, county`, `${owner.locality}, ${countyName(owner.county)}`],
        ]),
        documentSection(i18n, msg`Insured vehicle`, [
          [msg`Registration number`, vehicle.registration_plate],
          [msg`Vehicle identification number (VIN)`, vehicle.vin],
          [msg`Make, model`, `${vehicle.make} ${vehicle.model}`],
          [msg`Category`, i18n._(categories[vehicle.category])],
          !towed && [msg`Power / engine capacity`, `${vehicle.power_kw} kW / ${vehicle.engine_capacity_cc} cm³`],
          [msg`Maximum permissible mass / seats`, `${vehicle.total_mass_kg} kg / ${vehicle.seats}`],
          [msg({ message: 'Use', context: 'vehicle use' }), i18n._(usages[vehicle.usage])],
        ]),
        documentSection(i18n, msg`Period of cover and premium`, [
          periodRow(i18n, format, policy),
          [msg`Duration`, i18n._(facts.provisional ? msg`${count} × 30 days (provisional plates)` : msg`${plural(count, { one: '# month', other: '# months' })}`)],
          [msg`Bonus-malus class`, `${facts.bonus_malus} (${change > 0 ? '+' : change < 0 ? '−' : '±'}${Math.abs(change)} %)`],
          premiumRow(format, { amount: policy.premium.amount - clause, currency }),
          [msg`Direct settlement`, facts.direct_settlement === null ? i18n._(msg({ message: 'No', context: 'clause or cover not bought' })) : format.money({ amount: clause, currency })],
          [msg`Total to pay`, format.money(policy.premium)],
        ]),
      ],
      notes: [
        i18n._(msg`Limits of compensation per accident (Law 132/2017 as amended by Law 181/2025): 6,434,740 lei for damage to property and 31,926,210 lei for bodily injury and death, whatever the number of injured parties.`),
        i18n._(msg`The policy is valid in Romania, in the states of the European Economic Area, in Switzerland and in the states whose national bureaux signed the Multilateral Agreement.`),
      ],
    }
  },
}
