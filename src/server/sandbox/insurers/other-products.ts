import { z } from 'zod'
import { HouseQuoteInput } from '~/contract/house'
import { TravelQuoteInput } from '~/contract/travel'
import { HuVignetteQuoteInput, RoVignetteQuoteInput } from '~/contract/vignettes'
import { toBani } from '~/server/fx/service'
import { PAD_ISSUER } from '~/server/products/insurers-data'
import { houseInsurerTariffs, padTariff, padTypeOf, priceOptionalHouse } from './house-tariffs'
import { huVignetteTariffFor } from '~/server/products/vignettes/hu-tariff'
import { bridgePassPrice, roVignetteTariff } from '~/server/products/vignettes/ro-tariff'
import type { SandboxPricer } from './service'
import { priceTravel, travelInsurerTariffs } from './travel-tariffs'

/** The payload as the broker sends it: the request without its captcha token, plus what the broker fixed (rate, validity). */
function parseWith<S extends z.ZodType, E extends z.ZodRawShape>(schema: S, extra: E) {
  const extras = z.object(extra)
  return (payload: unknown): (z.output<S> & z.output<typeof extras>) | undefined => {
    const added = extras.safeParse(payload)
    const request = schema.safeParse({ ...(payload as object), token: '' })
    return added.success && request.success ? { ...(request.data as object), ...added.data } as z.output<S> & z.output<typeof extras> : undefined
  }
}

const rate = z.number().int().positive()
const instant = z.iso.datetime({ offset: true })

/** Travel insurers: each prices the party in EUR with its tariff and answers in lei at the rate the broker sent. */
export const travelSandboxPricer: SandboxPricer<TravelQuoteInput & { end_date: string; eur_rate_micros: number }> = {
  insurers: Object.keys(travelInsurerTariffs),
  parse: parseWith(TravelQuoteInput, { eur_rate_micros: rate }),
  price(insurer, request) {
    const tariff = travelInsurerTariffs[insurer]
    if (!tariff) return { status: 'declined', reason: 'product_not_offered' }
    const price = priceTravel(tariff, request, request.end_date)
    if ('declined' in price) return { status: 'declined', reason: price.declined }
    return {
      status: 'offered',
      premium: toBani(price.premiumEurCents, request.eur_rate_micros),
      details: {
        premium_eur: price.premiumEurCents,
        medical_limit_eur: price.medicalLimitEurCents,
        schengen_valid: price.schengenValid,
        policy_scope: price.scope,
        ...(price.maxTripDays === null ? {} : { max_trip_days: price.maxTripDays }),
        ...(price.cancellationEurCents === null ? {} : { cancellation_sum_insured_eur: price.cancellationEurCents }),
        ...(price.skiing === null ? {} : { skiing_covered: price.skiing }),
        assistance_phone: tariff.assistancePhone,
      },
    }
  },
}

/** The PAID pool prices PAD by its law; the insurers price optional cover with their tariffs. */
export const houseSandboxPricer: SandboxPricer<HouseQuoteInput> = {
  insurers: [PAD_ISSUER, ...Object.keys(houseInsurerTariffs)],
  parse: parseWith(HouseQuoteInput, {}),
  price(insurer, request) {
    if (insurer === PAD_ISSUER) {
      if (request.cover === 'optional') return { status: 'declined', reason: 'pad_not_requested' }
      const type = padTypeOf[request.building.wall_material]
      return { status: 'offered', premium: padTariff[type].premium, details: { cover: 'pad', pad_type: type, sum_insured: padTariff[type].sumInsured } }
    }
    const tariff = houseInsurerTariffs[insurer]
    if (!tariff || request.cover === 'pad') return { status: 'declined', reason: 'product_not_offered' }
    const price = priceOptionalHouse(tariff, request)
    if ('declined' in price) return { status: 'declined', reason: price.declined }
    return {
      status: 'offered',
      premium: price.premium,
      details: {
        cover: 'optional',
        sum_insured: price.sumInsuredBuilding,
        contents_sum_insured: price.sumInsuredContents,
        liability_cover: price.liabilityCover,
        deductible_percent: tariff.deductible.percent,
        deductible_minimum: tariff.deductible.minimum,
      },
    }
  },
}

/** CNAIR sells the rovinietă at its tariff, in lei at the broker's rate, bridge passes added; it confirms the validity asked. */
export const roVignetteSandboxPricer: SandboxPricer<RoVignetteQuoteInput & { eur_rate_micros: number; valid_from: string; valid_until: string }> = {
  insurers: ['cnair'],
  parse: parseWith(RoVignetteQuoteInput, { eur_rate_micros: rate, valid_from: instant, valid_until: instant }),
  price(_insurer, request) {
    const listPrice = roVignetteTariff[request.vehicle.category][request.period]
    if (listPrice === undefined) return { status: 'declined', reason: 'period_not_sold' }
    const passes = request.bridge_passes * (bridgePassPrice[request.vehicle.category] ?? 0)
    return {
      status: 'offered',
      premium: toBani(listPrice, request.eur_rate_micros) + passes,
      details: { list_price_amount: listPrice, list_price_currency: 'EUR', valid_from: request.valid_from, valid_until: request.valid_until, bridge_passes: request.bridge_passes },
    }
  },
}

/** NÚSZ sells the e-matrica at the prices of the year it is valid in, one county price per county, in lei at the broker's rate. */
export const huVignetteSandboxPricer: SandboxPricer<HuVignetteQuoteInput & { huf_rate_micros: number; valid_from: string; valid_until: string }> = {
  insurers: ['nusz'],
  parse: parseWith(HuVignetteQuoteInput, { huf_rate_micros: rate, valid_from: instant, valid_until: instant }),
  price(_insurer, request) {
    const tariff = huVignetteTariffFor(request.start_date)
    if (!tariff) return { status: 'declined', reason: 'tariff_year_not_published' }
    const unit = tariff[request.vehicle.category][request.period]
    if (unit === undefined) return { status: 'declined', reason: 'period_not_sold' }
    const listPrice = request.period === 'county' ? unit * request.counties.length : unit
    return {
      status: 'offered',
      premium: toBani(listPrice, request.huf_rate_micros),
      details: { list_price_amount: listPrice, list_price_currency: 'HUF', valid_from: request.valid_from, valid_until: request.valid_until },
    }
  },
}
