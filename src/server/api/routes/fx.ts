import { z } from 'zod'
import { isIsoDate } from '~/contract/iso-date'
import { decimalToMicros, rateProblem, RateError } from '../../fx/bnr'
import { fxRateView } from '../../fx/service'
import { ApiError } from '../errors'
import { defineRoute } from '../route'

const RateView = z.object({ currency: z.string(), date: z.string(), ron_per_unit: z.string(), source: z.enum(['bnr', 'operator']) })

/** Exchange rates, kept by the operator (`npm run cli -- fx set|import|list`). */
export const fxRoutes = [
  defineRoute({
    method: 'GET',
    path: '/operator/fx-rates',
    tag: 'operator',
    summary: 'The latest exchange rate of each currency, in lei per unit.',
    auth: 'operator',
    response: z.object({ data: z.array(RateView) }),
    handler: async ({ deps }) => ({ body: { data: (await deps.fx.list()).map(fxRateView) } }),
  }),
  defineRoute({
    method: 'PUT',
    path: '/operator/fx-rates/{currency}',
    tag: 'operator',
    summary: 'Sets the rate of a currency (lei per unit) from a day on (today in Bucharest by default).',
    auth: 'operator',
    params: z.object({ currency: z.string().regex(/^[A-Z]{3}$/) }),
    body: z.object({ rate: z.string().regex(/^\d{1,6}(\.\d{1,6})?$/), date: z.string().refine(isIsoDate).optional() }),
    response: RateView,
    handler: async ({ params, body, deps }) => {
      // Above zero and within what the table holds: a rate of 928315 lei answered 500 (found by `npm run fuzz`).
      const problem = rateProblem(decimalToMicros(body.rate))
      if (problem) throw new ApiError(422, 'validation_failed', { rate: [problem] })
      return { body: fxRateView(await deps.fx.set(params.currency, body.rate, body.date)) }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/operator/fx-rates/bnr',
    tag: 'operator',
    summary: 'Loads every rate of a BNR reference-rate XML document.',
    auth: 'operator',
    body: z.object({ xml: z.string().min(1).max(2_000_000) }),
    response: z.object({ imported: z.number().int() }),
    handler: async ({ body, deps }) => {
      try {
        return { body: { imported: await deps.fx.importBnr(body.xml) } }
      } catch (error) {
        // Only the document's own faults are told; anything else (the database's text) stays a logged 500.
        if (error instanceof RateError) throw new ApiError(422, 'validation_failed', { xml: [error.message] })
        throw error
      }
    },
  }),
]
