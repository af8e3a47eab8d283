/**
 * Quotes and offers as the provider API answers them, for every product:
 * `POST /api/v1/products/{product}/quotes` → `{data: Quote}`, `GET /api/v1/quotes/{id}`.
 * Amounts are integers in minor units (bani). Product-specific fields are optional here and
 * always present for their product (RCA: `bonus_malus`, each offer's `direct_settlement`).
 */
import { z } from 'zod'
import { LegalDocument } from './legal-documents'
import { houseCovers } from './house'
import { travelPurposes, travelTrips, travelZones } from './travel'
import { publicId } from './public-id'
import { huCounties, huVignetteCategories, huVignettePeriods, roVignetteCategories, roVignettePeriods, vehicleCountries } from './vignettes'

export const Money = z.object({ amount: z.number().int().min(0), currency: z.literal('RON') })
export type Money = z.infer<typeof Money>
/** An amount in another currency's ISO 4217 minor units (50 EUR is 5000, 61 760 HUF is 6176000). */
export const ForeignMoney = z.object({ amount: z.number().int().min(0), currency: z.enum(['EUR', 'HUF']) })

export const QuoteId = publicId('quote_id_invalid')
export const OfferId = publicId('offer_id_invalid')

export const BonusMalus = z.object({
  /** `B8` … `B1`, `B0`, `M1` … `M8`. */
  class: z.string(),
  /** Multiplies the base premium: 0.5 (B8) … 1 (B0) … 1.8 (M8). */
  coefficient: z.number(),
})

/**
 * RCA: ASF's reference tariff for the quote's cell (romania-insurance-facts.md §1.7), shown beside the offers. `annual`
 * is the cell's 12-month premium; `for_class` the same with the owner's bonus-malus coefficient,
 * which is what 12-month offers are compared with. With `baar_allocation` (three or more 12-month
 * offers above it) the buyer may ask BAAR to allocate an insurer (`baar_url`).
 */
export const ReferenceTariff = z.object({
  annual: Money,
  for_class: Money,
  zone: z.enum(['bucharest-ilfov', 'rest']),
  age_band: z.string(),
  power_band: z.string(),
  /** The first day of the table it comes from. */
  valid_from: z.iso.date(),
  /** 12-month offers above `for_class` so far (0 for shorter policies: BAAR compares 12-month offers). */
  offers_above: z.number().int().min(0),
  baar_allocation: z.boolean(),
  baar_url: z.url(),
})
export type ReferenceTariff = z.infer<typeof ReferenceTariff>

export const OfferStatus = z.enum(['pending', 'offered', 'declined', 'failed'])

/**
 * Why an insurer gave no price, as a code the interface translates: an insurer's refusal
 * (`risk_not_covered`, `vehicle_category_not_covered`, `usage_not_covered`, …) or the engine's
 * (`timeout`: no answer in time; `insurer_error`: an error or an unreadable answer).
 */
export const OfferReason = z.string()

export const Offer = z.object({
  id: OfferId,
  insurer: z.object({ code: z.string(), name: z.string() }),
  status: OfferStatus,
  premium: Money.nullable(),
  /** RCA: the direct settlement clause's own price with this insurer (null when it has none). */
  direct_settlement: Money.nullable().optional(),
  /** Vignettes: the issuer's price in its own currency (euro cents, fillér), before conversion to lei. */
  list_price: ForeignMoney.optional(),
  /** Vignettes: validity to the minute (the end is 24:00 of the last day in the issuer's zone). */
  valid_from: z.iso.datetime({ offset: true }).optional(),
  valid_until: z.iso.datetime({ offset: true }).optional(),
  /** RO vignette: Fetești–Cernavodă bridge passes included in the premium. */
  bridge_passes: z.number().int().min(0).optional(),
  /** Travel: the medical limit, and whether it meets the Schengen visa minimum of 30 000 EUR (Reg. 810/2009 art. 15). */
  medical_limit: ForeignMoney.optional(),
  schengen_valid: z.boolean().optional(),
  /** Travel: one policy per traveller, or one family policy. */
  policy_scope: z.enum(['per_traveller', 'family']).optional(),
  /** Travel, annual multi-trip: the longest trip each policy covers, in days. */
  max_trip_days: z.number().int().min(1).optional(),
  /** Travel with cancellation cover: what it insures (the trip's cost the buyer gave). */
  cancellation_cover: ForeignMoney.optional(),
  /** Travel for sport: whether the cover includes skiing. */
  skiing_covered: z.boolean().optional(),
  /** Travel: the insurer's 24-hour assistance line, printed on the policy. */
  assistance_phone: z.string().optional(),
  /** House: the mandatory PAD (from the PAID pool) or optional cover; its sums insured. */
  cover: z.enum(['pad', 'optional']).optional(),
  pad_type: z.enum(['A', 'B']).optional(),
  sum_insured: Money.optional(),
  contents_sum_insured: Money.optional(),
  liability_cover: Money.optional(),
  /** House, optional cover: the insurer's deductible, a share of each claim and at least `minimum`. */
  deductible: z.object({ percent: z.number().int().min(1).max(100), minimum: Money }).optional(),
  /** Whole months covered (RCA: 1–12); 0 for periods counted in days. */
  months: z.number().int().min(0),
  start_date: z.iso.date(),
  end_date: z.iso.date(),
  reason: OfferReason.nullable(),
  /** What the buyer receives and accepts before paying (an offered offer): the insurer's IPID and general conditions, and the broker's information notice. */
  documents: z.array(LegalDocument),
})
export type Offer = z.infer<typeof Offer>

const day = z.iso.date()

/**
 * What a quote is for, as the checkout repeats it before paying: the plate and VIN
 * (RCA), the trip and the travellers' birth dates (travel), the address and cover (house), the
 * plate, country, category and period (vignettes). Only what the buyer typed and must check; an
 * RCA owner's CNP and address are never in it.
 */
export const QuoteSubject = z.discriminatedUnion('product', [
  z.object({ product: z.literal('rca'), registration_plate: z.string(), vin: z.string(), start_date: day, months: z.number().int() }),
  z.object({
    product: z.literal('travel'),
    zone: z.enum(travelZones),
    trip: z.enum(travelTrips),
    purpose: z.enum(travelPurposes),
    start_date: day,
    end_date: day,
    travellers: z.array(z.object({ birth_date: day })),
    /** With cancellation cover: the trip's cost it insures. */
    trip_cost: ForeignMoney.optional(),
  }),
  z.object({
    product: z.literal('house-insurance'),
    address: z.object({ county: z.string(), locality: z.string(), street: z.string() }),
    cover: z.enum(houseCovers),
    existing_pad_number: z.string().nullable(),
    start_date: day,
  }),
  z.object({
    product: z.literal('ro-vignette'),
    registration_plate: z.string(),
    country: z.enum(vehicleCountries),
    vin: z.string().nullable(),
    certificate_series: z.string().nullable(),
    category: z.enum(roVignetteCategories),
    period: z.enum(roVignettePeriods),
    start_date: day,
    bridge_passes: z.number().int().min(0),
  }),
  z.object({
    product: z.literal('hu-vignette'),
    registration_plate: z.string(),
    country: z.enum(vehicleCountries),
    category: z.enum(huVignetteCategories),
    period: z.enum(huVignettePeriods),
    counties: z.array(z.enum(huCounties)),
    start_date: day,
  }),
])
export type QuoteSubject = z.infer<typeof QuoteSubject>

export const Quote = z.object({
  id: QuoteId,
  product: z.string(),
  status: z.enum(['pending', 'complete']),
  /** RCA: the owner's bonus-malus class, found before insurers were asked. */
  bonus_malus: BonusMalus.optional(),
  /** RCA: ASF's reference tariff for the quote's cell; null where the table has no cell (other vehicles, companies). */
  reference_tariff: ReferenceTariff.nullable().optional(),
  /** What the quote is for, to repeat before paying. */
  subject: QuoteSubject.optional(),
  /** Products listed in EUR or HUF: the day's rate used for the premiums in lei (kept with the order). */
  exchange_rate: z.object({ currency: z.enum(['EUR', 'HUF']), ron_per_unit: z.string(), date: z.iso.date() }).optional(),
  /** Hungarian annual and county vignettes valid 60 days or fewer (they end on 31 January): their last day and length, said before purchase. */
  short_validity: z.object({ last_day: z.iso.date(), days: z.number().int().min(1) }).optional(),
  insurers_total: z.number().int().min(0),
  insurers_answered: z.number().int().min(0),
  /** Offered first, cheapest first; then declined and failed, then those still pending. */
  offers: z.array(Offer),
  /** After this the offers cannot be bought; ask again. */
  expires_at: z.iso.datetime({ offset: true }),
})
export type Quote = z.infer<typeof Quote>

export const QuoteEnvelope = z.object({ data: Quote })

/** The form that asks the insurers again with an expired quote's request (`POST /quotes/{id}/renew`). */
export const RenewQuoteInput = z.object({ quote: QuoteId, token: z.string().max(4096).optional() })

/** The long-poll of `GET /api/v1/quotes/{id}`. */
export const QuotePollQuery = z.object({
  /** Answer as soon as more insurers than this have answered (the count the caller has). */
  after: z.coerce.number({ error: 'poll_after_invalid' }).int({ error: 'poll_after_invalid' }).min(0, { error: 'poll_after_invalid' }).max(1000, { error: 'poll_after_invalid' }).optional(),
  /** Seconds to wait for that (at most 25); without it the quote is answered at once. */
  wait: z.coerce.number({ error: 'poll_wait_invalid' }).min(0, { error: 'poll_wait_invalid' }).max(25, { error: 'poll_wait_invalid' }).optional(),
})

export const InsurerSummary = z.object({
  code: z.string(),
  name: z.string(),
  /** The ASF register number (RA-…). */
  asf_registration: z.string(),
  logo_path: z.string().nullable(),
  products: z.array(z.string()),
})
export const InsurerList = z.object({ data: z.array(InsurerSummary) })

export const InsurerRecord = InsurerSummary.extend({
  enabled: z.boolean(),
  commission_basis_points: z.number().int(),
  adapter: z.string(),
  quote_timeout_ms: z.number().int().nullable(),
})
export const InsurerRecordList = z.object({ data: z.array(InsurerRecord) })
