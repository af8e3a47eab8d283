import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import type { ProductCode } from '~/contract/constants'
import { publicId } from '~/contract/public-id'
import { InsurerList, QuoteEnvelope, RenewQuoteInput, type Quote } from '~/contract/quotes'
import { ProviderError } from '~/server/provider'
import { answerForm, contractInput, formInput } from '~/server/web/forms'
import { callProvider } from '~/server/web/request'

/**
 * A quote and its offers so far. With `after` and `wait` it waits (long-poll) for more insurers
 * than `after` to answer; with `complete` it waits until every insurer has answered (a page
 * rendered for a browser without JavaScript), at most about 20 seconds.
 */
export const getQuote = createServerFn({ method: 'GET' })
  .validator(
    contractInput(
      z.object({
        id: publicId(),
        after: z.number().int().min(0).max(1000).optional(),
        wait: z.number().int().min(0).max(20).optional(),
        complete: z.boolean().optional(),
      }),
    ),
  )
  .handler(async ({ data }): Promise<Quote | null> => {
    const read = (after: number | undefined, wait: number | undefined) =>
      callProvider(`/quotes/${data.id}`, {
        query: {
          after: after === undefined ? undefined : String(after),
          wait: wait === undefined ? undefined : String(wait),
        },
        schema: QuoteEnvelope,
      }).then((q) => q.data)
    try {
      let quote = await read(data.after, data.wait)
      const deadline = Date.now() + 20_000
      while (data.complete && quote.status === 'pending' && Date.now() < deadline) quote = await read(quote.insurers_answered, Math.ceil((deadline - Date.now()) / 1000))
      return quote
    } catch (error) {
      if (error instanceof ProviderError && error.status === 404) return null
      throw error
    }
  })

/** The insurers the site compares for a product (the home page names them). */
export const listInsurers = createServerFn({ method: 'GET' })
  .validator(contractInput(z.object({ product: z.string().max(40) })))
  .handler(async ({ data }) => {
    const { data: insurers } = await callProvider('/insurers', { schema: InsurerList })
    return insurers.filter((i) => i.products.includes(data.product)).map((i) => ({ code: i.code, name: i.name, asf_registration: i.asf_registration }))
  })

/** Where each product shows a quote's offers. */
const offersPages: Record<ProductCode, string> = {
  rca: '/rca?step=offers&',
  travel: '/travel?',
  'house-insurance': '/house?',
  'ro-vignette': '/instantRo?',
  'hu-vignette': '/lih?',
}
const offersPageOf = (product: string, quote: string) => `${Object.hasOwn(offersPages, product) ? offersPages[product as ProductCode] : '/insurance?'}${new URLSearchParams({ quote })}`

/**
 * Fresh offers for a visitor whose offers expired: the insurers are asked again with the quote's
 * own request (nothing to type again), then the product's page shows the new offers. Posted
 * without JavaScript, that page waits for every insurer (`wait=1`).
 */
export const renewQuote = createServerFn({ method: 'POST' })
  .validator(formInput(RenewQuoteInput))
  .handler(({ data }) =>
    answerForm(
      data,
      async ({ quote, token }) => {
        const renewed = await callProvider(`/quotes/${quote}/renew`, { method: 'POST', json: { token: token ?? '' }, schema: QuoteEnvelope })
        return { offers: offersPageOf(renewed.data.product, renewed.data.id) }
      },
      { done: (renewed) => `${renewed.offers}&wait=1` },
    ),
  )
