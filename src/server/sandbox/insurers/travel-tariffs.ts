import { daysBetween, wholeYearsBetween } from '~/contract/iso-date'
import type { TravelQuoteInput, travelPurposes, travelZones } from '~/contract/travel'

type Zone = (typeof travelZones)[number]
type Purpose = (typeof travelPurposes)[number]

/**
 * A sandbox travel insurer's tariff (docs/products.md), in euro cents. A single trip costs a
 * fixed part per trip plus a day rate that falls with length (market samples, romania-insurance-facts.md §5: ten days
 * cost little more than four); days beyond the insurer's longest trip are not sold. An annual
 * multi-trip policy covers trips up to `annual.maxTripDays` each and costs its loading times one
 * trip of that length, so never less than a single 30-day trip. Ages in the ERV-type bands (up to
 * 65, 66–80, 81+), limits per purpose (work 18–65; sports 14–70, skiing from 5 where covered),
 * a medical limit per zone, optional baggage and cancellation cover (priced on the trip's cost and
 * insuring it), and a family policy where the insurer sells one.
 */
export interface TravelInsurerTariff {
  /** Per traveller: a fixed part of each trip and a day rate, by zone. */
  perTripEurCents: Record<Zone, number>
  perDayEurCents: Record<Zone, number>
  /** The day rate's share after 30 days and after 90 days (long stays cost less a day). */
  dayRateAfter30: number
  dayRateAfter90: number
  /** The longest single trip sold (90 days usually; up to 365 for "long trip" products). */
  maxSingleTripDays: number
  /** Annual multi-trip: each trip up to `maxTripDays`; the price is `loading` × one such trip. Null: not sold. */
  annual: { maxTripDays: number; loading: number } | null
  ageBands: { upTo80: number; over80: number | null }
  /** `skiing`: the sport cover includes skiing, sold from age 5 (romania-insurance-facts.md §5: skiing 5–70). */
  purpose: Record<Purpose, { factor: number; minAge: number; maxAge: number; skiing?: boolean } | null>
  /** Medical limit by zone in euro cents; null: the zone is not sold. Under 30 000 EUR it is not valid for a Schengen visa. */
  medicalLimitEurCents: Record<Zone, number | null>
  baggageEurCents: number
  /** Cancellation: a rate on the trip's cost, a minimum per trip, and the most it insures per traveller. */
  cancellation: { rate: number; minimumEurCents: number; maxPerTravellerEurCents: number }
  family: boolean
  /** Its 24-hour assistance line (the sandbox's own numbers, not the insurers' real ones). */
  assistancePhone: string
}

export const travelInsurerTariffs: Record<string, TravelInsurerTariff> = {
  // Sells long stays (a year), skiing from 5, one family policy; high limits.
  'allianz-tiriac': {
    perTripEurCents: { europe: 500, world_excl_us_ca: 800, world: 1300 },
    perDayEurCents: { europe: 65, world_excl_us_ca: 110, world: 175 },
    dayRateAfter30: 0.75,
    dayRateAfter90: 0.5,
    maxSingleTripDays: 365,
    annual: { maxTripDays: 45, loading: 1.3 },
    ageBands: { upTo80: 1.5, over80: 2.5 },
    purpose: { tourism: { factor: 1, minAge: 0, maxAge: 120 }, work: { factor: 1.5, minAge: 18, maxAge: 65 }, sport: { factor: 1.9, minAge: 5, maxAge: 70, skiing: true } },
    medicalLimitEurCents: { europe: 5_000_000, world_excl_us_ca: 10_000_000, world: 15_000_000 },
    baggageEurCents: 300,
    cancellation: { rate: 0.04, minimumEurCents: 800, maxPerTravellerEurCents: 500_000 },
    family: true,
    assistancePhone: '+40 21 300 11 20',
  },
  // Single trips up to 90 days, annual trips up to 90 days each; skiing from 5.
  groupama: {
    perTripEurCents: { europe: 400, world_excl_us_ca: 700, world: 1200 },
    perDayEurCents: { europe: 60, world_excl_us_ca: 100, world: 165 },
    dayRateAfter30: 0.8,
    dayRateAfter90: 0.55,
    maxSingleTripDays: 90,
    annual: { maxTripDays: 90, loading: 1.2 },
    ageBands: { upTo80: 1.6, over80: null },
    purpose: { tourism: { factor: 1, minAge: 0, maxAge: 80 }, work: { factor: 1.6, minAge: 18, maxAge: 65 }, sport: { factor: 1.8, minAge: 5, maxAge: 70, skiing: true } },
    medicalLimitEurCents: { europe: 3_000_000, world_excl_us_ca: 5_000_000, world: 5_000_000 },
    baggageEurCents: 250,
    cancellation: { rate: 0.035, minimumEurCents: 1000, maxPerTravellerEurCents: 300_000 },
    family: false,
    assistancePhone: '+40 21 300 22 40',
  },
  // Long stays up to 180 days, high limits, no sports.
  omniasig: {
    perTripEurCents: { europe: 600, world_excl_us_ca: 900, world: 1400 },
    perDayEurCents: { europe: 70, world_excl_us_ca: 115, world: 185 },
    dayRateAfter30: 0.7,
    dayRateAfter90: 0.5,
    maxSingleTripDays: 180,
    annual: { maxTripDays: 60, loading: 1.25 },
    ageBands: { upTo80: 1.5, over80: 2.8 },
    purpose: { tourism: { factor: 1, minAge: 0, maxAge: 120 }, work: { factor: 1.4, minAge: 18, maxAge: 65 }, sport: null },
    medicalLimitEurCents: { europe: 10_000_000, world_excl_us_ca: 10_000_000, world: 20_000_000 },
    baggageEurCents: 350,
    cancellation: { rate: 0.05, minimumEurCents: 1000, maxPerTravellerEurCents: 1_000_000 },
    family: true,
    assistancePhone: '+40 21 300 33 60',
  },
  // The budget product: a low limit in Europe (not valid for a Schengen visa, romania-insurance-facts.md §5), short trips, no USA or Canada.
  'signal-iduna': {
    // The world zone is not sold (no medical limit below): its rates are never used.
    perTripEurCents: { europe: 250, world_excl_us_ca: 500, world: 0 },
    perDayEurCents: { europe: 30, world_excl_us_ca: 70, world: 0 },
    dayRateAfter30: 0.8,
    dayRateAfter90: 0.8,
    maxSingleTripDays: 60,
    annual: { maxTripDays: 30, loading: 1.15 },
    ageBands: { upTo80: 1.3, over80: null },
    purpose: { tourism: { factor: 1, minAge: 0, maxAge: 75 }, work: null, sport: null },
    medicalLimitEurCents: { europe: 2_000_000, world_excl_us_ca: 3_000_000, world: null },
    baggageEurCents: 200,
    cancellation: { rate: 0.06, minimumEurCents: 600, maxPerTravellerEurCents: 150_000 },
    family: false,
    assistancePhone: '+40 21 300 44 80',
  },
}

export interface TravelPrice {
  /** Euro cents for every traveller together. */
  premiumEurCents: number
  scope: 'per_traveller' | 'family'
  days: number
  medicalLimitEurCents: number
  schengenValid: boolean
  /** Annual multi-trip: the longest trip covered. */
  maxTripDays: number | null
  /** Cancellation cover bought: the sum insured (the trip's cost), euro cents. */
  cancellationEurCents: number | null
  /** Sport cover: whether it includes skiing. */
  skiing: boolean | null
}

export type TravelDecline = { declined: 'purpose_not_covered' | 'age_limit' | 'zone_not_covered' | 'trip_too_long' | 'trip_cost_above_limit' }

const SCHENGEN_MINIMUM_EUR_CENTS = 3_000_000

/** One traveller's single trip of `days` in `zone`, before age, purpose and extras. */
export function singleTripEurCents(tariff: TravelInsurerTariff, zone: Zone, days: number): number {
  const chargeable = Math.min(days, 30) + Math.max(0, Math.min(days, 90) - 30) * tariff.dayRateAfter30 + Math.max(0, days - 90) * tariff.dayRateAfter90
  return tariff.perTripEurCents[zone] + tariff.perDayEurCents[zone] * chargeable
}

/** The premium for the whole party in euro cents, or why the insurer declines. */
export function priceTravel(tariff: TravelInsurerTariff, request: TravelQuoteInput, endDate: string): TravelPrice | TravelDecline {
  const purpose = tariff.purpose[request.purpose]
  if (!purpose) return { declined: 'purpose_not_covered' }
  const medicalLimit = tariff.medicalLimitEurCents[request.zone]
  if (medicalLimit === null) return { declined: 'zone_not_covered' }
  const days = daysBetween(request.start_date, endDate) + 1
  if (request.trip === 'annual' && !tariff.annual) return { declined: 'trip_too_long' }
  if (request.trip === 'single' && days > tariff.maxSingleTripDays) return { declined: 'trip_too_long' }
  const ages = request.travellers.map((t) => wholeYearsBetween(t.birth_date, request.start_date))
  if (ages.some((age) => age < purpose.minAge || age > purpose.maxAge)) return { declined: 'age_limit' }
  const tripCost = request.covers.cancellation ? (request.trip_cost?.amount ?? 0) : 0
  if (tripCost > tariff.cancellation.maxPerTravellerEurCents * request.travellers.length) return { declined: 'trip_cost_above_limit' }

  const annual = request.trip === 'annual' ? tariff.annual : null
  const base = annual ? singleTripEurCents(tariff, request.zone, annual.maxTripDays) * annual.loading : singleTripEurCents(tariff, request.zone, days)
  const perPerson = ages.map((age) => {
    const band = age <= 65 ? 1 : age <= 80 ? tariff.ageBands.upTo80 : tariff.ageBands.over80
    if (band === null) return null
    return Math.round(base * band * purpose.factor + (request.covers.baggage ? tariff.baggageEurCents : 0))
  })
  if (perPerson.includes(null)) return { declined: 'age_limit' }
  const prices = perPerson as number[]
  const adults = ages.filter((a) => a >= 18).length
  const children = ages.length - adults
  const familyFits = tariff.family && adults >= 1 && adults <= 2 && children >= 1 && children <= 5
  // A family policy costs what the two most expensive members would: children ride free (romania-insurance-facts.md §5 family tariff).
  const party = familyFits ? [...prices].sort((a, b) => b - a).slice(0, 2).reduce((a, b) => a + b, 0) : prices.reduce((a, b) => a + b, 0)
  // Cancellation insures the trip's cost, priced on it; an annual policy may cancel several trips a year.
  const cancellation = tripCost > 0 ? Math.round(Math.max(tariff.cancellation.minimumEurCents, tripCost * tariff.cancellation.rate) * (annual ? 2 : 1)) : 0
  return {
    premiumEurCents: party + cancellation,
    scope: familyFits ? 'family' : 'per_traveller',
    days,
    medicalLimitEurCents: medicalLimit,
    schengenValid: medicalLimit >= SCHENGEN_MINIMUM_EUR_CENTS,
    maxTripDays: annual ? annual.maxTripDays : null,
    cancellationEurCents: tripCost > 0 ? tripCost : null,
    skiing: request.purpose === 'sport' ? purpose.skiing === true : null,
  }
}
