import { createServerFn } from '@tanstack/react-start'
import { setResponseStatus } from '@tanstack/react-start/server'
import { DirectBookingEnvelope, DirectBookingInput, DirectBookingList, DirectBookingRead } from '~/contract/direct-booking'
import { ProviderError } from '~/server/provider'
import { answerForm, contractInput, formInput } from '~/server/web/forms'
import { callProvider } from '~/server/web/request'
import { signedInOnly } from '~/server/web/signed-in-only'

/**
 * Direct booking's server functions (decision 70). Sending is open to guests (the provider asks
 * them for plate and e-mail, and limits everyone per address); reading requests back needs the
 * account that sent them. Posted without JavaScript, the browser comes back to the page: a
 * signed-in driver sees the request (`?ref=`), a guest its reference (`?sent=`).
 */
export const sendDirectBooking = createServerFn({ method: 'POST' })
  .validator(formInput(DirectBookingInput))
  .handler(({ data }) =>
    answerForm(data, async (input) => (await callProvider('/direct-bookings', { method: 'POST', json: input, schema: DirectBookingEnvelope })).data, {
      done: (booking) => (booking.email ? `/directbooking?sent=${booking.reference}` : `/directbooking?ref=${booking.reference}`),
    }),
  )

export const listMyDirectBookings = createServerFn({ method: 'GET' })
  .middleware([signedInOnly])
  .handler(() => callProvider('/direct-bookings', { query: { per_page: '10' }, schema: DirectBookingList }))

/** One of the visitor's requests; another user's (or none) is null, and the call answers 404. */
export const getMyDirectBooking = createServerFn({ method: 'GET' })
  .middleware([signedInOnly])
  .validator(contractInput(DirectBookingRead))
  .handler(async ({ data }) => {
    try {
      if (data.ref) return (await callProvider(`/direct-bookings/${data.ref}`, { schema: DirectBookingEnvelope })).data
    } catch (error) {
      if (!(error instanceof ProviderError && error.status === 404)) throw error
    }
    // A malformed reference is not found either, like one that is not the visitor's.
    setResponseStatus(404)
    return null
  })
