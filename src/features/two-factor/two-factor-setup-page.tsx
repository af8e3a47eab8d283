import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useRouter } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useState, type ReactNode } from 'react'
import { internalPath } from '~/contract/paths'
import type { TwoFactorProviderCode } from '~/contract/two-factor'
import { ContractForm, FormError, FormField, SubmitButton } from '~/ui/form/form-parts'
import { useContractForm, type ContractFormApi } from '~/ui/form/use-contract-form'
import { notify } from '~/ui/toaster'
import { CodeFormField, RecoveryKeyNotice } from './code-field'
import { startTwoFactorSetup, verifyTwoFactorCode } from './two-factor.functions'

type CaptchaProvider = 'altcha' | 'recaptcha' | 'turnstile' | 'none'

// The schemas the API checks with, loaded when a visitor starts using a form (decision 56).
const twoFactorSchemas = () => import('~/contract/two-factor')

interface Props {
  /** The factor already set up, if any. */
  current: { provider_code: TwoFactorProviderCode } | null
  email: string
  returnTo: string | undefined
  required: boolean
  captchaProvider: CaptchaProvider
  /** `email-sent`: where the first step posted without JavaScript lands after mailing the code. */
  initialStep?: 'email-sent'
}

type Step = { name: 'choose' } | { name: 'scan'; secret: string; qrSvg: string } | { name: 'email-sent' } | { name: 'done'; recoveryKey: string }

/** Groups of four, as authenticator apps show secrets typed by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret

/**
 * `/account/2fa`: set up two-step sign-in with an authenticator app (QR code, or the secret
 * typed by hand) or with codes by e-mail; a first code proves it works, then the recovery key
 * is shown once and the visitor goes back to `last_url`.
 */
export function TwoFactorSetupPage({ current, email, returnTo, required, captchaProvider, initialStep }: Props) {
  const { t } = useLingui()
  const router = useRouter()
  const [method, setMethod] = useState<TwoFactorProviderCode>(initialStep === 'email-sent' ? 'email' : 'authenticator')
  const [step, setStep] = useState<Step>(initialStep ? { name: initialStep } : { name: 'choose' })
  const startFn = useServerFn(startTwoFactorSetup)
  const verifyFn = useServerFn(verifyTwoFactorCode)
  const target = internalPath(returnTo) ?? '/account/security'

  const start = useContractForm({
    id: 'two-factor-start',
    action: startTwoFactorSetup,
    schema: () => twoFactorSchemas().then((m) => m.TwoFactorSetupStart),
    // The method is a pair of radio buttons kept by the page (its labels follow it).
    defaultValues: {},
    send: (values) => startFn({ data: { method, token: values.token } }),
    onDone: (qr) => setStep(qr ? { name: 'scan', secret: qr.secret, qrSvg: qr.qr_code_svg } : { name: 'email-sent' }),
    // Mailing a code is captcha-protected; showing a QR code is not (the session and a rate limit guard it).
    captcha: method === 'email' ? { provider: captchaProvider } : undefined,
  })
  const verify = useContractForm({
    id: 'two-factor-setup',
    action: verifyTwoFactorCode,
    schema: () => twoFactorSchemas().then((m) => m.VerifyCodeInput),
    defaultValues: { two_factor_code: '', password: '' },
    send: (values) =>
      verifyFn({ data: { two_factor_code: values.two_factor_code, provider_code: method, secret: step.name === 'scan' ? step.secret : undefined, password: values.password, token: values.token ?? '' } }),
    onDone: async (result) => {
      await router.invalidate()
      if (result.recoveryKey) setStep({ name: 'done', recoveryKey: result.recoveryKey })
    },
    captcha: { provider: captchaProvider },
  })

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
        <ContractForm form={start}>
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
          <FormError form={start} />
          <SubmitButton form={start}>{method === 'authenticator' ? <Trans>Show the QR code</Trans> : <Trans>Send me a code</Trans>}</SubmitButton>
        </ContractForm>
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
          <TurnOnForm form={verify} method={method} secret={step.secret} codeHint={<Trans>Enter the code the app shows now.</Trans>} />
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
          <TurnOnForm form={verify} method={method} />
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

/**
 * The last step of either method: the code received, and the password that confirms the change
 * (a security change: the password proves the holder, not whoever holds the session, decision 42).
 */
function TurnOnForm({ form, method, secret, codeHint }: { form: ContractFormApi; method: TwoFactorProviderCode; secret?: string; codeHint?: ReactNode }) {
  return (
    <ContractForm form={form}>
      {/* What the page knows, posted too when the form goes without JavaScript. */}
      <input type="hidden" name="provider_code" value={method} />
      {secret ? <input type="hidden" name="secret" value={secret} /> : null}
      <CodeFormField form={form} hint={codeHint} />
      <FormField
        form={form}
        name="password"
        label={<Trans>Current password</Trans>}
        hint={<Trans>You sign in with Google only? Sign out and choose a password with “Forgot your password?” first.</Trans>}
      >
        {(p) => <input {...p} type="password" autoComplete="current-password" required />}
      </FormField>
      <FormError form={form} />
      <SubmitButton form={form}>
        <Trans>Turn on two-step sign-in</Trans>
      </SubmitButton>
    </ContractForm>
  )
}
