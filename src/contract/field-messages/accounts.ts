import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/** Field sentences of accounts, sign-in, two-factor and contact forms. */
export const accountFieldMessages = {
  mismatch: msg`The passwords do not match.`,
  terms_accept_required: msg`To continue, tick that you accept the terms and conditions and the privacy policy.`,
  terms_version_outdated: msg`The terms changed while this page was open. Read the new version and accept it.`,
  password_too_short: msg`The password must have at least 12 characters.`,
  password_too_long: msg`The password may have at most 128 characters.`,
  password_guessable: msg`This password is too easy to guess. Type three or four unrelated words (spaces are fine) or a sentence only you would think of; avoid names, years and keyboard runs.`,
  password_personal: msg`The password must not contain your name, e-mail address or phone number.`,
  email_taken: msg`An account with this e-mail address already exists.`,
  code_format: msg`The code has 6 digits.`,
  invalid_two_factor_code: msg`The code is not correct or has expired.`,
  two_factor_not_enrolling: msg`The set-up has expired. Start again.`,
  invalid_recovery_key: msg`The recovery key is not correct.`,
  confirmation_required: msg`Enter your current password or a code.`,
  current_password_wrong: msg`The current password is not correct.`,
  password_wrong: msg`The password is not correct.`,
  email_unchanged: msg`This is already the address of your account.`,
  two_factor_method_required: msg`Choose how you want to receive the codes.`,
  two_factor_qr_needs_script: msg`The QR code for the app is shown only with JavaScript on. Turn JavaScript on or choose codes by e-mail.`,
} satisfies Record<string, MessageDescriptor>
