/** The public policy check's constants the browser needs too (zod-free, decision 6). */

/** What a verification code looks like (the document's QR code carries 22 base64url characters; older lengths stay readable). */
export const VERIFICATION_CODE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/

export const isVerificationCodeShape = (value: string): boolean => VERIFICATION_CODE_PATTERN.test(value)

/** Where a policy stands on a day: only `in_force` is valid. `cancelled`: issued, then refunded. */
export const POLICY_STANDINGS = ['in_force', 'not_yet_in_force', 'ended', 'cancelled'] as const
export type PolicyStanding = (typeof POLICY_STANDINGS)[number]

/** How far from today a check may look, either way: enough for "was I covered on that day?" and "am I covered on my trip?". */
export const CHECK_DATE_RANGE_DAYS = 366
