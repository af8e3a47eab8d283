import { z } from 'zod'
import { TravellerName } from '~/contract/orders'
import { travelPurposes, travelTrips, travelZones, type TravelQuoteInput } from '~/contract/travel'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { coverPeriod, documentSection, holderName, premiumRow, type DocumentRow, type ProductDocument } from '../../documents/product-document'
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

const zones: Record<TravelPolicyFacts['zone'], MessageDescriptor> = {
  europe: msg({ message: 'Europe', context: 'travel zone' }),
  world_excl_us_ca: msg({ message: 'Worldwide excluding the USA and Canada', context: 'travel zone' }),
  world: msg({ message: 'Worldwide', context: 'travel zone' }),
}
const trips: Record<TravelPolicyFacts['trip'], MessageDescriptor> = {
  single: msg`Single trip`,
  annual: msg`Annual multi-trip`,
}
const purposes: Record<TravelPolicyFacts['purpose'], MessageDescriptor> = {
  tourism: msg({ message: 'Tourism', context: 'travel purpose' }),
  work: msg({ message: 'Work', context: 'travel purpose' }),
  sport: msg({ message: 'Sport', context: 'travel purpose' }),
}

/** The travel policy, in the buyer's language with English beside it (a consulate reads it). */
const travelDocument: ProductDocument<TravelPolicyFacts> = {
  alsoInEnglish: true,
  build(facts, policy, i18n, format) {
    const eur = (amount: number) => format.money({ amount, currency: 'EUR' })
    const notBought = i18n._(msg({ message: 'No', context: 'clause or cover not bought' }))
    return {
      title: i18n._(msg`Travel medical insurance policy`),
      sections: [
        documentSection(i18n, msg`Insured persons`, [
          ...facts.travellers.map((t, i): DocumentRow => {
            const number = i + 1
            const born = format.day(t.birth_date)
            return [msg`Traveller ${number}`, `${t.first_name} ${t.last_name}, ${i18n._(msg`born on ${born}`)}`]
          }),
          [msg`Policyholder`, holderName(policy)],
        ]),
        documentSection(i18n, msg`Trip`, [
          [msg({ message: 'Area', context: 'travel zone' }), i18n._(zones[facts.zone])],
          [msg({ message: 'Period', context: 'dates of cover' }), coverPeriod(i18n, format, policy)],
          [msg({ message: 'Type', context: 'travel policy' }), i18n._(trips[facts.trip])],
          [msg({ message: 'Purpose', context: 'travel purpose' }), i18n._(purposes[facts.purpose])],
        ]),
        documentSection(i18n, msg`Covers and premium`, [
          [msg`Medical expenses, limit`, eur(facts.medical_limit_eur)],
          [msg`Baggage`, facts.covers.baggage ? i18n._(msg({ message: 'Included', context: 'cover bought' })) : notBought],
          [msg`Trip cancellation, sum insured`, facts.covers.cancellation && facts.cancellation_sum_insured_eur !== null ? eur(facts.cancellation_sum_insured_eur) : notBought],
          premiumRow(format, policy.premium),
          facts.assistance_phone && [msg`24-hour assistance`, facts.assistance_phone],
        ]),
      ],
      notes: [
        ...(facts.schengen_valid ? [i18n._(msg`This policy meets the conditions for a Schengen visa: it covers medical expenses, repatriation and emergency assistance of at least EUR 30,000, in all Schengen states, for the whole stay.`)] : []),
        i18n._(msg`If you fall ill or have an accident, call the assistance number first: it tells you where to go and pays directly where it can.`),
      ],
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
  policyFacts({ policy, details, insured }) {
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
      assistance_phone: typeof details.assistance_phone === 'string' ? details.assistance_phone : null,
    }
  },
  document: travelDocument,
  reminders: {
    kind: 'policy_end',
    subject: msg`Your travel insurance policy`,
    calendarTitle: msg`Travel insurance ends`,
    renewPath: () => '/travel',
  },
}
