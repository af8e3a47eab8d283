import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AccountDeletedPage } from '~/features/account/account-deleted-page'
import { pageTitle } from '~/ui/page-title'

/** After deleting the account: the visitor is signed out and told what was erased and what is kept. */
export const Route = createFileRoute('/_minimal/account-deleted')({
  head: ({ match }) => pageTitle(match, msg`Your account has been deleted`),
  component: AccountDeletedPage,
})
