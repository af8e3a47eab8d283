import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { VirtualCardsPage } from '~/features/virtual-cards/virtual-cards-page'
import { listVirtualCards } from '~/features/virtual-cards/virtual-cards.functions'
import { pageTitle } from '~/ui/page-title'

/** `/virtualcards`: the signed-in driver's cards (a guest sees what they are); installable, and kept for use offline. */
export const Route = createFileRoute('/_master/virtualcards')({
  loader: ({ context }) => (context.session.user ? listVirtualCards() : null),
  head: ({ match }) => ({ ...pageTitle(match, msg`Virtual insurance cards`), links: [{ rel: 'manifest', href: '/virtualcards.webmanifest' }] }),
  component: function VirtualCards() {
    return <VirtualCardsPage cards={Route.useLoaderData()} />
  },
})
