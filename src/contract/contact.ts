import { z } from 'zod'
import { contactTopics } from './constants'

export { contactTopics }

/** The contact form, checked the same way by the form and by the API. */
export const ContactMessageInput = z.object({
  name: z.string().trim().min(2).max(120),
  email: z.email().max(254),
  phone: z
    .string()
    .trim()
    .max(20)
    .regex(/^((\+?40|0)[237]\d{8})?$/)
    .optional(),
  topic: z.enum(contactTopics),
  message: z.string().trim().min(10).max(4000),
  /** Anti-abuse (captcha) token. */
  token: z.string().max(4096),
})
export type ContactMessageInput = z.infer<typeof ContactMessageInput>
export const ContactMessageCreated = z.object({ id: z.uuid(), created_at: z.iso.datetime({ offset: true }) })
