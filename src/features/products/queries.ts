import { queryOptions } from '@tanstack/react-query'
import { listProducts } from './products.functions'

/** Products and statuses, cached by Query; refreshed when stale or when the statuses change. */
export const productsQuery = queryOptions({
  queryKey: ['products'],
  queryFn: () => listProducts(),
  staleTime: 60_000,
})
