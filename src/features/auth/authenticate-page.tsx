import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useRouter } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useState } from 'react'
import { internalPath } from '~/contract/paths'
import { Field, FormAlert } from '~/ui/form-field'
import { SubmitButton as Submit, useProviderForm } from '~/ui/provider-form'
import { notify } from '~/ui/toaster'
import { register, requestPasswordReset, resetPassword, signIn } from './auth.functions'
import { GoogleButton } from './google-sign-in'

export type AuthMode = 'sign-in' | 'register' | 'forgot' | 'reset'
type CaptchaProvider = 'altcha' | 'recaptcha' | 'turnstile' | 'none'

interface Props {
  mode: AuthMode
  returnTo: string | undefined
  email: string | undefined
  resetToken: string | undefined
  /** Why the visitor is here: their session ended (spec §8). */
  reason: 'inactivity' | undefined
  captchaProvider: CaptchaProvider
  /** "Continue with Google" is offered (a `GOOGLE_CLIENT_ID` is configured). */
  google?: boolean
}

const passwordHint = <Trans>At least 12 characters. A few unrelated words make a strong, memorable password.</Trans>

/**
 * `/authenticate`: sign in, create an account, ask for a reset link, set a new password.
 * The mode lives in the URL (`?mode=`), so each form has its own address and the mailed
 * reset link opens the right one.
 */
export function AuthenticatePage({ mode, returnTo, email, resetToken, reason, captchaProvider, google = false }: Props) {
  const { t } = useLingui()
  const router = useRouter()
  const target = internalPath(returnTo) ?? '/account/orders'
  const afterSignIn = async () => {
    await router.invalidate()
    await router.navigate({ href: target, replace: true })
  }
  const signInFn = useServerFn(signIn)
  const registerFn = useServerFn(register)
  const forgotFn = useServerFn(requestPasswordReset)
  const resetFn = useServerFn(resetPassword)
  const captcha = { captcha: captchaProvider }
  const signInForm = useProviderForm((v) => signInFn({ data: { email: v.email, password: v.password, token: v.token } }), afterSignIn, { ...captcha, captchaAction: 'login' })
  const registerForm = useProviderForm(
    (v) => registerFn({ data: { email: v.email, password: v.password, password_confirmation: v.password_confirmation, first_name: v.first_name, last_name: v.last_name, phone_number: v.phone_number, token: v.token } }),
    async () => {
      notify('success', t`Your account is ready. We sent you an e-mail to confirm your address.`)
      await afterSignIn()
    },
    { ...captcha, captchaAction: 'register' },
  )
  const [resetSent, setResetSent] = useState(false)
  const forgotForm = useProviderForm((v) => forgotFn({ data: { email: v.email, token: v.token } }), () => setResetSent(true), { ...captcha, captchaAction: 'password_reset' })
  const resetForm = useProviderForm(
    (v) => resetFn({ data: { email: v.email, reset_token: v.reset_token, password: v.password, password_confirmation: v.password_confirmation, token: v.token } }),
    async () => {
      notify('success', t`Your password was changed. Sign in with the new one.`)
      await router.navigate({ to: '/authenticate', search: { mode: 'sign-in', email } })
    },
    { ...captcha, captchaAction: 'password_reset' },
  )
  const search = (m: AuthMode) => ({ mode: m, ...(returnTo ? { last_url: returnTo } : {}) })

  return (
    <div className="auth" data-mode={mode}>
      {reason === 'inactivity' ? (
        <p className="notice notice--warning" role="alert">
          <Trans>You have been logged out due to inactivity.</Trans>
        </p>
      ) : null}
      {mode === 'sign-in' ? (
        <>
          <h1>
            <Trans>Sign in</Trans>
          </h1>
          <form className="form" onSubmit={signInForm.onSubmit} noValidate aria-busy={signInForm.busy}>
            <Field form="sign-in" name="email" label={<Trans>E-mail</Trans>} errors={signInForm.errors}>
              {(p) => <input {...p} type="email" autoComplete="username" defaultValue={email} required />}
            </Field>
            <Field form="sign-in" name="password" label={<Trans>Password</Trans>} errors={signInForm.errors}>
              {(p) => <input {...p} type="password" autoComplete="current-password" required />}
            </Field>
            <FormAlert errors={signInForm.errors} />
            <Submit busy={signInForm.busy}>
              <Trans>Sign in</Trans>
            </Submit>
          </form>
          {google ? <GoogleButton returnTo={returnTo} /> : null}
          <p>
            <Link to="/authenticate" search={search('forgot')}>
              <Trans>Forgot your password?</Trans>
            </Link>
          </p>
          <p>
            <Trans>New here?</Trans>{' '}
            <Link to="/authenticate" search={search('register')}>
              <Trans>Create an account</Trans>
            </Link>
          </p>
        </>
      ) : null}
      {mode === 'register' ? (
        <>
          <h1>
            <Trans>Create an account</Trans>
          </h1>
          <p>
            <Trans>With an account you find all your policies in one place and get a reminder before each one expires. Buying does not require one.</Trans>
          </p>
          <form className="form" onSubmit={registerForm.onSubmit} noValidate aria-busy={registerForm.busy}>
            <Field form="register" name="first_name" label={<Trans>First name</Trans>} errors={registerForm.errors}>
              {(p) => <input {...p} autoComplete="given-name" required />}
            </Field>
            <Field form="register" name="last_name" label={<Trans>Last name</Trans>} errors={registerForm.errors}>
              {(p) => <input {...p} autoComplete="family-name" required />}
            </Field>
            <Field form="register" name="email" label={<Trans>E-mail</Trans>} errors={registerForm.errors}>
              {(p) => <input {...p} type="email" autoComplete="email" defaultValue={email} required />}
            </Field>
            <Field form="register" name="phone_number" label={<Trans>Phone (optional)</Trans>} errors={registerForm.errors}>
              {(p) => <input {...p} type="tel" autoComplete="tel" />}
            </Field>
            <Field form="register" name="password" label={<Trans>Password</Trans>} hint={passwordHint} errors={registerForm.errors}>
              {(p) => <input {...p} type="password" autoComplete="new-password" required />}
            </Field>
            <Field form="register" name="password_confirmation" label={<Trans>Repeat the password</Trans>} errors={registerForm.errors}>
              {(p) => <input {...p} type="password" autoComplete="new-password" required />}
            </Field>
            <FormAlert errors={registerForm.errors} />
            <Submit busy={registerForm.busy}>
              <Trans>Create the account</Trans>
            </Submit>
          </form>
          {google ? <GoogleButton returnTo={returnTo} /> : null}
          <p>
            <Trans>Already have an account?</Trans>{' '}
            <Link to="/authenticate" search={search('sign-in')}>
              <Trans>Sign in</Trans>
            </Link>
          </p>
        </>
      ) : null}
      {mode === 'forgot' ? (
        <>
          <h1>
            <Trans>Reset your password</Trans>
          </h1>
          {resetSent ? (
            <p className="notice notice--success" role="status">
              <Trans>If an account uses this address, a link to set a new password is on its way. It is valid for 60 minutes.</Trans>
            </p>
          ) : (
            <form className="form" onSubmit={forgotForm.onSubmit} noValidate aria-busy={forgotForm.busy}>
              <Field form="forgot" name="email" label={<Trans>E-mail</Trans>} errors={forgotForm.errors}>
                {(p) => <input {...p} type="email" autoComplete="email" defaultValue={email} required />}
              </Field>
              <FormAlert errors={forgotForm.errors} />
              <Submit busy={forgotForm.busy}>
                <Trans>Send me a link</Trans>
              </Submit>
            </form>
          )}
          <p>
            <Link to="/authenticate" search={search('sign-in')}>
              <Trans>Back to sign in</Trans>
            </Link>
          </p>
        </>
      ) : null}
      {mode === 'reset' ? (
        <>
          <h1>
            <Trans>Choose a new password</Trans>
          </h1>
          <form className="form" onSubmit={resetForm.onSubmit} noValidate aria-busy={resetForm.busy}>
            <input type="hidden" name="email" value={email ?? ''} />
            <input type="hidden" name="reset_token" value={resetToken ?? ''} />
            <Field form="reset" name="password" label={<Trans>New password</Trans>} hint={passwordHint} errors={resetForm.errors}>
              {(p) => <input {...p} type="password" autoComplete="new-password" required />}
            </Field>
            <Field form="reset" name="password_confirmation" label={<Trans>Repeat the password</Trans>} errors={resetForm.errors}>
              {(p) => <input {...p} type="password" autoComplete="new-password" required />}
            </Field>
            <FormAlert errors={{ form: resetForm.errors.form ?? resetForm.errors.reset_token ?? resetForm.errors.email }} />
            <Submit busy={resetForm.busy}>
              <Trans>Save the new password</Trans>
            </Submit>
          </form>
        </>
      ) : null}
    </div>
  )
}
