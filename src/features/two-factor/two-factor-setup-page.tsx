import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useRouter } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useState, type ReactNode } from 'react'
import { internalPath } from '~/contract/paths'
import type { TwoFactorProviderCode } from '~/contract/two-factor'
import { Field, FormAlert, type FieldErrors } from '~/ui/form-field'
import { SubmitButton, useProviderForm, type ProviderForm } from '~/ui/provider-form'
import { notify } from '~/ui/toaster'
import { CodeField, RecoveryKeyNotice } from './code-field'
import { sendTwoFactorEmailCode, startAuthenticatorSetup, verifyTwoFactorCode } from './two-factor.functions'

type CaptchaProvider = 'altcha' | 'recaptcha' | 'turnstile' | 'none'

interface Props {
  /** The factor already set up, if any. */
  current: { provider_code: TwoFactorProviderCode } | null
  email: string
  returnTo: string | undefined
  required: boolean
  captchaProvider: CaptchaProvider
}

type Step = { name: 'choose' } | { name: 'scan'; secret: string; qrSvg: string } | { name: 'email-sent' } | { name: 'done'; recoveryKey: string }

/** Groups of four, as authenticator apps show secrets typed by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret

/**
 * `/account/2fa`: set up two-step sign-in with an authenticator app (QR code, or the secret
 * typed by hand) or with codes by e-mail; a first code proves it works, then the recovery key
 * is shown once and the visitor goes back to `last_url`.
 */
export function TwoFactorSetupPage({ current, email, returnTo, required, captchaProvider }: Props) {
  const { t } = useLingui()
  const router = useRouter()
  const [method, setMethod] = useState<TwoFactorProviderCode>('authenticator')
  const [step, setStep] = useState<Step>({ name: 'choose' })
  const startFn = useServerFn(startAuthenticatorSetup)
  const sendFn = useServerFn(sendTwoFactorEmailCode)
  const verifyFn = useServerFn(verifyTwoFactorCode)
  const target = internalPath(returnTo) ?? '/account/security'

  const start = useProviderForm(
    async (values) => {
      if (method === 'email') {
        const sent = await sendFn({ data: { purpose: 'sign_in', token: values.token } })
        return sent.ok ? { ok: true as const, data: null } : sent
      }
      const qr = await startFn()
      return qr.ok ? { ok: true as const, data: qr.data } : qr
    },
    (qr) => setStep(qr ? { name: 'scan', secret: qr.secret, qrSvg: qr.qr_code_svg } : { name: 'email-sent' }),
    // Mailing a code is captcha-protected; showing a QR code is not (the session and a rate limit guard it).
    { captcha: method === 'email' ? captchaProvider : undefined },
  )
  const verify = useProviderForm(
    (values) =>
      verifyFn({ data: { two_factor_code: values.two_factor_code, provider_code: method, secret: step.name === 'scan' ? step.secret : undefined, password: values.password, token: values.token } }),
    async (result) => {
      await router.invalidate()
      if (result.recoveryKey) setStep({ name: 'done', recoveryKey: result.recoveryKey })
    },
    { captcha: captchaProvider },
  )

  if (current && step.name !== 'done') {
    return (
      <div className="two-factor">
        <h1>
          <Trans>Two-step sign-in</Trans>
        </h1>
        <p className="notice notice--success" role="status">
          {current.provider_code === 'authenticator' ? <Trans>Two-step sign-in is on, with an authenticator app.</Trans> : <Trans>Two-step sign-in is on, with codes by e-mail.</Trans>}
        </p>
        <p>
          <Trans>To switch to another method, turn two-step sign-in off on the security page, then set it up again.</Trans>
        </p>
        <p>
          <Link to="/account/security" className="button">
            <Trans>Go to security</Trans>
          </Link>
        </p>
      </div>
    )
  }

  return (
    <div className="two-factor">
      <h1>
        <Trans>Set up two-step sign-in</Trans>
      </h1>
      {required ? (
        <p className="notice notice--warning" role="alert">
          <Trans>Your account needs two-step sign-in before you continue.</Trans>
        </p>
      ) : null}
      <p>
        <Trans>After your password, you will confirm each sign-in with a six-digit code. Someone who learns your password still cannot get in.</Trans>
      </p>

      {step.name === 'choose' ? (
        <form className="form" onSubmit={start.onSubmit} aria-busy={start.busy}>
          <fieldset className="choice-list">
            <legend>
              <Trans>How do you want to receive the codes?</Trans>
            </legend>
            <label className="choice">
              <input type="radio" name="method" value="authenticator" checked={method === 'authenticator'} onChange={() => setMethod('authenticator')} />
              <span>
                <strong>
                  <Trans>Authenticator app (recommended)</Trans>
                </strong>
                <span className="muted">
                  <Trans>Google Authenticator, Microsoft Authenticator, 1Password or any app that reads a QR code. Works offline.</Trans>
                </span>
              </span>
            </label>
            <label className="choice">
              <input type="radio" name="method" value="email" checked={method === 'email'} onChange={() => setMethod('email')} />
              <span>
                <strong>
                  <Trans>Code by e-mail</Trans>
                </strong>
                <span className="muted">
                  <Trans>We send a code to {email} at each sign-in.</Trans>
                </span>
              </span>
            </label>
          </fieldset>
          <FormAlert errors={start.errors} />
          <SubmitButton busy={start.busy}>{method === 'authenticator' ? <Trans>Show the QR code</Trans> : <Trans>Send me a code</Trans>}</SubmitButton>
        </form>
      ) : null}

      {step.name === 'scan' ? (
        <section aria-labelledby="scan-title">
          <h2 id="scan-title">
            <Trans>Scan the QR code with your app</Trans>
          </h2>
          {/* The SVG is made by our own server from the otpauth URI; it holds no markup from users. */}
          <div className="qr-code" role="img" aria-label={t`QR code for your authenticator app`} dangerouslySetInnerHTML={{ __html: step.qrSvg }} />
          <p>
            <Trans>Cannot scan it? Type this key in the app instead:</Trans> <code className="secret" data-testid="totp-secret">{grouped(step.secret)}</code>
          </p>
          <TurnOnForm form={verify} codeHint={<Trans>Enter the code the app shows now.</Trans>} />
        </section>
      ) : null}

      {step.name === 'email-sent' ? (
        <section aria-labelledby="email-title">
          <h2 id="email-title">
            <Trans>Check your e-mail</Trans>
          </h2>
          <p role="status">
            <Trans>We sent a six-digit code to {email}. It is valid for 10 minutes.</Trans>
          </p>
          <TurnOnForm form={verify} />
        </section>
      ) : null}

      {step.name === 'done' ? (
        <RecoveryKeyNotice
          recoveryKey={step.recoveryKey}
          onContinue={() => {
            notify('success', t`Two-step sign-in is on.`)
            void router.navigate({ href: target, replace: true })
          }}
        />
      ) : null}

      {step.name !== 'done' && !required ? (
        <p>
          <Link to="/account/security">
            <Trans>Not now</Trans>
          </Link>
        </p>
      ) : null}
    </div>
  )
}

/** The last step of either method: the code received, and the password that confirms the change. */
function TurnOnForm({ form, codeHint }: { form: ProviderForm; codeHint?: ReactNode }) {
  return (
    <form className="form" onSubmit={form.onSubmit} noValidate aria-busy={form.busy}>
      <CodeField form="two-factor-setup" errors={form.errors} hint={codeHint} />
      <CurrentPasswordField errors={form.errors} />
      <FormAlert errors={form.errors} />
      <SubmitButton busy={form.busy}>
        <Trans>Turn on two-step sign-in</Trans>
      </SubmitButton>
    </form>
  )
}

/** Turning two-step sign-in on is a security change: the password confirms it is the holder, not whoever holds the session (decision 42). */
function CurrentPasswordField({ errors }: { errors: FieldErrors }) {
  return (
    <Field
      form="two-factor-setup"
      name="password"
      label={<Trans>Current password</Trans>}
      hint={<Trans>You sign in with Google only? Sign out and choose a password with “Forgot your password?” first.</Trans>}
      errors={errors}
    >
      {(p) => <input {...p} type="password" autoComplete="current-password" required />}
    </Field>
  )
}
