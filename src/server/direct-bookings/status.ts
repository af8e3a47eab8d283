import { DIRECT_BOOKING_STATUSES, FINAL_DIRECT_BOOKING_STATUSES, type DirectBookingStatus } from '~/contract/direct-booking-constants'

const order = (status: DirectBookingStatus) => DIRECT_BOOKING_STATUSES.indexOf(status)

/**
 * Whether the operator may move a request from one status to another: forward along
 * received → dispatched → in_progress → closed (a step may be skipped: help that arrives at
 * once goes straight to in progress), or to cancelled from any open status. Closed and cancelled
 * requests stay as they are, and a status is never set twice in a row.
 */
export function canMove(from: DirectBookingStatus, to: DirectBookingStatus): boolean {
  if (FINAL_DIRECT_BOOKING_STATUSES.includes(from)) return false
  if (to === 'cancelled') return true
  return order(to) > order(from)
}
