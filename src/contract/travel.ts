import { z } from 'zod'
import { flatForm, formBox, formText } from './flat-form'
import { isIsoDate } from './iso-date'

export const travelZones = ['europe', 'world_excl_us_ca', 'world'] as const
export const travelPurposes = ['tourism', 'work', 'sport'] as const
export const travelTrips = ['single', 'annual'] as const
/**
 * The longest single trip asked for: a year, as "long trip" products sell (romania-insurance-facts.md §5: up to 365
 * days); most insurers sell single trips up to 90 days and decline longer ones (`trip_too_long`).
 */
export const TRAVEL_MAX_TRIP_DAYS = 365
export const TRAVEL_MAX_TRAVELLERS = 9
/** A trip's cost, for cancellation cover: 10 … 100 000 EUR for the whole party, in euro cents. */
export const TRAVEL_TRIP_COST_MIN = 1_000
export const TRAVEL_TRIP_COST_MAX = 10_000_000

const date = z.string({ error: 'product_date_format' }).refine(isIsoDate, 'product_date_format')

export const TravelQuoteInput = z
  .object({
    zone: z.enum(travelZones, { error: 'travel_zone' }),
    /** `annual`: a year of trips of up to 90 days each, from `start_date`; `end_date` is then ignored. */
    trip: z.enum(travelTrips, { error: 'travel_trip' }).default('single'),
    start_date: date,
    end_date: date,
    travellers: z
      .array(z.object({ birth_date: date }), { error: 'travel_travellers' })
      .min(1, 'travel_travellers')
      .max(TRAVEL_MAX_TRAVELLERS, 'travel_travellers_too_many'),
    purpose: z.enum(travelPurposes, { error: 'travel_purpose' }),
    covers: z
      .object({ baggage: z.boolean({ error: 'travel_cover' }).default(false), cancellation: z.boolean({ error: 'travel_cover' }).default(false) })
      .default({ baggage: false, cancellation: false }),
    /**
     * What the trip costs the whole party (tickets, stay), in euro cents: cancellation cover insures
     * it and is priced on it, so it is required with `covers.cancellation`. For an annual policy,
     * the cost of the dearest trip.
     */
    trip_cost: z
      .object({
        amount: z.number({ error: 'travel_trip_cost' }).int('travel_trip_cost').min(TRAVEL_TRIP_COST_MIN, 'travel_trip_cost').max(TRAVEL_TRIP_COST_MAX, 'travel_trip_cost'),
        currency: z.literal('EUR', { error: 'travel_trip_cost' }),
      }, { error: 'travel_trip_cost' })
      .nullable()
      .default(null),
    token: z.string({ error: 'product_captcha_required' }).max(4096, 'product_captcha_required'),
  })
  .refine((v) => v.trip === 'annual' || v.end_date >= v.start_date, { message: 'travel_end_before_start', path: ['end_date'] })
  .refine((v) => !v.covers.cancellation || v.trip_cost !== null, { message: 'travel_trip_cost_required', path: ['trip_cost'] })
export type TravelQuoteInput = z.infer<typeof TravelQuoteInput>

/**
 * The travel quote form (one page, flat text fields): `traveller_1` … `traveller_9` hold the
 * birth dates, `baggage` and `cancellation` the optional covers. It is checked by the API's own
 * schema after reading the form into the API's shape; each failure is named by the form field
 * it belongs to, so the sentence shows beside that field.
 */
export const travellerField = (index: number) => `traveller_${index + 1}`

/** The form field of an API path (`travellers.2.birth_date` → `traveller_3`, `covers.baggage` → `baggage`). */
export function travelFormField(path: string): string {
  const traveller = /^travellers\.(\d+)(?:\.|$)/.exec(path)
  if (traveller) return travellerField(Number(traveller[1]))
  // A missing traveller list speaks of the first traveller's field.
  if (path === 'travellers') return travellerField(0)
  if (path.startsWith('covers.')) return path.slice('covers.'.length)
  if (path.startsWith('trip_cost')) return 'trip_cost'
  return path === '' ? 'form' : path
}

/** Form values → the API's request (empty traveller fields are left out; an annual cover needs no end date). */
export function travelFormToInput(values: Record<string, unknown>) {
  const trip = formText(values.trip)
  const start = formText(values.start_date)
  const end = formText(values.end_date)
  const travellers: { birth_date: string }[] = []
  for (let i = 0; i < TRAVEL_MAX_TRAVELLERS; i++) {
    const birth = formText(values[travellerField(i)])
    if (birth) travellers.push({ birth_date: birth })
  }
  return {
    zone: formText(values.zone) || undefined,
    trip: trip || undefined,
    start_date: start,
    end_date: trip === 'annual' && !end ? start : end,
    travellers,
    purpose: formText(values.purpose) || undefined,
    covers: { baggage: formBox(values.baggage), cancellation: formBox(values.cancellation) },
    // Asked only with cancellation cover: typed without it, it is left out.
    trip_cost: formBox(values.cancellation) ? euroCentsOf(formText(values.trip_cost)) : null,
    token: typeof values.token === 'string' ? values.token : '',
  }
}

/**
 * Euros as typed (`1250`, `1 250`, `1.250`, `1250,50`, `1250.50`) → `{amount: cents, currency}`;
 * empty → null (refused when cancellation cover asks for it); anything else stays as typed and is
 * refused with the field's sentence.
 */
function euroCentsOf(text: string | undefined): { amount: number; currency: 'EUR' } | string | null {
  if (!text) return null
  const compact = text.replace(/[\s\u00a0\u202f€]|EUR/gi, '')
  // Dots or commas between groups of three digits separate thousands (1.250 or 1,250 in ro and en).
  const whole = /^\d{1,3}([.,]\d{3})+$/.test(compact) ? compact.replace(/[.,]/g, '') : compact
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(whole)
  if (!match) return text
  return { amount: Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0')), currency: 'EUR' }
}

export const TravelQuoteForm = flatForm(TravelQuoteInput, travelFormToInput, travelFormField)
