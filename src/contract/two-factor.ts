import { z } from 'zod'
import { AuthSession } from './auth'
import { TWO_FACTOR_PROVIDERS } from './constants'

/**
 * Shapes of the two-factor calls (spec §3, §7). The spec's `user_agent` field describes the
 * visitor's device when the web app calls on their behalf; the API falls back to the request's
 * own header. `user_ip` is accepted for the spec's sake and ignored: the address comes from the
 * connection (decision 40).
 */

export { TWO_FACTOR_PROVIDERS }
export const TwoFactorProviderCode = z.enum(TWO_FACTOR_PROVIDERS)
export type TwoFactorProviderCode = z.infer<typeof TwoFactorProviderCode>

const captchaToken = z.string({ error: 'captcha_invalid' }).max(4096, 'captcha_invalid')
const device = { user_agent: z.string().max(512).optional(), user_ip: z.string().max(64).optional() }
/** Six digits from an app or an e-mail; spaces people type are removed. */
const code = z
  .string({ error: 'code_format' })
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'code_format'))

export const TwoFactorProviders = z.object({
  data: z.array(z.object({ code: TwoFactorProviderCode, is_default: z.boolean() })),
})

/** The user's second factor, or null when none is set up. */
export const UserTwoFactorProvider = z.object({
  data: z.object({ provider_code: TwoFactorProviderCode, enabled_at: z.iso.datetime({ offset: true }) }).nullable(),
})

/** An authenticator enrolment: the secret (for typing by hand), its `otpauth://` URI and the QR code as SVG. */
export const TwoFactorQrCode = z.object({ secret: z.string(), otpauth_url: z.string(), qr_code_svg: z.string() })

export const VerifyCodeInput = z.object({
  token: captchaToken,
  two_factor_code: code,
  /** The current password: required to finish an enrolment (re-authentication, ASVS 7.5.1), ignored at the sign-in step. */
  password: z.string({ error: 'password_required' }).max(512, 'password_too_long').optional(),
  /** The secret shown at enrolment: when given, it must be the one being enrolled (a stale tab cannot enrol an old QR code). */
  secret: z.string().max(64).optional(),
  provider_code: TwoFactorProviderCode,
  ...device,
})

/**
 * A verified code. The session is replaced (a new token, so one captured before the second
 * factor is useless); at enrolment the recovery key is shown this once.
 */
export const VerifyCodeResult = z.object({ verified: z.literal(true), recovery_key: z.string().nullable(), session: AuthSession })
export type VerifyCodeResult = z.infer<typeof VerifyCodeResult>

export const CheckActiveSessionInput = z.object(device)
export const TwoFactorSessionState = z.object({
  is_two_factor_auth_enabled: z.boolean(),
  is_two_factor_enabled_for_user: z.boolean(),
  is_active: z.boolean(),
  is_two_factor_auth_required: z.boolean(),
})

export const GenerateCodeInput = z.object({
  token: captchaToken,
  provider_code: z.literal('email'),
  /** `sign_in`: the second factor (and e-mail enrolment); `confirm`: a fresh code to change security settings. */
  purpose: z.enum(['sign_in', 'confirm']).default('sign_in'),
  ...device,
})
/** What the web app's "send me a code" takes from the browser (the provider is always e-mail). */
export const EmailCodeRequest = z.object({ purpose: z.enum(['sign_in', 'confirm']).default('sign_in'), token: captchaToken })

/**
 * The first step of setting two-step sign-in up in the browser: the method chosen; e-mail codes
 * are mailed at once (captcha-protected), the authenticator app gets its QR code.
 */
export const TwoFactorSetupStart = z.object({ method: z.enum(TWO_FACTOR_PROVIDERS, { error: 'two_factor_method_required' }), token: captchaToken.optional() })

export const GenerateCodeResult = z.object({ sent: z.literal(true), expires_in: z.number().int() })

export const RemoveInput = z.object({
  token: captchaToken,
  recovery_key: z.string({ error: 'recovery_key_required' }).trim().min(16, 'recovery_key_required').max(64, 'recovery_key_required'),
  provider_code: TwoFactorProviderCode.optional(),
})
export const RemoveResult = z.object({ is_removed: z.boolean() })
/** Two-factor removed with the recovery key: the key proved the holder, so the session is replaced like after a code. */
export const RecoveryRemoveResult = z.object({ is_removed: z.literal(true), session: AuthSession })
export type RecoveryRemoveResult = z.infer<typeof RecoveryRemoveResult>

/** Turning two-factor off from the security page: the current password, or a fresh code. */
export const DisableInput = z
  .object({ password: z.string({ error: 'password_required' }).max(512, 'password_too_long').optional(), two_factor_code: code.optional() })
  .refine((v) => Boolean(v.password) || Boolean(v.two_factor_code), { path: ['password'], message: 'confirmation_required' })
