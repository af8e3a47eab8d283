import { z } from 'zod'

/** Shapes of the accounts calls (spec §3, §7). Password rules beyond length are checked by the API. */

/** Password length in code points after NFC normalisation; no composition rules (NIST SP 800-63B, ASVS 6.2). */
export const PASSWORD_MIN = 12
export const PASSWORD_MAX = 128

const email = z.string().trim().toLowerCase().pipe(z.email().max(254))
// Messages are keys the API translates; code points are counted by the API, this bounds the size.
const password = z.string().min(PASSWORD_MIN, 'password_too_short').max(PASSWORD_MAX * 4, 'password_too_long')
const name = z.string().trim().min(1).max(80)
const captchaToken = z.string().max(4096)
/** A Romanian mobile or landline number (07…, 02…, 03…, with +40 or 40 instead of the 0), or empty. */
export const phoneNumber = z
  .string()
  .trim()
  .regex(/^((\+?40|0)[237]\d{8})?$/)
  .max(20)

export const User = z.object({
  id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone_number: z.string().nullable(),
  email_verified: z.boolean(),
  locale: z.string(),
  created_at: z.iso.datetime({ offset: true }),
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

export const LoginInput = z.object({ email, password: z.string().min(1).max(PASSWORD_MAX * 4), token: captchaToken })

export const RegisterInput = z
  .object({
    email,
    phone_number: phoneNumber.optional(),
    last_name: name,
    first_name: name,
    password,
    password_confirmation: z.string().max(PASSWORD_MAX * 4),
    /** Spec field: true when the site generated the password for the customer (checkout); never trusted to skip checks. */
    is_default_password: z.coerce.boolean().optional(),
    token: captchaToken,
  })
  .refine((v) => v.password === v.password_confirmation, { path: ['password_confirmation'], message: 'mismatch' })

export const EmailCheckInput = z.object({ email, token: captchaToken })
export const EmailCheckResult = z.object({ alreadyExists: z.boolean(), isDeleted: z.boolean() })

export const ResetRequestInput = z.object({ email, token: captchaToken })
export const ResetPasswordInput = z
  .object({ email, reset_token: z.string().min(20).max(200), password, password_confirmation: z.string().max(PASSWORD_MAX * 4), token: captchaToken })
  .refine((v) => v.password === v.password_confirmation, { path: ['password_confirmation'], message: 'mismatch' })

export const UserLookup = z.object({ data: User.nullable() })
export const Done = z.object({ ok: z.literal(true) })
