import { z } from 'zod'
import { email, phoneNumber } from './auth'
import { contactTopics } from './constants'

export { contactTopics }

/** The contact form, checked the same way by the form, its server function and the API. Messages are field-message keys. */
export const ContactMessageInput = z.object({
  name: z.string({ error: 'contact_name_required' }).trim().min(2, 'contact_name_required').max(120, 'contact_name_too_long'),
  email,
  phone: phoneNumber.optional(),
  topic: z.enum(contactTopics, { error: 'contact_topic_invalid' }),
  message: z.string({ error: 'contact_message_too_short' }).trim().min(10, 'contact_message_too_short').max(4000, 'contact_message_too_long'),
  /** Anti-abuse (captcha) token. */
  token: z.string({ error: 'captcha_invalid' }).max(4096, 'captcha_invalid'),
})
export type ContactMessageInput = z.infer<typeof ContactMessageInput>
export const ContactMessageCreated = z.object({ id: z.uuid(), created_at: z.iso.datetime({ offset: true }) })
