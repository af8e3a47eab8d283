import { createServerFn } from '@tanstack/react-start'
import { GenerateCodeResult, RecoveryRemoveResult, RemoveResult, TwoFactorQrCode, UserTwoFactorProvider, VerifyCodeResult } from '~/contract/two-factor'
import { rememberSignIn } from '~/server/session/auth-session'
import { formResult, formText } from '~/server/web/forms'
import { callProvider } from '~/server/web/request'
import { signedInOnly } from '~/server/web/signed-in-only'

const provider = (value: unknown): 'authenticator' | 'email' => (value === 'email' ? 'email' : 'authenticator')

/** The second factor the visitor set up (null when none): the two-factor pages and the security page start from it. */
export const getMyTwoFactor = createServerFn({ method: 'GET' }).middleware([signedInOnly]).handler(async () => {
  const { data } = await callProvider('/two-factor-auth-providers/user', { schema: UserTwoFactorProvider })
  return data
})

/** A new authenticator secret and its QR code (the secret stays sealed at the provider until a code proves the app has it). */
export const startAuthenticatorSetup = createServerFn({ method: 'POST' }).middleware([signedInOnly]).handler(() =>
  formResult(() => callProvider('/auth/two-factor/generate-qr-code', { schema: TwoFactorQrCode })),
)

export const sendTwoFactorEmailCode = createServerFn({ method: 'POST' })
  .middleware([signedInOnly])
  .validator((input: { purpose: unknown; token: unknown }) => ({ purpose: input.purpose === 'confirm' ? ('confirm' as const) : ('sign_in' as const), token: formText(input.token, 4096) }))
  .handler(({ data }) =>
    formResult(() => callProvider('/auth/two-factor/generate-code', { method: 'POST', json: { ...data, provider_code: 'email' }, schema: GenerateCodeResult })),
  )

/**
 * Checks a code (the second step of this sign-in, or the end of an enrolment, which also needs
 * the current password). The provider answers a new session: its token replaces the old one in
 * the sealed cookie. Only the recovery key, shown once, goes back to the browser.
 */
export const verifyTwoFactorCode = createServerFn({ method: 'POST' })
  .middleware([signedInOnly])
  .validator((input: { two_factor_code: unknown; provider_code: unknown; secret: unknown; password: unknown; token: unknown }) => ({
    two_factor_code: formText(input.two_factor_code, 20),
    provider_code: provider(input.provider_code),
    secret: formText(input.secret, 64) || undefined,
    password: formText(input.password, 512) || undefined,
    token: formText(input.token, 4096),
  }))
  .handler(({ data }) =>
    formResult(async () => {
      const result = await callProvider('/auth/two-factor/verify-code', { method: 'POST', json: data, schema: VerifyCodeResult })
      await rememberSignIn(result.session)
      return { recoveryKey: result.recovery_key }
    }),
  )

/** Turns two-factor off with the recovery key; the provider's new session replaces the old one in the sealed cookie, as after a code. */
export const removeTwoFactorWithRecoveryKey = createServerFn({ method: 'POST' })
  .middleware([signedInOnly])
  .validator((input: { recovery_key: unknown; token: unknown }) => ({ recovery_key: formText(input.recovery_key, 64), token: formText(input.token, 4096) }))
  .handler(({ data }) =>
    formResult(async () => {
      const result = await callProvider('/auth/two-factor/remove', { method: 'POST', json: data, schema: RecoveryRemoveResult })
      await rememberSignIn(result.session)
      return { removed: true as const }
    }),
  )

export const disableTwoFactor = createServerFn({ method: 'POST' })
  .middleware([signedInOnly])
  .validator((input: { password: unknown; two_factor_code: unknown }) => ({
    password: formText(input.password, 512) || undefined,
    two_factor_code: formText(input.two_factor_code, 20) || undefined,
  }))
  .handler(({ data }) => formResult(() => callProvider('/auth/two-factor/disable', { method: 'POST', json: data, schema: RemoveResult })))
