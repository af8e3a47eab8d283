import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/** Field sentences of direct booking: road assistance and claims help (decision 70). */
export const directBookingFieldMessages = {
  booking_kind_required: msg`Choose what happened: a breakdown, an accident with the other party, an accident without the other party, or towing.`,
  booking_vehicle_invalid: msg`Choose one of the vehicles in your account or type the registration plate.`,
  booking_plate_required: msg`Type the vehicle’s registration plate, for example B 123 ABC.`,
  booking_plate_format: msg`Type the registration plate as it appears on the vehicle, for example B 123 ABC (2–10 letters and digits).`,
  booking_location_required: msg`Tell us where you are: type the address or a landmark, or use your phone’s location.`,
  booking_address_too_long: msg`The address may have at most 300 characters.`,
  booking_coordinates_invalid: msg`The location received is not valid. Use the location button again or type the address.`,
  booking_phone_required: msg`Type the phone number we can call you on now.`,
  booking_phone_invalid: msg`Type a valid phone number, for example 0722 123 456 or, for a number abroad, +33 6 12 34 56 78.`,
  booking_email_required: msg`Type your e-mail address: we send the reference and every change of status there.`,
  booking_note_too_long: msg`The message may have at most 1,000 characters.`,
  booking_status_invalid: msg`The status is one of: received, dispatched, in_progress, closed or cancelled.`,
  booking_status_not_allowed: msg`The request cannot move to this status from its current one.`,
} satisfies Record<string, MessageDescriptor>
