import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { VirtualCardsPage } from '~/features/pages/virtual-cards-page'
import { pageTitle } from '~/ui/page-title'

export const Route = createFileRoute('/_master/virtualcards')({
  head: ({ match }) => pageTitle(match, msg`Virtual insurance cards`),
  component: VirtualCardsPage,
})
