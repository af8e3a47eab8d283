import { Trans, useLingui } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useState, type ReactNode } from 'react'
import { internalPath } from '~/contract/paths'
import type { TwoFactorProviderCode } from '~/contract/two-factor'
import { Field, FormAlert } from '~/ui/form-field'
import { SubmitButton, useProviderForm } from '~/ui/provider-form'
import { notify } from '~/ui/toaster'
import { CodeField } from './code-field'
import { removeTwoFactorWithRecoveryKey, sendTwoFactorEmailCode, verifyTwoFactorCode } from './two-factor.functions'

type CaptchaProvider = 'altcha' | 'recaptcha' | 'turnstile' | 'none'

interface Props {
  providerCode: TwoFactorProviderCode
  email: string
  returnTo: string | undefined
  captchaProvider: CaptchaProvider
  signOut: ReactNode
}

/**
 * `/account/2fa-check`: the second step of a sign-in. A code from the app (or one we mail),
 * or, with the device lost, the recovery key, which turns two-step sign-in off. Then back to
 * `last_url`.
 */
export function TwoFactorCheckPage({ providerCode, email, returnTo, captchaProvider, signOut }: Props) {
  const { t } = useLingui()
  const router = useRouter()
  const [mode, setMode] = useState<'code' | 'recovery'>('code')
  const [mailed, setMailed] = useState(false)
  const sendFn = useServerFn(sendTwoFactorEmailCode)
  const verifyFn = useServerFn(verifyTwoFactorCode)
  const removeFn = useServerFn(removeTwoFactorWithRecoveryKey)
  const target = internalPath(returnTo) ?? '/account/orders'
  const goOn = async () => {
    await router.invalidate()
    await router.navigate({ href: target, replace: true })
  }
  const captcha = { captcha: captchaProvider }

  const send = useProviderForm((values) => sendFn({ data: { purpose: 'sign_in', token: values.token } }), () => {
    setMailed(true)
    notify('success', t`We sent a code to ${email}.`)
  }, captcha)
  const verify = useProviderForm((values) => verifyFn({ data: { two_factor_code: values.two_factor_code, provider_code: providerCode, secret: undefined, password: undefined, token: values.token } }), goOn, captcha)
  const recover = useProviderForm(
    (values) => removeFn({ data: { recovery_key: values.recovery_key, token: values.token } }),
    async () => {
      notify('warning', t`Two-step sign-in is off. Set it up again on the security page to keep your account protected.`, { duration: 10_000 })
      await goOn()
    },
    captcha,
  )

  return (
    <div className="two-factor">
      <h1>
        <Trans>Confirm it is you</Trans>
      </h1>
      {mode === 'code' ? (
        <>
          {providerCode === 'authenticator' ? (
            <p>
              <Trans>Open your authenticator app and enter the code it shows for this site.</Trans>
            </p>
          ) : (
            <>
              <p>
                <Trans>We send a six-digit code to {email}. It is valid for 10 minutes.</Trans>
              </p>
              <form onSubmit={send.onSubmit} aria-busy={send.busy}>
                <FormAlert errors={send.errors} />
                <SubmitButton busy={send.busy} className={mailed ? 'button button--secondary' : 'button'}>
                  {mailed ? <Trans>Send a new code</Trans> : <Trans>Send me the code</Trans>}
                </SubmitButton>
              </form>
            </>
          )}
          <form className="form" onSubmit={verify.onSubmit} noValidate aria-busy={verify.busy}>
            <CodeField form="two-factor-check" errors={verify.errors} />
            <FormAlert errors={verify.errors} />
            <SubmitButton busy={verify.busy}>
              <Trans>Confirm</Trans>
            </SubmitButton>
          </form>
          <p>
            <button type="button" className="link-button" onClick={() => setMode('recovery')}>
              <Trans>Lost your phone or e-mail? Use your recovery key</Trans>
            </button>
          </p>
        </>
      ) : (
        <>
          <p>
            <Trans>Enter the recovery key you kept when you set up two-step sign-in. It turns two-step sign-in off; you can set it up again afterwards.</Trans>
          </p>
          <form className="form" onSubmit={recover.onSubmit} noValidate aria-busy={recover.busy}>
            <Field form="two-factor-recovery" name="recovery_key" label={<Trans>Recovery key</Trans>} hint={<Trans>Four groups of five letters and digits, e.g. ABCDE-12345-…</Trans>} errors={recover.errors}>
              {(p) => <input {...p} autoComplete="off" spellCheck={false} required />}
            </Field>
            <FormAlert errors={recover.errors} />
            <SubmitButton busy={recover.busy}>
              <Trans>Use the recovery key</Trans>
            </SubmitButton>
          </form>
          <p>
            <button type="button" className="link-button" onClick={() => setMode('code')}>
              <Trans>Back to the code</Trans>
            </button>
          </p>
        </>
      )}
      <p className="muted">
        <Trans>Not you, or on the wrong account?</Trans> {signOut}
      </p>
    </div>
  )
}
