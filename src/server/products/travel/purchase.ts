import { z } from 'zod'
import { TravellerName } from '~/contract/orders'
import { travelPurposes, travelTrips, travelZones, type TravelQuoteInput } from '~/contract/travel'
import type { Locale } from '~/i18n/locales'
import { holderName, type ProductDocument } from '../../documents/product-document'
import type { ProductPurchase } from '../definition'
import { travelEndDate } from './rules'

/** What the quote keeps for the policy (`context.policy`): the trip as asked. */
export function travelPolicyPart(request: TravelQuoteInput) {
  return {
    zone: request.zone,
    trip: request.trip,
    purpose: request.purpose,
    start_date: request.start_date,
    end_date: travelEndDate(request),
    birth_dates: request.travellers.map((t) => t.birth_date),
    covers: request.covers,
    trip_cost_eur: request.trip_cost?.amount ?? null,
  }
}

/**
 * The insurers' 24-hour assistance lines the travel policy prints, by insurer code. To be
 * confirmed against each insurer's contract before selling for real (docs/products.md): the
 * sandbox insurers take them as theirs. An insurer missing here prints none.
 */
const assistancePhones: Record<string, string> = {
  'allianz-tiriac': '+40 21 201 20 20',
  groupama: '+40 21 305 40 40',
  omniasig: '+40 21 405 74 20',
  'signal-iduna': '+40 21 208 44 44',
}

/** What an issued travel policy holds: every traveller by name, the trip, the covers bought, the limits and the assistance line. */
export const TravelPolicyFacts = z.object({
  zone: z.enum(travelZones),
  trip: z.enum(travelTrips),
  purpose: z.enum(travelPurposes),
  start_date: z.iso.date(),
  end_date: z.iso.date(),
  travellers: z.array(TravellerName.extend({ birth_date: z.iso.date() })).min(1),
  covers: z.object({ baggage: z.boolean(), cancellation: z.boolean() }),
  /** Euro cents, as the insurer answered; the cancellation cover's sum when bought. */
  medical_limit_eur: z.number().int().positive(),
  cancellation_sum_insured_eur: z.number().int().positive().nullable(),
  schengen_valid: z.boolean(),
  assistance_phone: z.string().min(1).nullable(),
})
export type TravelPolicyFacts = z.infer<typeof TravelPolicyFacts>

const words = {
  ro: {
    title: 'Poliță de asigurare medicală de călătorie',
    travellers: 'Persoane asigurate',
    traveller: (n: number) => `Călătorul ${n}`,
    born: 'născut(ă) la',
    trip: 'Călătoria',
    zone: 'Zona',
    zones: { europe: 'Europa', world_excl_us_ca: 'Toată lumea, fără SUA și Canada', world: 'Toată lumea' },
    period: 'Perioada',
    periodValue: (from: string, to: string) => `de la ${from}, ora 00:00, până la ${to}, ora 24:00`,
    kind: 'Tipul',
    trips: { single: 'O singură călătorie', annual: 'Anuală, mai multe călătorii' },
    purpose: 'Scopul',
    purposes: { tourism: 'Turism', work: 'Muncă', sport: 'Sport' },
    cover: 'Acoperiri și prima',
    medical: 'Cheltuieli medicale, limită',
    baggage: 'Bagaje',
    cancellation: 'Anularea călătoriei, sumă asigurată',
    bought: 'Inclusă',
    notBought: 'Nu',
    premium: 'Prima de asigurare',
    holder: 'Contractant',
    assistance: 'Asistență 24 de ore din 24',
    schengen: 'Polița îndeplinește condițiile pentru viza Schengen: acoperă cheltuieli medicale, repatriere și asistență de urgență de cel puțin 30.000 EUR, în toate statele Schengen, pe toată durata șederii.',
    call: 'În caz de îmbolnăvire sau accident, sunați întâi la numărul de asistență: vă spune unde să mergeți și plătește direct unde se poate.',
  },
  en: {
    title: 'Travel medical insurance policy',
    travellers: 'Insured persons',
    traveller: (n: number) => `Traveller ${n}`,
    born: 'born on',
    trip: 'Trip',
    zone: 'Area',
    zones: { europe: 'Europe', world_excl_us_ca: 'Worldwide excluding the USA and Canada', world: 'Worldwide' },
    period: 'Period',
    periodValue: (from: string, to: string) => `from ${from}, 00:00, until ${to}, 24:00`,
    kind: 'Type',
    trips: { single: 'Single trip', annual: 'Annual multi-trip' },
    purpose: 'Purpose',
    purposes: { tourism: 'Tourism', work: 'Work', sport: 'Sport' },
    cover: 'Covers and premium',
    medical: 'Medical expenses, limit',
    baggage: 'Baggage',
    cancellation: 'Trip cancellation, sum insured',
    bought: 'Included',
    notBought: 'No',
    premium: 'Premium',
    holder: 'Policyholder',
    assistance: '24-hour assistance',
    schengen: 'This policy meets the conditions for a Schengen visa: it covers medical expenses, repatriation and emergency assistance of at least EUR 30,000, in all Schengen states, for the whole stay.',
    call: 'If you fall ill or have an accident, call the assistance number first: it tells you where to go and pays directly where it can.',
  },
  fr: {
    title: 'Police d’assurance médicale voyage',
    travellers: 'Personnes assurées',
    traveller: (n: number) => `Voyageur ${n}`,
    born: 'né(e) le',
    trip: 'Voyage',
    zone: 'Zone',
    zones: { europe: 'Europe', world_excl_us_ca: 'Monde entier sauf États-Unis et Canada', world: 'Monde entier' },
    period: 'Période',
    periodValue: (from: string, to: string) => `du ${from}, 00 h 00, au ${to}, 24 h 00`,
    kind: 'Type',
    trips: { single: 'Voyage unique', annual: 'Annuelle, plusieurs voyages' },
    purpose: 'Motif',
    purposes: { tourism: 'Tourisme', work: 'Travail', sport: 'Sport' },
    cover: 'Garanties et prime',
    medical: 'Frais médicaux, plafond',
    baggage: 'Bagages',
    cancellation: 'Annulation du voyage, somme assurée',
    bought: 'Incluse',
    notBought: 'Non',
    premium: 'Prime d’assurance',
    holder: 'Souscripteur',
    assistance: 'Assistance 24 h sur 24',
    schengen: 'Cette police remplit les conditions du visa Schengen : elle couvre les frais médicaux, le rapatriement et l’assistance d’urgence à hauteur d’au moins 30 000 EUR, dans tous les États Schengen, pour toute la durée du séjour.',
    call: 'En cas de maladie ou d’accident, appelez d’abord le numéro d’assistance : il vous dit où aller et paie directement lorsque c’est possible.',
  },
} satisfies Record<Locale, unknown>

/** The travel policy, in the buyer's language with English beside it (a consulate reads it). */
const travelDocument: ProductDocument<TravelPolicyFacts, (typeof words)['ro']> = {
  words,
  alsoInEnglish: true,
  build(facts, policy, w, format) {
    const eur = (amount: number) => format.money({ amount, currency: 'EUR' })
    return {
      title: w.title,
      sections: [
        {
          heading: w.travellers,
          fields: [
            ...facts.travellers.map((t, i) => ({ label: w.traveller(i + 1), value: `${t.first_name} ${t.last_name}, ${w.born} ${format.day(t.birth_date)}` })),
            { label: w.holder, value: holderName(policy) },
          ],
        },
        {
          heading: w.trip,
          fields: [
            { label: w.zone, value: w.zones[facts.zone] },
            { label: w.period, value: w.periodValue(format.day(policy.startDate), format.day(policy.endDate)) },
            { label: w.kind, value: w.trips[facts.trip] },
            { label: w.purpose, value: w.purposes[facts.purpose] },
          ],
        },
        {
          heading: w.cover,
          fields: [
            { label: w.medical, value: eur(facts.medical_limit_eur) },
            { label: w.baggage, value: facts.covers.baggage ? w.bought : w.notBought },
            { label: w.cancellation, value: facts.covers.cancellation && facts.cancellation_sum_insured_eur !== null ? eur(facts.cancellation_sum_insured_eur) : w.notBought },
            { label: w.premium, value: format.money(policy.premium) },
            ...(facts.assistance_phone ? [{ label: w.assistance, value: facts.assistance_phone }] : []),
          ],
        },
      ],
      notes: [...(facts.schengen_valid ? [w.schengen] : []), w.call],
    }
  },
}

const Part = z.object({
  zone: z.enum(travelZones),
  trip: z.enum(travelTrips),
  purpose: z.enum(travelPurposes),
  start_date: z.string(),
  end_date: z.string(),
  birth_dates: z.array(z.string()),
  covers: z.object({ baggage: z.boolean(), cancellation: z.boolean() }),
})

export const travelPurchase: ProductPurchase<TravelPolicyFacts> = {
  wording: 'insurance',
  facts: TravelPolicyFacts,
  asks: 'travellers',
  policyFacts({ policy, details, insured, insurerCode }) {
    const part = Part.safeParse(policy)
    if (!part.success) return undefined
    const { birth_dates, ...trip } = part.data
    const names = insured?.travellers ?? []
    return {
      ...trip,
      // Names in the quote's order; another count names nobody, and the facts refuse it.
      travellers: names.length === birth_dates.length ? birth_dates.map((birth_date, i) => ({ ...names[i], birth_date })) : [],
      medical_limit_eur: details.medical_limit_eur,
      cancellation_sum_insured_eur: typeof details.cancellation_sum_insured_eur === 'number' ? details.cancellation_sum_insured_eur : null,
      schengen_valid: details.schengen_valid === true,
      assistance_phone: assistancePhones[insurerCode] ?? null,
    }
  },
  document: travelDocument,
  reminders: {
    kind: 'policy_end',
    subject: { ro: 'Polița de călătorie', en: 'Your travel insurance policy', fr: 'Votre assurance voyage' },
    calendarTitle: { ro: 'Asigurarea de călătorie expiră', en: 'Travel insurance ends', fr: 'Fin de l’assurance voyage' },
    renewPath: () => '/travel',
  },
}
