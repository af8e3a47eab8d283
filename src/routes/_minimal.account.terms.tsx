import { msg } from '@lingui/core/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { internalPath } from '~/contract/paths'
import { requireSignedIn } from '~/features/auth/guards'
import { SignOutButton } from '~/features/auth/sign-out'
import { TermsPage } from '~/features/auth/terms-page'
import { pageTitle } from '~/ui/page-title'
import { searchParams, text } from '~/ui/search-params'

const validateSearch = searchParams({ last_url: text(2048) })

/** Signed-in only, the one page an account that owes its acceptance of the terms is sent to; `last_url` is where it goes afterwards. */
export const Route = createFileRoute('/_minimal/account/terms')({
  validateSearch,
  beforeLoad: ({ context, location, search }) => {
    const to = requireSignedIn(context.session, location.href, context.sessionEnded)
    if (to) throw redirect(to)
    // Already accepted (another tab, or the back button): go on.
    if (!context.session.user?.terms_pending) throw redirect({ href: internalPath(search.last_url) ?? '/account/orders' })
  },
  head: ({ match }) => pageTitle(match, msg`Terms and conditions`),
  component: function Terms() {
    const { last_url } = Route.useSearch()
    const { publicConfig, locale, session } = Route.useRouteContext()
    return (
      <TermsPage
        version={publicConfig.TERMS_VERSION}
        changed={session.user?.terms_pending === 'changed'}
        returnTo={last_url}
        locale={locale}
        signOut={<SignOutButton />}
      />
    )
  },
})
