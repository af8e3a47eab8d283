import { createServerFn } from '@tanstack/react-start'
import { ContactMessageCreated, ContactMessageInput } from '~/contract/contact'
import { answerForm, formInput } from '~/server/web/forms'
import { callProvider } from '~/server/web/request'

/**
 * Sends the contact form to the provider. The same schema checks it here (a 422 with the field
 * map, in the visitor's language) and at the provider; posted without JavaScript, the browser
 * comes back to the page with `?sent=yes`.
 */
export const sendContactMessage = createServerFn({ method: 'POST' })
  .validator(formInput(ContactMessageInput))
  .handler(({ data }) =>
    answerForm(data, (input) => callProvider('/contact-messages', { method: 'POST', json: input, schema: ContactMessageCreated }), {
      done: (_created, returnTo) => `${new URL(returnTo, 'http://site.internal').pathname}?sent=yes`,
    }),
  )
