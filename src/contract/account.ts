import { z } from 'zod'
import { email, newPassword, PASSWORD_MAX, phoneNumber, User } from './auth'

/**
 * Shapes of the account calls: profile, e-mail change and confirmation, password change,
 * sessions, deletion. Messages are keys the API translates (see `src/server/i18n/api-messages.ts`).
 * Browser code imports the types only (decision 6).
 */

const firstName = z.string({ error: 'first_name_required' }).trim().min(1, 'first_name_required').max(80, 'name_too_long')
const lastName = z.string({ error: 'last_name_required' }).trim().min(1, 'last_name_required').max(80, 'name_too_long')
/** A password typed to prove it is the account holder: checked against the stored hash, never against the rules. */
const currentPassword = z.string({ error: 'password_required' }).min(1, 'password_required').max(PASSWORD_MAX * 4, 'password_too_long')

/** `PATCH /account/profile`: every other field of the user (e-mail, flags) is ignored, never assigned. */
export const ProfileUpdateInput = z.object({
  first_name: firstName,
  last_name: lastName,
  /** Empty or missing removes the number. */
  phone_number: phoneNumber.optional(),
})
export type ProfileUpdateInput = z.infer<typeof ProfileUpdateInput>

/** `GET /account/profile` and `PATCH /account/profile` answer the user. */
export const Profile = User
export type Profile = z.infer<typeof Profile>

/** `POST /account/email-change`: the new address and the current password (re-authentication, ASVS 7.5.1). */
export const EmailChangeInput = z.object({ email, password: currentPassword })

/** `POST /auth/email/confirm`: the token of a mailed link. */
export const EmailConfirmInput = z.object({ token: z.string({ error: 'reset_link_invalid' }).min(20, 'reset_link_invalid').max(200, 'reset_link_invalid') })
export const EmailConfirmResult = z.object({
  /** `verify`: the address of the account is confirmed; `change`: the account now uses this address. */
  purpose: z.enum(['verify', 'change']),
  email: z.string(),
})
export type EmailConfirmResult = z.infer<typeof EmailConfirmResult>

/** `POST /account/password`. */
export const PasswordChangeInput = z
  .object({
    current_password: z.string({ error: 'current_password_required' }).min(1, 'current_password_required').max(PASSWORD_MAX * 4, 'password_too_long'),
    password: newPassword,
    password_confirmation: z.string({ error: 'password_confirmation_required' }).min(1, 'password_confirmation_required').max(PASSWORD_MAX * 4, 'password_too_long'),
  })
  .refine((v) => v.password === v.password_confirmation, { path: ['password_confirmation'], message: 'mismatch' })

export const PasswordChangeResult = z.object({
  ok: z.literal(true),
  /** How many other sessions were ended. */
  revoked_sessions: z.number().int().nonnegative(),
})

/** One active session of the caller. */
export const AccountSession = z.object({
  id: z.uuid(),
  /** A short summary of the browser and system, e.g. "Chrome on Windows", in the language asked for. */
  device: z.string(),
  ip: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  last_used_at: z.iso.datetime({ offset: true }),
  /** The session of the bearer that asked. */
  current: z.boolean(),
})
export type AccountSession = z.infer<typeof AccountSession>

export const AccountSessionList = z.object({ data: z.array(AccountSession) })
export type AccountSessionList = z.infer<typeof AccountSessionList>

export const SessionIdParams = z.object({ id: z.uuid() })

export const RevokedSessions = z.object({ revoked: z.number().int().nonnegative() })

/** A form that is only a button (send the link again, sign the other devices out): it takes no field. */
export const NoFieldsInput = z.object({})

/** `POST /account/delete`: the password confirms the holder's intent. */
export const AccountDeleteInput = z.object({ password: currentPassword })
