import { msg } from '@lingui/core/macro'
import { createFileRoute, useRouter } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { normalizeReference } from '~/contract/direct-booking-constants'
import { listVehicles } from '~/features/account-area/account-area.functions'
import { useLiveUpdates } from '~/features/realtime/live-updates'
import { getMyDirectBooking, listMyDirectBookings } from '~/features/direct-booking/direct-booking.functions'
import { DirectBookingPage, type DirectBookingPageData } from '~/features/direct-booking/direct-booking-page'
import { pageTitle } from '~/ui/page-title'
import { searchParams, text } from '~/contract/search-params'

const reference = text(20, /^[A-Za-z0-9-]{1,20}$/)

const validateSearch = searchParams({ ref: reference, sent: reference })

export const Route = createFileRoute('/_master/directbooking')({
  // `ref`: a signed-in driver's request to show; `sent`: a guest's reference after a post without JavaScript.
  validateSearch,
  loaderDeps: ({ search }) => ({ ref: search.ref }),
  loader: async ({ context, deps }): Promise<DirectBookingPageData> => {
    if (!context.session.user) return { vehicles: null, bookings: [], selected: undefined }
    const [vehicles, bookings, selected] = await Promise.all([
      listVehicles({ data: {} }),
      listMyDirectBookings(),
      deps.ref ? getMyDirectBooking({ data: { ref: deps.ref } }) : Promise.resolve(undefined),
    ])
    return { vehicles: vehicles.data, bookings: bookings.data, selected }
  },
  head: ({ match }) => pageTitle(match, msg`Road assistance and claims help`),
  component: function DirectBooking() {
    const { sent } = Route.useSearch()
    const { publicConfig } = Route.useRouteContext()
    useRefreshOnBookingEvents()
    return <DirectBookingPage data={Route.useLoaderData()} sentReference={normalizeReference(sent ?? '')} phone={publicConfig.SUPPORT_PHONE} />
  },
})

/**
 * The operator's changes arrive as `direct-booking.updated` on the user's channel (the shell's
 * live updates toast them); the page then reloads its data, so the card and the list show the
 * new status at once. Events kept from before the page opened are already in its data.
 */
function useRefreshOnBookingEvents() {
  const router = useRouter()
  const latest = useLiveUpdates().notifications[0]
  const openedAt = useRef(Number.POSITIVE_INFINITY)
  const handled = useRef<string | undefined>(undefined)
  useEffect(() => {
    openedAt.current = Date.now()
  }, [])
  useEffect(() => {
    if (!latest || latest.id === handled.current || latest.event.name !== 'direct-booking.updated') return
    handled.current = latest.id
    if (Date.parse(latest.receivedAt) >= openedAt.current) void router.invalidate()
  }, [latest, router])
}
