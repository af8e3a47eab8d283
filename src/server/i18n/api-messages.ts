import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { Locale } from '~/i18n/locales'
import type { ErrorBody, FieldErrors } from '~/contract/errors'
import { translate } from './index'

/**
 * Sentences for people in error bodies (`pretty_message`) of the API and of the web app's own
 * refusals (the server-function transport), from the server catalog like every server string.
 * A few are the field sentences of a 422 (`captcha_failed`, `redirect_reserved_path`,
 * `redirect_loop`, `google_*`).
 */
const messages = {
  exchange_rate_missing: msg`Today’s exchange rate is not available yet, so the price cannot be worked out. Please come back in a few minutes.`,
  exchange_rate_stale: msg`We cannot sell this product right now: the latest BNR exchange rate we have is more than 5 banking days old, so the price in lei cannot be worked out correctly. Please come back later.`,
  bad_request: msg`The request could not be read.`,
  invalid_json: msg`The request body is not valid JSON.`,
  unauthenticated: msg`You need to sign in.`,
  forbidden: msg`You do not have access to this resource.`,
  not_found: msg`The resource you asked for does not exist.`,
  method_not_allowed: msg`This method is not allowed for this address.`,
  payload_too_large: msg`The request is too large.`,
  unsupported_media_type: msg`This content type is not accepted.`,
  validation_failed: msg`Some fields are not valid.`,
  maintenance: msg`The site is under maintenance. We will be back soon.`,
  internal_error: msg`Something unexpected went wrong. Please try again.`,
  partner_not_found: msg`There is no such partner.`,
  too_many_requests: msg`Too many attempts. Please try again a little later.`,
  invalid_credentials: msg`The e-mail address or the password is not correct.`,
  account_is_deleted: msg`This account has been deleted.`,
  invalid_reset_token: msg`This reset link is no longer valid. Ask for a new one.`,
  invalid_confirmation_token: msg`This confirmation link is no longer valid. Ask for a new one from your account.`,
  captcha_failed: msg`The anti-robot check failed. Please try again.`,
  redirect_invalid: msg`The redirect rule is not valid.`,
  redirect_reserved_path: msg`This path cannot be redirected.`,
  redirect_loop: msg`The target is the redirected path itself.`,
  two_factor_required: msg`Confirm the two-step sign-in first.`,
  two_factor_already_enabled: msg`Two-step sign-in is already on.`,
  two_factor_unavailable: msg`This two-step sign-in method is not available.`,
  google_sign_in_disabled: msg`Google sign-in is not available.`,
  google_token_invalid: msg`Google sign-in could not be confirmed. Please try again.`,
  google_email_unverified: msg`Google has not confirmed the e-mail address of this Google account.`,
  google_account_mismatch: msg`This e-mail address is linked to another Google account.`,
  google_unavailable: msg`Google is not answering right now. Please try again in a few minutes.`,
  order_not_payable: msg`This order can no longer be paid.`,
  payments_unavailable: msg`Card payment is not available right now. Please try again in a few minutes.`,
  document_not_ready: msg`The policy document is not ready yet.`,
  quote_not_found: msg`This quote does not exist or is not yours. Ask for a new quote.`,
  insurer_not_found: msg`There is no such insurer in the catalogue.`,
  vehicle_not_found: msg`The vehicle was not found in the registry. Fill in the details from the registration certificate.`,
  quote_service_unavailable: msg`We cannot work out the quote right now. Please try again in a few minutes.`,
  document_not_found: msg`This offer has no such document.`,
  insurer_document_unavailable: msg`The insurer is not serving this document right now. Please try again in a few minutes.`,
} satisfies Record<string, MessageDescriptor>

export type MessageKey = keyof typeof messages

export function prettyMessage(locale: Locale, key: MessageKey): string {
  return translate(locale, messages[key])
}

/** The error envelope (`{error: {code, message, pretty_message}}`): the key, or a 422's field map, and the sentence in `locale`. */
export function errorBody(locale: Locale, status: number, key: MessageKey, fields?: FieldErrors): ErrorBody {
  return { error: { code: status, message: fields ?? key, pretty_message: prettyMessage(locale, key) } }
}
