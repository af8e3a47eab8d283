import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/**
 * Field sentences shared by every form (sign-in, registration, contact, profile, security):
 * what to type when a field is empty, too long or in the wrong form, and the fallbacks the form
 * toolkit uses for a check that names no key of its own (`field_invalid`, `field_required`).
 */
export const formFieldMessages = {
  field_required: msg`Fill in this field.`,
  field_invalid: msg`Check the value in this field.`,
  field_too_long: msg`The text is too long. Shorten it.`,
  request_invalid: msg`The request could not be read. Reload the page and try again.`,
  text_unreadable: msg`The text holds a character that cannot be saved. Type it again, with ordinary letters, digits and punctuation only.`,
  email_required: msg`Enter your e-mail address.`,
  email_invalid: msg`Enter an e-mail address like name@example.com.`,
  email_too_long: msg`The e-mail address may have at most 254 characters.`,
  password_required: msg`Enter your password.`,
  password_confirmation_required: msg`Enter the password once more.`,
  current_password_required: msg`Enter your current password.`,
  first_name_required: msg`Enter your first name.`,
  last_name_required: msg`Enter your last name.`,
  name_too_long: msg`The name may have at most 80 characters.`,
  phone_invalid: msg`Enter a Romanian phone number, for example 0722 123 456 or +40 722 123 456.`,
  contact_name_required: msg`Tell us your name (at least 2 letters).`,
  contact_name_too_long: msg`The name may have at most 120 characters.`,
  contact_topic_invalid: msg`Choose a topic from the list.`,
  contact_message_too_short: msg`Write your message, in at least 10 characters.`,
  contact_message_too_long: msg`The message may have at most 4000 characters.`,
  terms_required: msg`To create the account, accept the terms and conditions and the privacy policy.`,
  reset_link_invalid: msg`The reset link is incomplete. Open the link from the e-mail again.`,
  recovery_key_required: msg`Enter the recovery key as you saved it (at least 16 characters).`,
  captcha_invalid: msg`The anti-robot check did not succeed. Try again.`,
} satisfies Record<string, MessageDescriptor>
