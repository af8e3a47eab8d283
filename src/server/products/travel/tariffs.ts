import { wholeYearsBetween, daysBetween } from '~/contract/iso-date'
import type { TravelQuoteInput, travelPurposes, travelZones } from '~/contract/travel'

type Zone = (typeof travelZones)[number]
type Purpose = (typeof travelPurposes)[number]

/**
 * A sandbox travel insurer's tariff: a daily rate per person in euro cents by zone for ages up to
 * 65, multipliers for 66–80 and 81+ (the ERV-type bands of facts §5), per purpose, an age limit
 * per purpose (facts §5: work 18–65, sports 14–70), the medical limit, optional covers, and
 * whether it sells one family policy (≥ 1 adult with children, at most 2 adults and 5 children).
 */
export interface TravelInsurerTariff {
  dailyEurCents: Record<Zone, number>
  minimumEurCents: number
  ageBands: { upTo65: 1; upTo80: number; over80: number | null }
  purpose: Record<Purpose, { factor: number; minAge: number; maxAge: number } | null>
  /** Medical limit in euro cents; below 3 000 000 (30 000 EUR) it is not valid for a Schengen visa (Reg. 810/2009 art. 15). */
  medicalLimitEurCents: number
  annualFactor: number
  baggageEurCents: number
  cancellationFactor: number
  family: boolean
}

export const travelInsurerTariffs: Record<string, TravelInsurerTariff> = {
  'allianz-tiriac': {
    dailyEurCents: { europe: 95, world_excl_us_ca: 150, world: 230 },
    minimumEurCents: 500,
    ageBands: { upTo65: 1, upTo80: 1.4, over80: 2.4 },
    purpose: { tourism: { factor: 1, minAge: 0, maxAge: 120 }, work: { factor: 1.5, minAge: 18, maxAge: 65 }, sport: { factor: 2, minAge: 14, maxAge: 70 } },
    medicalLimitEurCents: 5_000_000,
    annualFactor: 30,
    baggageEurCents: 300,
    cancellationFactor: 0.25,
    family: true,
  },
  groupama: {
    dailyEurCents: { europe: 80, world_excl_us_ca: 140, world: 250 },
    minimumEurCents: 400,
    ageBands: { upTo65: 1, upTo80: 1.6, over80: null },
    purpose: { tourism: { factor: 1, minAge: 0, maxAge: 80 }, work: { factor: 1.6, minAge: 18, maxAge: 65 }, sport: { factor: 1.8, minAge: 14, maxAge: 70 } },
    medicalLimitEurCents: 3_000_000,
    annualFactor: 28,
    baggageEurCents: 250,
    cancellationFactor: 0.3,
    family: false,
  },
  omniasig: {
    dailyEurCents: { europe: 110, world_excl_us_ca: 170, world: 260 },
    minimumEurCents: 600,
    ageBands: { upTo65: 1, upTo80: 1.5, over80: 2.8 },
    purpose: { tourism: { factor: 1, minAge: 0, maxAge: 120 }, work: { factor: 1.4, minAge: 18, maxAge: 65 }, sport: null },
    medicalLimitEurCents: 10_000_000,
    annualFactor: 32,
    baggageEurCents: 350,
    cancellationFactor: 0.2,
    family: true,
  },
  'signal-iduna': {
    dailyEurCents: { europe: 40, world_excl_us_ca: 90, world: 160 },
    minimumEurCents: 250,
    ageBands: { upTo65: 1, upTo80: 1.3, over80: null },
    purpose: { tourism: { factor: 1, minAge: 0, maxAge: 75 }, work: null, sport: null },
    // The budget product: a low limit, not valid for a Schengen visa (facts §5).
    medicalLimitEurCents: 2_000_000,
    annualFactor: 25,
    baggageEurCents: 200,
    cancellationFactor: 0.3,
    family: false,
  },
}

export interface TravelPrice {
  /** Euro cents for every traveller together. */
  premiumEurCents: number
  scope: 'per_traveller' | 'family'
  days: number
  medicalLimitEurCents: number
  schengenValid: boolean
}

const SCHENGEN_MINIMUM_EUR_CENTS = 3_000_000

/** The premium for the whole party in euro cents, or why the insurer declines (an age over its limit, a purpose it does not cover). */
export function priceTravel(tariff: TravelInsurerTariff, request: TravelQuoteInput, endDate: string): TravelPrice | { declined: string } {
  const purpose = tariff.purpose[request.purpose]
  if (!purpose) return { declined: 'purpose_not_covered' }
  const days = daysBetween(request.start_date, endDate) + 1
  const ages = request.travellers.map((t) => wholeYearsBetween(t.birth_date, request.start_date))
  if (ages.some((age) => age < purpose.minAge || age > purpose.maxAge)) return { declined: 'age_limit' }
  const perPerson = ages.map((age) => {
    const band = age <= 65 ? 1 : age <= 80 ? tariff.ageBands.upTo80 : tariff.ageBands.over80
    if (band === null) return null
    const base = request.trip === 'annual' ? tariff.dailyEurCents[request.zone] * tariff.annualFactor : tariff.dailyEurCents[request.zone] * days
    let price = Math.max(tariff.minimumEurCents, base * band * purpose.factor)
    if (request.covers.baggage) price += tariff.baggageEurCents
    if (request.covers.cancellation) price *= 1 + tariff.cancellationFactor
    return Math.round(price)
  })
  if (perPerson.includes(null)) return { declined: 'age_limit' }
  const prices = perPerson as number[]
  const adults = ages.filter((a) => a >= 18).length
  const children = ages.length - adults
  const familyFits = tariff.family && adults >= 1 && adults <= 2 && children >= 1 && children <= 5
  // A family policy costs what the two most expensive members would: children ride free (facts §5 family tariff).
  const premiumEurCents = familyFits ? [...prices].sort((a, b) => b - a).slice(0, 2).reduce((a, b) => a + b, 0) : prices.reduce((a, b) => a + b, 0)
  return {
    premiumEurCents,
    scope: familyFits ? 'family' : 'per_traveller',
    days,
    medicalLimitEurCents: tariff.medicalLimitEurCents,
    schengenValid: tariff.medicalLimitEurCents >= SCHENGEN_MINIMUM_EUR_CENTS,
  }
}
