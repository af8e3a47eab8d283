import { createServerFn } from '@tanstack/react-start'
import { HouseQuoteForm, houseFormField } from '~/contract/house'
import { formInput } from '~/server/web/forms'
import { answerQuoteForm } from '~/server/web/quote-forms'

/** The house quote form's server function: the one-page form, read into the API's request, asks for the quote. */
export const requestHouseQuote = createServerFn({ method: 'POST' })
  .validator(formInput(HouseQuoteForm))
  .handler(({ data }) => answerQuoteForm(data, 'house-insurance', (request) => request, houseFormField))
