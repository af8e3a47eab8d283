import { createFileRoute } from '@tanstack/react-router'
import { orderDocumentHandler } from '~/features/checkout/order-document.server'

/** An order's policy PDF: no page, a server handler behind a plain link. */
export const Route = createFileRoute('/orders/$id/document')({
  server: { handlers: { GET: orderDocumentHandler } },
})
