import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useRouter } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useState } from 'react'
import type { TwoFactorProviderCode } from '~/contract/two-factor'
import { formatDate } from '~/i18n/dates'
import { isLocale } from '~/i18n/locales'
import { Field, FormAlert } from '~/ui/form-field'
import { SubmitButton, useProviderForm } from '~/ui/provider-form'
import { notify } from '~/ui/toaster'
import { CodeField } from './code-field'
import { disableTwoFactor, sendTwoFactorEmailCode } from './two-factor.functions'

type CaptchaProvider = 'altcha' | 'recaptcha' | 'turnstile' | 'none'

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
  const send = useProviderForm(
    (values) => sendFn({ data: { purpose: 'confirm', token: values.token } }),
    () => {
      setMailed(true)
      notify('success', t`We sent a code to ${email}.`)
    },
    { captcha: captchaProvider },
  )
  const disableFn = useServerFn(disableTwoFactor)
  const disable = useProviderForm(
    (values) => disableFn({ data: { password: values.password, two_factor_code: values.two_factor_code } }),
    async (result, form) => {
      form.reset()
      if (result.is_removed) notify('success', t`Two-step sign-in is off.`)
      await router.invalidate()
    },
  )

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
                <form onSubmit={send.onSubmit} aria-busy={send.busy}>
                  <FormAlert errors={send.errors} />
                  <SubmitButton busy={send.busy} className="button button--secondary">
                    {mailed ? <Trans>Send a new code</Trans> : <Trans>Send me a code</Trans>}
                  </SubmitButton>
                </form>
              ) : null}
              <form className="form" onSubmit={disable.onSubmit} noValidate aria-busy={disable.busy}>
                {confirmWith === 'password' ? (
                  <Field form="two-factor-off" name="password" label={<Trans>Current password</Trans>} errors={disable.errors}>
                    {(p) => <input {...p} type="password" autoComplete="current-password" required />}
                  </Field>
                ) : (
                  <CodeField form="two-factor-off" errors={disable.errors} />
                )}
                <FormAlert errors={disable.errors} />
                <SubmitButton busy={disable.busy} className="button button--secondary">
                  <Trans>Turn off two-step sign-in</Trans>
                </SubmitButton>
              </form>
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
