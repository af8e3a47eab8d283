import { createFileRoute, notFound } from '@tanstack/react-router'
import { pageNotFoundMessage } from '~/contract/paths'
import { getCalendarFeed, getVehicle } from '~/features/account-area/account-area.functions'
import { VehiclePage } from '~/features/account-area/vehicle-page'
import { accountPages, isRecordId } from '~/features/account/account-pages'
import { todayInBucharest } from '~/i18n/dates'
import { pageTitle } from '~/ui/page-title'
import { assertValidPage } from '~/ui/validity'

export const Route = createFileRoute('/_account/account/vehicles/$id/')({
  beforeLoad: ({ params, location }) => assertValidPage(isRecordId(params.id), location.pathname),
  loader: async ({ params, location }) => {
    const [vehicle, feed] = await Promise.all([getVehicle({ data: { id: params.id } }), getCalendarFeed()])
    // Another user's vehicle, or none: the same 404 as an unknown page.
    if (!vehicle) throw notFound({ data: { message: pageNotFoundMessage(location.pathname) } })
    return { vehicle, calendarUrl: feed.url, today: todayInBucharest() }
  },
  head: ({ match, loaderData }) => pageTitle(match, loaderData?.vehicle.registration_plate ?? accountPages.vehicle.title),
  component: function Vehicle() {
    const { vehicle, calendarUrl, today } = Route.useLoaderData()
    return <VehiclePage vehicle={vehicle} calendarUrl={calendarUrl} today={today} />
  },
})
