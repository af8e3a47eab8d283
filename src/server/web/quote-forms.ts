import '@tanstack/react-start/server-only'
import { quotePageUrl } from '~/contract/quote-page'
import { QuoteEnvelope } from '~/contract/quotes'
import { answerForm, type FormSubmission } from './forms'
import { ontoFormFields } from './provider-fields'
import { callProvider } from './request'

/**
 * A one-page quote form's answer (travel, house, vignettes): the form, read into the API's
 * request, asks the provider for a quote of `product`; the API's 422 is laid back onto the form's
 * fields (`fieldOf`). Posted without JavaScript it answers a 303 to the same page with the quote
 * (`wait=1`: the page waits for every insurer), or back with the errors.
 */
export function answerQuoteForm<I>(submission: FormSubmission<I>, product: string, toRequest: (input: I) => unknown, fieldOf: (path: string) => string) {
  return answerForm(
    submission,
    async (input) => {
      const quote = await callProvider(`/products/${product}/quotes`, { method: 'POST', json: toRequest(input), schema: QuoteEnvelope }).catch(ontoFormFields(fieldOf))
      return { quote: quote.data.id }
    },
    { done: (made, returnTo) => quotePageUrl(returnTo, made.quote) },
  )
}
