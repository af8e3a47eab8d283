import { Trans, useLingui } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useState, type ReactNode } from 'react'
import { internalPath } from '~/contract/paths'
import type { TwoFactorProviderCode } from '~/contract/two-factor'
import { ContractForm, FormError, FormField, SubmitButton } from '~/ui/form/form-parts'
import { useContractForm } from '~/ui/form/use-contract-form'
import { notify } from '~/ui/toaster'
import { CodeFormField } from './code-field'
import { removeTwoFactorWithRecoveryKey, sendTwoFactorEmailCode, verifyTwoFactorCode } from './two-factor.functions'

type CaptchaProvider = 'altcha' | 'recaptcha' | 'turnstile' | 'none'

// The schemas the API checks with, loaded when a visitor starts typing (decision 56).
const twoFactorSchemas = () => import('~/contract/two-factor')

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

  const send = useContractForm({
    id: 'two-factor-send',
    action: sendTwoFactorEmailCode,
    schema: () => twoFactorSchemas().then((m) => m.EmailCodeRequest),
    // `purpose` is the form's hidden input; the captcha token is added when sending.
    defaultValues: {},
    send: (values) => sendFn({ data: { purpose: 'sign_in', token: values.token ?? '' } }),
    onDone: () => {
      setMailed(true)
      notify('success', t`We sent a code to ${email}.`)
    },
    captcha: { provider: captchaProvider },
  })
  const verify = useContractForm({
    id: 'two-factor-check',
    action: verifyTwoFactorCode,
    schema: () => twoFactorSchemas().then((m) => m.VerifyCodeInput),
    defaultValues: { two_factor_code: '' },
    send: (values) => verifyFn({ data: { two_factor_code: values.two_factor_code, provider_code: providerCode, token: values.token ?? '' } }),
    onDone: goOn,
    captcha: { provider: captchaProvider },
  })
  const recover = useContractForm({
    id: 'two-factor-recovery',
    action: removeTwoFactorWithRecoveryKey,
    schema: () => twoFactorSchemas().then((m) => m.RemoveInput),
    defaultValues: { recovery_key: '' },
    send: (values) => removeFn({ data: { recovery_key: values.recovery_key, token: values.token ?? '' } }),
    onDone: async () => {
      notify('warning', t`Two-step sign-in is off. Set it up again on the security page to keep your account protected.`, { duration: 10_000 })
      await goOn()
    },
    captcha: { provider: captchaProvider },
  })

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
              <ContractForm form={send} className="">
                <input type="hidden" name="purpose" value="sign_in" />
                <FormError form={send} />
                <SubmitButton form={send} className={mailed ? 'button button--secondary' : 'button'}>
                  {mailed ? <Trans>Send a new code</Trans> : <Trans>Send me the code</Trans>}
                </SubmitButton>
              </ContractForm>
            </>
          )}
          <ContractForm form={verify}>
            <input type="hidden" name="provider_code" value={providerCode} />
            <CodeFormField form={verify} />
            <FormError form={verify} />
            <SubmitButton form={verify}>
              <Trans>Confirm</Trans>
            </SubmitButton>
          </ContractForm>
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
          <ContractForm form={recover}>
            <FormField form={recover} name="recovery_key" label={<Trans>Recovery key</Trans>} hint={<Trans>Four groups of five letters and digits, e.g. ABCDE-12345-…</Trans>}>
              {(p) => <input {...p} autoComplete="off" spellCheck={false} required />}
            </FormField>
            <FormError form={recover} />
            <SubmitButton form={recover}>
              <Trans>Use the recovery key</Trans>
            </SubmitButton>
          </ContractForm>
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
