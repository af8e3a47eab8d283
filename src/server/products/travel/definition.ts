import { TravelQuoteInput } from '~/contract/travel'
import { daysBetween } from '~/contract/iso-date'
import { rateHoldsUntil } from '../../fx/rate-day'
import type { ProductDefinition } from '../definition'
import { exchangeRateContext, exchangeRateView, pick } from '../foreign-price'
import { refuseIf } from '../rules'
import { travelPolicyPart, travelPurchase } from './purchase'
import { travelEndDate, travelProblems } from './rules'

/** Travel: every travel insurer prices the party in EUR with its own tariff; the broker converts at the day's rate. */
export const travelDefinition: ProductDefinition<TravelQuoteInput> = {
  code: 'travel',
  requestSchema: TravelQuoteInput,
  async prepare(request, { fx, now }) {
    refuseIf(travelProblems(request, now))
    const rate = await fx.forPurchase('EUR', 'bnr-of-day', now)
    const endDate = travelEndDate(request)
    const { token: _token, ...rest } = request
    return {
      context: { ...exchangeRateContext(rate), travellers: request.travellers.length, days: daysBetween(request.start_date, endDate) + 1, policy: travelPolicyPart(request) },
      pricesHoldUntil: rateHoldsUntil('bnr-of-day', now),
      payload: { ...rest, end_date: endDate, eur_rate_micros: rate.ronPerUnitMicros },
      startDate: request.start_date,
      endDate,
      months: request.trip === 'annual' ? 12 : 0,
    }
  },
  offerDetails: (details) =>
    pick(details, { premium_eur: 'int', medical_limit_eur: 'int', schengen_valid: 'boolean', policy_scope: 'string', max_trip_days: 'int', cancellation_sum_insured_eur: 'int', skiing_covered: 'boolean', assistance_phone: 'string' }),
  subject: (request) => ({
    product: 'travel',
    zone: request.zone,
    trip: request.trip,
    purpose: request.purpose,
    start_date: request.start_date,
    end_date: travelEndDate(request),
    travellers: request.travellers.map((t) => ({ birth_date: t.birth_date })),
    ...(request.covers.cancellation && request.trip_cost ? { trip_cost: request.trip_cost } : {}),
  }),
  quoteView: exchangeRateView,
  offerView: (details) => ({
    ...(typeof details.medical_limit_eur === 'number' ? { medical_limit: { amount: details.medical_limit_eur, currency: 'EUR' as const } } : {}),
    ...(typeof details.schengen_valid === 'boolean' ? { schengen_valid: details.schengen_valid } : {}),
    ...(details.policy_scope === 'family' || details.policy_scope === 'per_traveller' ? { policy_scope: details.policy_scope } : {}),
    ...(typeof details.max_trip_days === 'number' ? { max_trip_days: details.max_trip_days } : {}),
    ...(typeof details.cancellation_sum_insured_eur === 'number' ? { cancellation_cover: { amount: details.cancellation_sum_insured_eur, currency: 'EUR' as const } } : {}),
    ...(typeof details.skiing_covered === 'boolean' ? { skiing_covered: details.skiing_covered } : {}),
    ...(typeof details.assistance_phone === 'string' ? { assistance_phone: details.assistance_phone } : {}),
  }),
  oneOfferPerInsurer: true,
  // Only the annual cover renews: a single trip is over when it ends.
  renewal: { request: (previous, startDate) => (previous.trip === 'annual' ? { ...previous, start_date: startDate, end_date: startDate } : undefined) },
  purchase: travelPurchase,
}
