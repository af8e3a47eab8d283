import { addDays, zonedInstant } from '~/contract/iso-date'

/**
 * When an owner is reminded of an end: the same days and hour for a policy bought here and for
 * a vehicle insured elsewhere (decision 160).
 */

/** Days before the last day of validity at which the owner is reminded. */
export const END_REMINDER_DAYS = [30, 14, 7, 1] as const
/** Reminders go out at this Bucharest time of their day: working hours, never in the night. */
const SEND_AT = '09:00'

/** When the reminder `daysBefore` the last day of validity goes out: 09:00 in Bucharest that day. */
export function endReminderTime(endDate: string, daysBefore: number): Date {
  return zonedInstant(addDays(endDate, -daysBefore), SEND_AT)
}
