/**
 * The event catalogue: one zod schema per realtime event, checked by the publisher before an
 * event leaves the server. Browser code imports names and types from `realtime.ts`, which has
 * no zod (decision 6); the `satisfies` below keeps the two in step.
 */
import { z } from 'zod'
import { TWO_FACTOR_PROVIDERS } from './constants'
import { realtimeEventNames, type RealtimeEventName, type RealtimeEventPayloads } from './realtime'

const at = z.iso.datetime({ offset: true })

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
} satisfies { [K in RealtimeEventName]: z.ZodType<RealtimeEventPayloads[K]> }

// And the other way: every field of the zod-free types is in the schemas.
type Inferred = { [K in RealtimeEventName]: z.output<(typeof realtimeEventSchemas)[K]> }
export type CatalogueMatchesTypes = RealtimeEventPayloads extends Inferred ? (Inferred extends RealtimeEventPayloads ? true : never) : never
export const catalogueMatchesTypes: CatalogueMatchesTypes = true

/** The schema of an event name (e.g. for an operator endpoint that publishes). */
export const RealtimeEventNameSchema = z.enum(realtimeEventNames)
