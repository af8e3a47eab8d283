import { createFileRoute } from '@tanstack/react-router'
import { virtualCardsManifest } from '~/features/virtual-cards/manifest.server'

/** The web app manifest of `/virtualcards` (linked from that page only): the cards install as an app of their own. */
export const Route = createFileRoute('/virtualcards.webmanifest')({
  server: { handlers: { GET: virtualCardsManifest } },
})
