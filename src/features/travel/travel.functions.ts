import { createServerFn } from '@tanstack/react-start'
import { TravelQuoteForm, travelFormField } from '~/contract/travel'
import { formInput } from '~/server/web/forms'
import { answerQuoteForm } from '~/server/web/quote-forms'

/** The travel quote form's server function: the one-page form, read into the API's request, asks for the quote. */
export const requestTravelQuote = createServerFn({ method: 'POST' })
  .validator(formInput(TravelQuoteForm))
  .handler(({ data }) => answerQuoteForm(data, 'travel', (request) => request, travelFormField))
