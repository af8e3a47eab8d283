import { createFileRoute } from '@tanstack/react-router'
import { offerDocumentHandler } from '~/features/checkout/offer-document.server'

/** An offer's IPID or general conditions: no page, a server handler behind a plain link. */
export const Route = createFileRoute('/offers/$id/documents/$kind')({
  server: { handlers: { GET: offerDocumentHandler } },
})
