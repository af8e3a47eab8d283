import { createServerFn } from '@tanstack/react-start'
import { ProductList } from '~/contract/site'
import { callProvider } from '~/server/web/request'
import { providerClient } from '~/server/provider'

/** The catalogue with the current statuses (from the header of the same answer). */
export const listProducts = createServerFn({ method: 'GET' }).handler(async () => {
  const { data } = await callProvider('/products', { schema: ProductList })
  return { products: data, statuses: providerClient().statuses.current ?? null }
})
