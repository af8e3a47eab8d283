import { createFileRoute } from '@tanstack/react-router'
import { getCalendarFeed, getPreferences } from '~/features/account-area/account-area.functions'
import { PreferencesPage } from '~/features/account-area/preferences-page'
import { accountPages } from '~/features/account/account-pages'
import { pageTitle } from '~/ui/page-title'

export const Route = createFileRoute('/_account/account/preferences')({
  loader: async () => {
    const [preferences, feed] = await Promise.all([getPreferences(), getCalendarFeed()])
    return { preferences, feed }
  },
  head: ({ match }) => pageTitle(match, accountPages.preferences.title),
  component: function Preferences() {
    const { preferences, feed } = Route.useLoaderData()
    return <PreferencesPage preferences={preferences} feed={feed} />
  },
})
