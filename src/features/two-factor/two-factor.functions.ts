import { createServerFn } from '@tanstack/react-start'
import {
  DisableInput,
  EmailCodeRequest,
  GenerateCodeResult,
  RecoveryRemoveResult,
  RemoveInput,
  RemoveResult,
  TwoFactorQrCode,
  TwoFactorSetupStart,
  UserTwoFactorProvider,
  VerifyCodeInput,
  VerifyCodeResult,
} from '~/contract/two-factor'
import { rememberSignIn } from '~/server/web/auth-session'
import { answerForm, formInput, requestFieldSentence } from '~/server/web/forms'
import { callProvider } from '~/server/web/request'
import { signedInOnly } from '~/server/web/signed-in-only'

/** The second factor the visitor set up (null when none): the two-factor pages and the security page start from it. */
export const getMyTwoFactor = createServerFn({ method: 'GET' }).middleware([signedInOnly]).handler(async () => {
  const { data } = await callProvider('/two-factor-auth-providers/user', { schema: UserTwoFactorProvider })
  return data
})

const mailCode = (input: { purpose: 'sign_in' | 'confirm'; token: string }) =>
  callProvider('/auth/two-factor/generate-code', { method: 'POST', json: { ...input, provider_code: 'email' }, schema: GenerateCodeResult })

/**
 * The first step of setting two-step sign-in up: a new authenticator secret and its QR code (the
 * secret stays sealed at the provider until a code proves the app has it), or a code mailed to
 * prove the address (answered null). Posted without JavaScript, e-mail codes go on to the page's
 * `step=email-sent`; the QR code is part of a page that runs JavaScript, so that choice is
 * refused there with a sentence that says so.
 */
export const startTwoFactorSetup = createServerFn({ method: 'POST' })
  .middleware([signedInOnly])
  .validator(formInput(TwoFactorSetupStart))
  .handler(({ data }) => {
    if (data.noScript && data.parsed.ok && data.parsed.input.method === 'authenticator') {
      return answerForm({ ...data, parsed: { ok: false, fields: { method: [requestFieldSentence('two_factor_qr_needs_script')] } } }, async () => null)
    }
    return answerForm(
      data,
      async ({ method, token }) => {
        if (method === 'authenticator') return callProvider('/auth/two-factor/generate-qr-code', { schema: TwoFactorQrCode })
        await mailCode({ purpose: 'sign_in', token: token ?? '' })
        return null
      },
      { done: (qr, returnTo) => (qr ? returnTo : withSearch(returnTo, 'step', 'email-sent')) },
    )
  })

/** `path` with one search parameter set (the others kept). */
function withSearch(path: string, name: string, value: string): string {
  const url = new URL(path, 'http://local.invalid')
  url.searchParams.set(name, value)
  return `${url.pathname}${url.search}`
}

export const sendTwoFactorEmailCode = createServerFn({ method: 'POST' })
  .middleware([signedInOnly])
  .validator(formInput(EmailCodeRequest))
  .handler(({ data }) => answerForm(data, mailCode))

/**
 * Checks a code (the second step of this sign-in, or the end of an enrolment, which also needs
 * the current password). The provider answers a new session: its token replaces the old one in
 * the sealed cookie. Only the recovery key, shown once, goes back to the browser.
 */
export const verifyTwoFactorCode = createServerFn({ method: 'POST' })
  .middleware([signedInOnly])
  .validator(formInput(VerifyCodeInput.omit({ user_agent: true, user_ip: true })))
  .handler(({ data }) =>
    answerForm(data, async (input) => {
      const result = await callProvider('/auth/two-factor/verify-code', { method: 'POST', json: input, schema: VerifyCodeResult })
      await rememberSignIn(result.session)
      return { recoveryKey: result.recovery_key }
    }),
  )

/** Turns two-factor off with the recovery key; the provider's new session replaces the old one in the sealed cookie, as after a code. */
export const removeTwoFactorWithRecoveryKey = createServerFn({ method: 'POST' })
  .middleware([signedInOnly])
  .validator(formInput(RemoveInput))
  .handler(({ data }) =>
    answerForm(data, async (input) => {
      const result = await callProvider('/auth/two-factor/remove', { method: 'POST', json: input, schema: RecoveryRemoveResult })
      await rememberSignIn(result.session)
      return { removed: true as const }
    }),
  )

export const disableTwoFactor = createServerFn({ method: 'POST' })
  .middleware([signedInOnly])
  .validator(formInput(DisableInput))
  .handler(({ data }) => answerForm(data, (input) => callProvider('/auth/two-factor/disable', { method: 'POST', json: input, schema: RemoveResult })))
