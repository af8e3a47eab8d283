import { z } from 'zod'
import { bonusMalusChangePercent, bonusMalusCodes, type BonusMalusClass } from '~/contract/bonus-malus'
import { countyCodes, countyName, type CountyCode } from '~/contract/counties'
import { vehicleCategories, vehicleUsages } from '~/contract/vehicle'
import type { Locale } from '~/i18n/locales'
import { holderName, type ProductDocument } from '../../documents/product-document'

/**
 * What an issued RCA policy holds (amounts in bani): the vehicle and owner as quoted, the
 * bonus-malus class found, the months (30-day periods with provisional plates, facts §1.2) and
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

const words = {
  ro: {
    title: 'Poliță de asigurare obligatorie de răspundere civilă auto (RCA)',
    owner: 'Asigurat (proprietarul vehiculului)',
    name: 'Nume',
    companyName: 'Denumire',
    cnp: 'CNP',
    cui: 'CUI',
    address: 'Localitate, județ',
    vehicle: 'Vehicul asigurat',
    plate: 'Număr de înmatriculare',
    vin: 'Serie de șasiu (VIN)',
    makeModel: 'Marcă, model',
    category: 'Categorie',
    power: 'Putere / capacitate cilindrică',
    mass: 'Masă maximă autorizată / locuri',
    usage: 'Utilizare',
    cover: 'Perioada de asigurare și prima',
    period: 'Valabilă',
    periodValue: (from: string, to: string) => `de la ${from}, ora 00:00, până la ${to}, ora 24:00`,
    months: (n: number) => (n === 1 ? '1 lună' : `${n} luni`),
    periods: (n: number) => `${n} × 30 de zile (numere provizorii)`,
    duration: 'Durata',
    bonusMalus: 'Clasa bonus-malus',
    directSettlement: 'Decontare directă',
    directSettlementNo: 'Nu',
    premium: 'Prima de asigurare',
    total: 'Total de plată',
    categories: { car: 'Autoturism', motorcycle: 'Motocicletă', 'goods-vehicle': 'Vehicul de transport marfă', bus: 'Autobuz / microbuz', tractor: 'Tractor', trailer: 'Remorcă' },
    usages: { personal: 'Personală', taxi: 'Taxi', 'ride-sharing': 'Ride-sharing', 'rent-a-car': 'Închiriere (rent-a-car)', 'driving-school': 'Școală de șoferi', courier: 'Curierat', 'dangerous-goods': 'Transport mărfuri periculoase' },
    notes: [
      'Limite de despăgubire pe eveniment (Legea 132/2017, modificată prin Legea 181/2025): 6.434.740 lei pentru pagube materiale și 31.926.210 lei pentru vătămări corporale și decese, indiferent de numărul persoanelor păgubite.',
      'Polița este valabilă în România, în statele Spațiului Economic European, în Elveția și în statele ale căror birouri naționale au semnat Acordul Multilateral.',
    ],
  },
  en: {
    title: 'Compulsory motor third-party liability insurance policy (RCA)',
    owner: 'Insured (vehicle owner)',
    name: 'Name',
    companyName: 'Company',
    cnp: 'Personal numeric code (CNP)',
    cui: 'Fiscal code (CUI)',
    address: 'Town, county',
    vehicle: 'Insured vehicle',
    plate: 'Registration number',
    vin: 'Vehicle identification number (VIN)',
    makeModel: 'Make, model',
    category: 'Category',
    power: 'Power / engine capacity',
    mass: 'Maximum permissible mass / seats',
    usage: 'Use',
    cover: 'Period of cover and premium',
    period: 'Valid',
    periodValue: (from: string, to: string) => `from ${from}, 00:00, until ${to}, 24:00`,
    months: (n: number) => (n === 1 ? '1 month' : `${n} months`),
    periods: (n: number) => `${n} × 30 days (provisional plates)`,
    duration: 'Duration',
    bonusMalus: 'Bonus-malus class',
    directSettlement: 'Direct settlement',
    directSettlementNo: 'No',
    premium: 'Premium',
    total: 'Total to pay',
    categories: { car: 'Car', motorcycle: 'Motorcycle', 'goods-vehicle': 'Goods vehicle', bus: 'Bus / minibus', tractor: 'Tractor', trailer: 'Trailer' },
    usages: { personal: 'Personal', taxi: 'Taxi', 'ride-sharing': 'Ride-sharing', 'rent-a-car': 'Rent-a-car', 'driving-school': 'Driving school', courier: 'Courier', 'dangerous-goods': 'Dangerous goods transport' },
    notes: [
      'Limits of compensation per accident (Law 132/2017 as amended by Law 181/2025): 6,434,740 lei for damage to property and 31,926,210 lei for bodily injury and death, whatever the number of injured parties.',
      'The policy is valid in Romania, in the states of the European Economic Area, in Switzerland and in the states whose national bureaux signed the Multilateral Agreement.',
    ],
  },
  fr: {
    title: 'Police d’assurance obligatoire de responsabilité civile automobile (RCA)',
    owner: 'Assuré (propriétaire du véhicule)',
    name: 'Nom',
    companyName: 'Raison sociale',
    cnp: 'Code numérique personnel (CNP)',
    cui: 'Code fiscal (CUI)',
    address: 'Localité, département',
    vehicle: 'Véhicule assuré',
    plate: 'Numéro d’immatriculation',
    vin: 'Numéro d’identification (VIN)',
    makeModel: 'Marque, modèle',
    category: 'Catégorie',
    power: 'Puissance / cylindrée',
    mass: 'Masse maximale autorisée / places',
    usage: 'Usage',
    cover: 'Période de garantie et prime',
    period: 'Valable',
    periodValue: (from: string, to: string) => `du ${from}, 00 h 00, au ${to}, 24 h 00`,
    months: (n: number) => (n === 1 ? '1 mois' : `${n} mois`),
    periods: (n: number) => `${n} × 30 jours (plaques provisoires)`,
    duration: 'Durée',
    bonusMalus: 'Classe de bonus-malus',
    directSettlement: 'Règlement direct',
    directSettlementNo: 'Non',
    premium: 'Prime d’assurance',
    total: 'Total à payer',
    categories: { car: 'Voiture particulière', motorcycle: 'Moto', 'goods-vehicle': 'Véhicule de transport de marchandises', bus: 'Autobus / minibus', tractor: 'Tracteur', trailer: 'Remorque' },
    usages: { personal: 'Personnel', taxi: 'Taxi', 'ride-sharing': 'VTC', 'rent-a-car': 'Location', 'driving-school': 'Auto-école', courier: 'Messagerie', 'dangerous-goods': 'Transport de marchandises dangereuses' },
    notes: [
      'Plafonds d’indemnisation par sinistre (loi 132/2017 modifiée par la loi 181/2025) : 6 434 740 lei pour les dommages matériels et 31 926 210 lei pour les dommages corporels et décès, quel que soit le nombre de personnes lésées.',
      'La police est valable en Roumanie, dans les États de l’Espace économique européen, en Suisse et dans les États dont les bureaux nationaux ont signé l’Accord multilatéral.',
    ],
  },
} satisfies Record<Locale, unknown>


/**
 * The RCA policy in the buyer's language with English beside it (it is shown at borders and the
 * product page promises both): a person owner is named as the buyer (the quote knows them by CNP
 * only, and the RCA checkout sells to the owner); the CNP partly masked; the order's price holds
 * the clause bought with it, shown apart.
 */
export const rcaDocument: ProductDocument<RcaPolicyFacts, (typeof words)['ro']> = {
  words,
  alsoInEnglish: true,
  build(facts, policy, w, format) {
    const { vehicle, owner } = facts
    const change = bonusMalusChangePercent(facts.bonus_malus)
    const currency = policy.premium.currency
    const clause = facts.direct_settlement ?? 0
    const towed = vehicle.category === 'trailer'
    return {
      title: w.title,
      sections: [
        {
          heading: w.owner,
          fields: [
            owner.type === 'person' ? { label: w.name, value: holderName(policy) } : { label: w.companyName, value: owner.name },
            owner.type === 'person' ? { label: w.cnp, value: maskCnp(owner.cnp) } : { label: w.cui, value: owner.cui },
            { label: w.address, value: `${owner.locality}, ${countyName(owner.county)}` },
          ],
        },
        {
          heading: w.vehicle,
          fields: [
            { label: w.plate, value: vehicle.registration_plate },
            { label: w.vin, value: vehicle.vin },
            { label: w.makeModel, value: `${vehicle.make} ${vehicle.model}` },
            { label: w.category, value: w.categories[vehicle.category] },
            ...(towed ? [] : [{ label: w.power, value: `${vehicle.power_kw} kW / ${vehicle.engine_capacity_cc} cm³` }]),
            { label: w.mass, value: `${vehicle.total_mass_kg} kg / ${vehicle.seats}` },
            { label: w.usage, value: w.usages[vehicle.usage] },
          ],
        },
        {
          heading: w.cover,
          fields: [
            { label: w.period, value: w.periodValue(format.day(policy.startDate), format.day(policy.endDate)) },
            { label: w.duration, value: facts.provisional ? w.periods(facts.months) : w.months(facts.months) },
            { label: w.bonusMalus, value: `${facts.bonus_malus} (${change > 0 ? '+' : change < 0 ? '−' : '±'}${Math.abs(change)} %)` },
            { label: w.premium, value: format.money({ amount: policy.premium.amount - clause, currency }) },
            { label: w.directSettlement, value: facts.direct_settlement === null ? w.directSettlementNo : format.money({ amount: clause, currency }) },
            { label: w.total, value: format.money(policy.premium) },
          ],
        },
      ],
      notes: w.notes,
    }
  },
}
