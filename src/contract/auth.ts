import { z } from 'zod'

/**
 * Shapes of the accounts calls (spec §3, §7). A new password is checked here for its length
 * only; its strength (zxcvbn score with the brand and the person's own data, decision 66) is
 * checked by the API, for registration, reset and change alike: the estimator's dictionaries
 * are megabytes the browser must not download.
 */

/** Password length in code points after NFC normalisation; no composition rules (NIST SP 800-63B, ASVS 6.2). */
export const PASSWORD_MIN = 12
export const PASSWORD_MAX = 128

// Messages are keys of src/contract/field-messages: the API, the server functions and the forms translate them.
export const email = z
  .string({ error: 'email_required' })
  .trim()
  .toLowerCase()
  .min(1, 'email_required')
  .pipe(z.email({ error: 'email_invalid' }).max(254, 'email_too_long'))
/** A new password (registration, reset, change). Code points are counted by the API, this bounds the size. */
export const newPassword = z.string({ error: 'password_too_short' }).min(PASSWORD_MIN, 'password_too_short').max(PASSWORD_MAX * 4, 'password_too_long')
const passwordConfirmation = z.string({ error: 'password_confirmation_required' }).min(1, 'password_confirmation_required').max(PASSWORD_MAX * 4, 'password_too_long')
const firstName = z.string({ error: 'first_name_required' }).trim().min(1, 'first_name_required').max(80, 'name_too_long')
const lastName = z.string({ error: 'last_name_required' }).trim().min(1, 'last_name_required').max(80, 'name_too_long')
const captchaToken = z.string({ error: 'captcha_invalid' }).max(4096, 'captcha_invalid')
/** A Romanian mobile or landline number (07…, 02…, 03…, with +40 or 40 instead of the 0), or empty. */
export const phoneNumber = z
  .string({ error: 'phone_invalid' })
  .trim()
  .max(20, 'phone_invalid')
  .regex(/^((\+?40|0)[237]\d{8})?$/, 'phone_invalid')

export const User = z.object({
  id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone_number: z.string().nullable(),
  email_verified: z.boolean(),
  locale: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  /** The terms and privacy policy it accepted (their date, `TERMS_VERSION`) and when; null until accepted. */
  terms_version: z.string().nullable(),
  /** False for an account the checkout made for a guest until its holder sets a password: it holds the guest's orders, not yet an account anyone signs in to. */
  password_set: z.boolean(),
  terms_accepted_at: z.iso.datetime({ offset: true }).nullable(),
})
export type User = z.infer<typeof User>

/** The session entity: what login, registration and Google sign-in answer. */
export const AuthSession = z.object({
  access_token: z.string(),
  /** Minutes the token may live (the absolute limit; it also ends after an hour unused). */
  access_token_ttl: z.number().int().positive(),
  user: User,
  is_two_factor_enabled: z.boolean(),
  is_deleted: z.boolean(),
})
export type AuthSession = z.infer<typeof AuthSession>

export const LoginInput = z.object({ email, password: z.string({ error: 'password_required' }).min(1, 'password_required').max(PASSWORD_MAX * 4, 'password_too_long'), token: captchaToken })

/** A form-encoded body sends a ticked box as "true" or "on". */
const ticked = (v: unknown) => (v === 'true' || v === 'on' ? true : v)
const registerFields = {
  email,
  phone_number: phoneNumber.optional(),
  last_name: lastName,
  first_name: firstName,
  password: newPassword,
  password_confirmation: passwordConfirmation,
  /** Spec field: true when the site generated the password for the customer (checkout); never trusted to skip checks. */
  is_default_password: z.coerce.boolean().optional(),
  token: captchaToken,
}
const passwordsMatch = (v: { password: string; password_confirmation: string }) => v.password === v.password_confirmation

/**
 * `POST /auth/register`: the spec's payload as written. `accept_terms: true` is recorded
 * (`terms_accepted_at`) when a client sends it and `false` is refused; a client written from the
 * spec, which has no such field, still registers.
 */
export const RegisterInput = z
  .object({ ...registerFields, accept_terms: z.preprocess(ticked, z.literal(true, { error: 'terms_required' })).optional() })
  .refine(passwordsMatch, { path: ['password_confirmation'], message: 'mismatch' })

/** The site's own sign-up form: the terms and the privacy policy must be accepted by ticking the box. */
export const RegisterForm = z
  .object({ ...registerFields, accept_terms: z.preprocess(ticked, z.literal(true, { error: 'terms_required' })) })
  .refine(passwordsMatch, { path: ['password_confirmation'], message: 'mismatch' })

/**
 * `POST /auth/user/terms`: an account made without the sign-up box (Google sign-in, an API client,
 * or before the terms changed) accepts the terms of `version`, the version the page showed
 * (the one in force when absent).
 */
export const AcceptTermsInput = z.object({
  accept_terms: z.preprocess(ticked, z.literal(true, { error: 'terms_accept_required' })),
  version: z.string({ error: 'terms_version_outdated' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'terms_version_outdated').optional(),
})

export const EmailCheckInput = z.object({ email, token: captchaToken })
export const EmailCheckResult = z.object({ alreadyExists: z.boolean(), isDeleted: z.boolean() })

export const ResetRequestInput = z.object({ email, token: captchaToken })
export const ResetPasswordInput = z
  .object({
    email,
    reset_token: z.string({ error: 'reset_link_invalid' }).min(20, 'reset_link_invalid').max(200, 'reset_link_invalid'),
    password: newPassword,
    password_confirmation: passwordConfirmation,
    token: captchaToken,
  })
  .refine((v) => v.password === v.password_confirmation, { path: ['password_confirmation'], message: 'mismatch' })

export const UserLookup = z.object({ data: User.nullable() })
export const Done = z.object({ ok: z.literal(true) })
