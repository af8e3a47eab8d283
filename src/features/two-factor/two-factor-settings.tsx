import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useRouter } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useState } from 'react'
import type { TwoFactorProviderCode } from '~/contract/two-factor'
import { formatDate } from '~/i18n/dates'
import { isLocale } from '~/i18n/locales'
import { ContractForm, FormError, FormField, SubmitButton } from '~/ui/form/form-parts'
import { useContractForm } from '~/ui/form/use-contract-form'
import { notify } from '~/ui/toaster'
import { CodeFormField } from './code-field'
import { disableTwoFactor, sendTwoFactorEmailCode } from './two-factor.functions'

type CaptchaProvider = 'altcha' | 'recaptcha' | 'turnstile' | 'none'

// The schemas the API checks with, loaded when a visitor starts using a form (decision 56).
const twoFactorSchemas = () => import('~/contract/two-factor')

interface Props {
  current: { provider_code: TwoFactorProviderCode; enabled_at: string } | null
  /** Whether the site requires it (then it cannot be turned off here). */
  required: boolean
  email: string
  captchaProvider: CaptchaProvider
}

/**
 * The content of the two-step sign-in section of `/account/security`: its state, setting it up,
 * turning it off, confirmed by the password or a fresh code (from the app, or mailed for it).
 */
export function TwoFactorSettings({ current, required, email, captchaProvider }: Props) {
  const { t, i18n } = useLingui()
  const since = current ? formatDate(current.enabled_at, isLocale(i18n.locale) ? i18n.locale : 'ro') : ''
  const router = useRouter()
  const [confirmWith, setConfirmWith] = useState<'password' | 'code'>('password')
  const [mailed, setMailed] = useState(false)
  const sendFn = useServerFn(sendTwoFactorEmailCode)
  const send = useContractForm({
    id: 'two-factor-off-send',
    action: sendTwoFactorEmailCode,
    schema: () => twoFactorSchemas().then((m) => m.EmailCodeRequest),
    // `purpose` is the form's hidden input; the captcha token is added when sending.
    defaultValues: {},
    send: (values) => sendFn({ data: { purpose: 'confirm', token: values.token ?? '' } }),
    onDone: () => {
      setMailed(true)
      notify('success', t`We sent a code to ${email}.`)
    },
    captcha: { provider: captchaProvider },
  })
  const disableFn = useServerFn(disableTwoFactor)
  const turnedOff = async (result: { is_removed: boolean }) => {
    if (result.is_removed) notify('success', t`Two-step sign-in is off.`)
    await router.invalidate()
  }
  // One form per proof, so each checks only the field it shows (the schema takes either).
  const withPassword = useContractForm({
    id: 'two-factor-off-password',
    action: disableTwoFactor,
    schema: () => twoFactorSchemas().then((m) => m.DisableInput),
    defaultValues: { password: '' },
    send: (values) => disableFn({ data: { password: values.password } }),
    onDone: async (result) => {
      withPassword.form.reset()
      await turnedOff(result)
    },
  })
  const withCode = useContractForm({
    id: 'two-factor-off-code',
    action: disableTwoFactor,
    schema: () => twoFactorSchemas().then((m) => m.DisableInput),
    defaultValues: { two_factor_code: '' },
    send: (values) => disableFn({ data: { two_factor_code: values.two_factor_code } }),
    onDone: async (result) => {
      withCode.form.reset()
      await turnedOff(result)
    },
  })

  return (
    <>
      {current ? (
        <>
          <p className="notice notice--success" role="status">
            {current.provider_code === 'authenticator' ? (
              <Trans>On since {since}, with an authenticator app.</Trans>
            ) : (
              <Trans>On since {since}, with codes by e-mail.</Trans>
            )}
          </p>
          {required ? (
            <p className="muted">
              <Trans>Two-step sign-in is required for every account on this site, so it cannot be turned off.</Trans>
            </p>
          ) : (
            <>
              <fieldset className="choice-list choice-list--inline">
                <legend>
                  <Trans>To turn it off, confirm with</Trans>
                </legend>
                <label className="choice">
                  <input type="radio" name="confirm_with" checked={confirmWith === 'password'} onChange={() => setConfirmWith('password')} />
                  <Trans>your password</Trans>
                </label>
                <label className="choice">
                  <input type="radio" name="confirm_with" checked={confirmWith === 'code'} onChange={() => setConfirmWith('code')} />
                  {current.provider_code === 'authenticator' ? <Trans>a code from your app</Trans> : <Trans>a code sent by e-mail</Trans>}
                </label>
              </fieldset>
              {confirmWith === 'code' && current.provider_code === 'email' ? (
                <ContractForm form={send} className="">
                  <input type="hidden" name="purpose" value="confirm" />
                  <FormError form={send} />
                  <SubmitButton form={send} className="button button--secondary">
                    {mailed ? <Trans>Send a new code</Trans> : <Trans>Send me a code</Trans>}
                  </SubmitButton>
                </ContractForm>
              ) : null}
              {confirmWith === 'password' ? (
                <ContractForm form={withPassword}>
                  <FormField form={withPassword} name="password" label={<Trans>Current password</Trans>}>
                    {(p) => <input {...p} type="password" autoComplete="current-password" required />}
                  </FormField>
                  <FormError form={withPassword} />
                  <SubmitButton form={withPassword} className="button button--secondary">
                    <Trans>Turn off two-step sign-in</Trans>
                  </SubmitButton>
                </ContractForm>
              ) : (
                <ContractForm form={withCode}>
                  <CodeFormField form={withCode} />
                  <FormError form={withCode} />
                  <SubmitButton form={withCode} className="button button--secondary">
                    <Trans>Turn off two-step sign-in</Trans>
                  </SubmitButton>
                </ContractForm>
              )}
            </>
          )}
        </>
      ) : (
        <>
          <p>
            <Trans>Off. With two-step sign-in, a stolen password is not enough to get into your account: each sign-in also needs a code from your phone or your e-mail.</Trans>
          </p>
          <p>
            <Link to="/account/2fa" search={{ last_url: '/account/security' }} className="button">
              <Trans>Set up two-step sign-in</Trans>
            </Link>
          </p>
        </>
      )}
    </>
  )
}
