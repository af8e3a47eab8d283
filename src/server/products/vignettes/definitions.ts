import { msg } from '@lingui/core/macro'
import { HuVignetteQuoteInput, RoVignetteQuoteInput } from '~/contract/vignettes'
import { rateHoldsUntil } from '../../fx/rate-day'
import type { ProductDefinition } from '../definition'
import { exchangeRateContext, exchangeRateView, pick } from '../foreign-price'
import { refuseIf } from '../rules'
import { priceHuVignette, priceRoVignette, type VignettePrice } from './pricing'
import { vignettePolicyPart, vignettePurchase } from './purchase'

const detailFields = { list_price_amount: 'int', list_price_currency: 'string', valid_from: 'string', valid_until: 'string', bridge_passes: 'int' } as const

function vignetteOfferView(details: Record<string, unknown>) {
  const currency = details.list_price_currency === 'HUF' ? 'HUF' : 'EUR'
  return {
    ...(typeof details.list_price_amount === 'number' ? { list_price: { amount: details.list_price_amount, currency } } : {}),
    ...(typeof details.valid_from === 'string' ? { valid_from: details.valid_from, valid_until: details.valid_until } : {}),
    ...(typeof details.bridge_passes === 'number' ? { bridge_passes: details.bridge_passes } : {}),
  }
}

/** An annual Hungarian vignette valid only a short while (it ends on 31 January): told before purchase. */
function shortValidityView(context: Record<string, unknown>) {
  const short = context.short_validity as { last_day?: unknown; days?: unknown } | undefined
  return short && typeof short.last_day === 'string' && typeof short.days === 'number' ? { short_validity: { last_day: short.last_day, days: short.days } } : {}
}

function priced(result: VignettePrice | Parameters<typeof refuseIf>[0]): VignettePrice {
  if (Array.isArray(result)) {
    refuseIf(result)
    throw new Error('unreachable')
  }
  return result
}

/**
 * The rovinietă: one offer, from CNAIR (the issuer); the price is the tariff's, converted at the
 * rate CNAIR applies (BNR's of the previous month's last day, docs/tariffs.md) with no fee added; validity is fixed here, to the minute, and confirmed by the issuer.
 */
export const roVignetteDefinition: ProductDefinition<RoVignetteQuoteInput> = {
  code: 'ro-vignette',
  requestSchema: RoVignetteQuoteInput,
  async prepare(request, { fx, now }) {
    const price = priced(priceRoVignette(request, now))
    const rate = await fx.forPurchase('EUR', 'bnr-end-of-previous-month', now)
    const { token: _token, ...rest } = request
    return {
      context: { ...exchangeRateContext(rate), policy: vignettePolicyPart(request) },
      pricesHoldUntil: rateHoldsUntil('bnr-end-of-previous-month', now),
      payload: { ...rest, eur_rate_micros: rate.ronPerUnitMicros, valid_from: price.validity.from.toISOString(), valid_until: price.validity.until.toISOString() },
      startDate: request.start_date,
      endDate: price.validity.lastDay,
      months: request.period === '12m' ? 12 : 0,
    }
  },
  offerDetails: (details) => pick(details, detailFields),
  subject: ({ vehicle, period, start_date, bridge_passes }) => ({ product: 'ro-vignette', ...vehicle, period, start_date, bridge_passes }),
  quoteView: exchangeRateView,
  offerView: vignetteOfferView,
  oneOfferPerInsurer: true,
  // The year's and the month's vignettes follow on; a few days' vignette is for a trip.
  renewal: { request: (previous, startDate) => (previous.period === '12m' || previous.period === '30d' ? { ...previous, start_date: startDate } : undefined) },
  purchase: vignettePurchase({
    title: msg`Romanian road vignette (rovinietă) proof`,
    subject: msg`Your Romanian road vignette`,
    calendarTitle: msg`Rovinietă ends`,
    renewPath: '/instantRo',
    paper: { field: 'rovinieta_valid_until', calendarKind: 'rovinieta' },
  }),
}

/** The Hungarian e-vignette: one offer, from NÚSZ, in HUF converted at BNR's rate of the day; Hungarian validity. */
export const huVignetteDefinition: ProductDefinition<HuVignetteQuoteInput> = {
  code: 'hu-vignette',
  requestSchema: HuVignetteQuoteInput,
  async prepare(request, { fx, now }) {
    const price = priced(priceHuVignette(request, now))
    const rate = await fx.forPurchase('HUF', 'bnr-of-day', now)
    const { token: _token, ...rest } = request
    const short = price.shortValidityDays === undefined ? {} : { short_validity: { last_day: price.validity.lastDay, days: price.shortValidityDays } }
    return {
      context: { ...exchangeRateContext(rate), ...short, policy: vignettePolicyPart(request) },
      pricesHoldUntil: rateHoldsUntil('bnr-of-day', now),
      payload: { ...rest, huf_rate_micros: rate.ronPerUnitMicros, valid_from: price.validity.from.toISOString(), valid_until: price.validity.until.toISOString() },
      startDate: request.start_date,
      endDate: price.validity.lastDay,
      months: 0,
    }
  },
  offerDetails: (details) => pick(details, detailFields),
  subject: ({ vehicle, period, counties, start_date }) => ({ product: 'hu-vignette', ...vehicle, period, counties, start_date }),
  quoteView: (context) => ({ ...exchangeRateView(context), ...shortValidityView(context) }),
  offerView: vignetteOfferView,
  oneOfferPerInsurer: true,
  purchase: vignettePurchase({
    title: msg`Hungarian e-vignette proof`,
    subject: msg`Your Hungarian vignette`,
    calendarTitle: msg`Hungarian vignette ends`,
    renewPath: '/lih',
    paper: { field: 'hu_vignette_valid_until', calendarKind: 'hu_vignette' },
  }),
}
