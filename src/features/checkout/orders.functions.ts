import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { OrderList } from '~/contract/orders'
import { contractInput } from '~/server/web/forms'
import { callProvider } from '~/server/web/request'
import { signedInOnly } from '~/server/web/signed-in-only'

/** The signed-in visitor's orders, newest first, twenty a page. */
export const listOrders = createServerFn({ method: 'GET' })
  .middleware([signedInOnly])
  // The page is optional, so a call without a session meets the 401 of the middleware, not a field's refusal.
  .validator(contractInput(z.object({ page: z.number().int().min(1).max(10_000).default(1) })))
  .handler(({ data }) =>
    callProvider('/orders', {
      query: { page: String(data.page), per_page: '20' },
      schema: OrderList,
    }),
  )
