import { Product, ProductList } from '~/contract/site'
import { VignetteTariffsEnvelope } from '~/contract/vignettes'
import { huVignetteTariffs } from '../../products/vignettes/hu-tariff'
import { bridgePassPrice, roVignetteTariff } from '../../products/vignettes/ro-tariff'
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
  defineRoute({
    method: 'GET',
    path: '/vignettes/tariffs',
    tag: 'products',
    summary: 'The official vignette tariffs in bani: the Romanian one by category and period (and the Danube bridge passes), the Hungarian one by the year it applies in, category and period. The forms offer only the periods sold.',
    response: VignetteTariffsEnvelope,
    handler: async () => ({
      body: {
        data: {
          ro: { prices: roVignetteTariff, bridge_pass_prices: bridgePassPrice },
          hu: { prices_by_year: Object.fromEntries(Object.entries(huVignetteTariffs).map(([year, tariff]) => [String(year), tariff])) },
        },
      },
    }),
  }),
]
