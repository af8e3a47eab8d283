import { Product, ProductList } from '~/contract/site'
import { ApiError } from '../errors'
import { defineRoute } from '../route'
import { z } from 'zod'

export const productRoutes = [
  defineRoute({
    method: 'GET',
    path: '/products',
    tag: 'products',
    summary: 'Every product with its availability (from the product statuses).',
    response: ProductList,
    handler: async ({ deps }) => ({ rawJson: (await deps.site.current()).productsBody }),
  }),
  defineRoute({
    method: 'GET',
    path: '/products/{code}',
    tag: 'products',
    summary: 'One product by its code (rca, travel, house-insurance, ro-vignette, hu-vignette).',
    params: z.object({ code: z.string().min(1).max(64) }),
    response: Product,
    handler: async ({ params, deps }) => {
      const product = (await deps.site.current()).products.find((p) => p.code === params.code)
      if (!product) throw new ApiError(404, 'not_found')
      return { body: product }
    },
  }),
]
