/**
 * Direct booking (road assistance and claims help, decision 70): what can happen, the statuses
 * a request goes through and the shape of its reference. Zod-free, so the page and the
 * notification centre take it without zod (decision 6).
 */

/** What happened: the driver picks one. */
export const DIRECT_BOOKING_KINDS = ['breakdown', 'accident_with_other_party', 'accident_without_other_party', 'towing'] as const
export type DirectBookingKind = (typeof DIRECT_BOOKING_KINDS)[number]

/** The statuses in their order; `cancelled` ends a request from any open status. */
export const DIRECT_BOOKING_STATUSES = ['received', 'dispatched', 'in_progress', 'closed', 'cancelled'] as const
export type DirectBookingStatus = (typeof DIRECT_BOOKING_STATUSES)[number]

/** Statuses after which nothing changes any more. */
export const FINAL_DIRECT_BOOKING_STATUSES: readonly DirectBookingStatus[] = ['closed', 'cancelled']

/** The accidents: the page walks the driver through the amicable report and direct settlement. */
export const isAccident = (kind: DirectBookingKind): boolean => kind === 'accident_with_other_party' || kind === 'accident_without_other_party'

/**
 * A reference a driver can read out on the phone: `DB-` and six characters without the ones that
 * are easily confused (0/O, 1/I/L, U/V).
 */
export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTWXYZ'
export const REFERENCE_PATTERN = /^DB-[2-9A-HJKMNP-TW-Z]{6}$/

/** A reference as typed (`db-7k2m9q`, ` DB-7K2M9Q `) in its one form, or undefined when it cannot be one. */
export function normalizeReference(value: string): string | undefined {
  const ref = value.trim().toUpperCase()
  return REFERENCE_PATTERN.test(ref) ? ref : undefined
}

/** Longest free texts. */
export const BOOKING_ADDRESS_MAX = 300
export const BOOKING_NOTE_MAX = 1000
