import { msg } from '@lingui/core/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { GoogleReturnPage } from '~/features/auth/google-sign-in'
import { requireGuest } from '~/features/auth/guards'
import { pageTitle } from '~/ui/page-title'

/** Where Google sends the visitor back (`redirect_uri`), with the ID token in the fragment. Guests only. */
export const Route = createFileRoute('/_minimal/authenticate_/google')({
  beforeLoad: ({ context }) => {
    const to = requireGuest(context.session)
    if (to) throw redirect(to)
  },
  head: ({ match }) => pageTitle(match, msg`Sign in with Google`),
  component: GoogleReturnPage,
})
