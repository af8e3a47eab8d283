/**
 * The event catalogue: one zod schema per realtime event, checked by the publisher before an
 * event leaves the server. Browser code imports names and types from `realtime.ts`, which has
 * no zod (decision 6); the `satisfies` below keeps the two in step.
 */
import { z } from 'zod'
import { productCodes, TWO_FACTOR_PROVIDERS } from './constants'
import { DIRECT_BOOKING_STATUSES, REFERENCE_PATTERN } from './direct-booking-constants'
import { ORDER_STATUSES } from './orders'
import { realtimeEventNames, type RealtimeEventName, type RealtimeEventPayloads } from './realtime'

const at = z.iso.datetime({ offset: true })
const daysBefore = z.union([z.literal(30), z.literal(14), z.literal(7), z.literal(1)])

export const realtimeEventSchemas = {
  'account.signed-in': z.object({
    device: z.string().trim().min(1).max(200),
    ip: z.union([z.ipv4(), z.ipv6()]).nullable(),
    at,
  }),
  'account.two-factor-changed': z.object({
    enabled: z.boolean(),
    provider_code: z.enum(TWO_FACTOR_PROVIDERS).optional(),
    at,
  }),
  'order.updated': z.object({ id: z.uuid(), status: z.enum(ORDER_STATUSES), at }),
  'vehicle.note-reminder': z.object({
    note_id: z.uuid(),
    vehicle_id: z.uuid(),
    registration_plate: z.string().min(1).max(20),
    title: z.string().min(1).max(200),
    remind_at: at,
  }),
  'policy.end-reminder': z.object({
    order_id: z.uuid(),
    policy_id: z.uuid(),
    product: z.enum(productCodes),
    registration_plate: z.string().min(1).max(20).nullable(),
    number: z.string().min(1).max(100),
    end_date: z.iso.date(),
    days_before: daysBefore,
    renewal_id: z.uuid().nullable(),
  }),
  'vehicle.end-reminder': z.object({
    vehicle_id: z.uuid(),
    product: z.enum(productCodes),
    registration_plate: z.string().min(1).max(20),
    end_date: z.iso.date(),
    days_before: daysBefore,
    renewal_id: z.uuid().nullable(),
  }),
  'direct-booking.updated': z.object({
    reference: z.string().regex(REFERENCE_PATTERN),
    status: z.enum(DIRECT_BOOKING_STATUSES),
    registration_plate: z.string().min(1).max(20),
    at,
  }),
} satisfies { [K in RealtimeEventName]: z.ZodType<RealtimeEventPayloads[K]> }

// And the other way: every field of the zod-free types is in the schemas.
type Inferred = { [K in RealtimeEventName]: z.output<(typeof realtimeEventSchemas)[K]> }
export type CatalogueMatchesTypes = RealtimeEventPayloads extends Inferred ? (Inferred extends RealtimeEventPayloads ? true : never) : never
export const catalogueMatchesTypes: CatalogueMatchesTypes = true

/** The schema of an event name (e.g. for an operator endpoint that publishes). */
export const RealtimeEventNameSchema = z.enum(realtimeEventNames)
