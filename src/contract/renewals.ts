/** The renewal autopilot as the API shows it (`/api/v1/renewals`): one card per policy about to end. */
import { z } from 'zod'
import { Money, Offer, QuoteSubject } from './quotes'

export const RenewalStatus = z.enum(['open', 'renewed', 'bought_elsewhere'])

/** The new price against last year's: in lei and in per cent (one decimal), positive when dearer. */
export const PriceChange = z.object({ amount: z.number().int(), percent: z.number() })
export type PriceChange = z.infer<typeof PriceChange>

export const Renewal = z.object({
  id: z.uuid(),
  product: z.string(),
  status: RenewalStatus,
  /** What is renewed (vehicle, address), as the quote says it. */
  subject: QuoteSubject.nullable(),
  registration_plate: z.string().nullable(),
  previous: z.object({
    /** Null when the cover was bought elsewhere (a vehicle's end date typed in by its owner): then insurer and price are unknown. */
    insurer: z.object({ code: z.string(), name: z.string() }).nullable(),
    premium: Money.nullable(),
    start_date: z.string().nullable(),
    end_date: z.string(),
    rating_class: z.string().nullable(),
  }),
  /** The day the new cover starts: the day after the old end, or tomorrow for a late buyer. */
  start_date: z.string(),
  /** The old policy has ended: the new one cannot follow on, the car was uninsured in between. */
  late: z.boolean(),
  /** `ready`: prices to buy; `preparing`: insurers are being asked; `expired`: asked again soon (or now, on request). */
  prices: z.enum(['ready', 'preparing', 'expired']),
  quote_id: z.string().nullable(),
  prices_hold_until: z.iso.datetime().nullable(),
  /** The three cheapest offers. */
  best: z.array(Offer),
  /** The current insurer's new price and its change against last year, when it made an offer. */
  current: z.object({ offer: Offer, change: PriceChange }).nullable(),
  rating_class: z.object({ before: z.string().nullable(), after: z.string() }).nullable(),
  reminders: z.boolean(),
  /** The last policy's buyer's phone and address: the checkout of the renewal starts from them. */
  buyer: z.object({ phone: z.string(), address: z.object({ county: z.string(), city: z.string(), street: z.string(), postal_code: z.string().optional() }) }).nullable(),
})
export type Renewal = z.infer<typeof Renewal>

export const RenewalList = z.object({ data: z.array(Renewal) })
export const RenewalEnvelope = z.object({ data: Renewal })
export const RenewalParams = z.object({ id: z.uuid({ error: 'not_found' }) })
/** Where a reminder's one-click link leads: the checkout of the renewal's offer, or nothing priced (`null`). */
export const RenewalCheckout = z.object({ data: z.object({ quote: z.string(), offer: z.string(), renewal: z.uuid() }).nullable() })
export const RenewalReminderRun = z.object({ days_before: z.union([z.literal(30), z.literal(14), z.literal(7), z.literal(1)], { error: 'request_invalid' }) })
export const RenewalRemindersInput = z.object({ enabled: z.boolean({ error: 'account_boolean_invalid' }) })

/** The change from `before` to `after`, minor units; percent rounded to one decimal (0 when there was no price). */
export function priceChange(before: number, after: number): PriceChange {
  const amount = after - before
  return { amount, percent: before > 0 ? Math.round((amount / before) * 1000) / 10 : 0 }
}

/** The card's buttons, posted as a form (with or without JavaScript). */
export const renewalActions = ['quote', 'bought_elsewhere', 'reminders_off', 'reminders_on'] as const
export const RenewalActionForm = z.object({ id: z.uuid({ error: 'request_invalid' }), action: z.enum(renewalActions, { error: 'request_invalid' }) })
