import { createFileRoute } from '@tanstack/react-router'
import { accountPages } from '~/features/account/account-pages'
import { ProfilePage } from '~/features/account/profile-page'
import { profileQuery } from '~/features/account/queries'
import { pageTitle } from '~/ui/page-title'

export const Route = createFileRoute('/_account/account/profile')({
  head: ({ match }) => pageTitle(match, accountPages.profile.title),
  loader: ({ context }) => context.queryClient.query(profileQuery(context.userId)),
  component: function Profile() {
    const { userId } = Route.useRouteContext()
    return <ProfilePage userId={userId} />
  },
})
