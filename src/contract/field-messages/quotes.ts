import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/** Field sentences of the quote engine's own parameters (the product requests have their own lists). */
export const quoteFieldMessages = {
  quote_id_invalid: msg`The quote identifier is not correct. Use the address you received when you asked for the quote.`,
  offer_id_invalid: msg`The identifier of the chosen offer is not correct. Choose the offer from the list again.`,
  poll_after_invalid: msg`The “after” parameter is the number of insurers that have already answered: a whole number from 0 to 1000.`,
  poll_wait_invalid: msg`The “wait” parameter is the number of seconds to wait: from 0 to 25.`,
  lookup_plate_invalid: msg`Enter the vehicle’s registration plate, for example B 123 ABC.`,
  lookup_vin_invalid: msg`Enter the vehicle identification number (VIN) from the registration certificate: 17 letters and digits, without I, O and Q.`,
} satisfies Record<string, MessageDescriptor>
