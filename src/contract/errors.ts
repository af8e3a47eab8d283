import { z } from 'zod'

/** Field name → messages, as carried by a 422 answer. */
export const FieldErrors = z.record(z.string(), z.array(z.string()))
export type FieldErrors = z.infer<typeof FieldErrors>

/** The error body of every failed provider API call. */
export const ErrorBody = z.object({
  error: z.object({
    /** The HTTP status (503 means maintenance). */
    code: z.number().int(),
    /** A machine-readable key (`not_found`, `account_is_deleted`, …) or, for 422, the field map. */
    message: z.union([z.string(), FieldErrors]),
    /** A sentence for people, in the language asked for by `Accept-Language`. */
    pretty_message: z.string(),
  }),
})
export type ErrorBody = z.infer<typeof ErrorBody>
