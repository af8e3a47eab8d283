import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { InsurancePage } from '~/features/pages/insurance-page'
import { pageTitle } from '~/ui/page-title'

export const Route = createFileRoute('/_master/insurance')({
  head: ({ match }) => pageTitle(match, msg`All insurance`),
  component: InsurancePage,
})
