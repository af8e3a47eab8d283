import { createServerFn } from '@tanstack/react-start'
import { ContactMessageCreated, type ContactMessageInput } from '~/contract/contact'
import { formResult, formText as text } from '~/server/web/forms'
import { callProvider } from '~/server/web/request'

/**
 * Sends the contact form to the provider, which checks it with the shared schema: a 422
 * comes back as the field map (in the visitor's language) for the form to show.
 */
export const sendContactMessage = createServerFn({ method: 'POST' })
  .validator((input: Record<keyof ContactMessageInput, unknown>) => {
    return { name: text(input.name, 200), email: text(input.email, 300), phone: text(input.phone, 40) || undefined, topic: text(input.topic, 40), message: text(input.message, 8000), token: text(input.token, 4096) }
  })
  .handler(({ data }) => formResult(() => callProvider('/contact-messages', { method: 'POST', json: data, schema: ContactMessageCreated })))
