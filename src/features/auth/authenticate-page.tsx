import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useRouter } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useState } from 'react'
import { internalPath } from '~/contract/paths'
import type { SessionEndNotice } from '~/contract/session'
import { ContractForm, FormError, FormField, SubmitButton } from '~/ui/form/form-parts'
import { useContractForm } from '~/ui/form/use-contract-form'
import { notify } from '~/ui/toaster'
import { register, requestPasswordReset, resetPassword, signIn } from './auth.functions'
import { AcceptTermsField } from './accept-terms-field'
import { GoogleButton } from './google-sign-in'

export type AuthMode = 'sign-in' | 'register' | 'forgot' | 'reset'
type CaptchaProvider = 'altcha' | 'recaptcha' | 'turnstile' | 'none'

interface Props {
  mode: AuthMode
  returnTo: string | undefined
  email: string | undefined
  resetToken: string | undefined
  /** Why the visitor is here: their session ended (spec §8). */
  reason: SessionEndNotice | undefined
  /** After a form posted without JavaScript: the reset link was sent, or the password changed. */
  notice?: 'reset-sent' | 'password-changed' | undefined
  captchaProvider: CaptchaProvider
  /** "Continue with Google" is offered (a `GOOGLE_CLIENT_ID` is configured). */
  google?: boolean
}

// The schemas the API checks with, loaded when a visitor starts typing (decision 56).
const authSchemas = () => import('~/contract/auth')

const passwordHint = <Trans>At least 12 characters. A few unrelated words make a strong, memorable password.</Trans>

/**
 * `/authenticate`: sign in, create an account, ask for a reset link, set a new password.
 * The mode lives in the URL (`?mode=`), so each form has its own address and the mailed
 * reset link opens the right one. Each form is a toolkit form (src/ui/form): it works without
 * JavaScript too.
 */
export function AuthenticatePage({ mode, returnTo, email, resetToken, reason, notice, captchaProvider, google = false }: Props) {
  const search = (m: AuthMode) => ({ mode: m, ...(returnTo ? { last_url: returnTo } : {}) })
  return (
    <div className="auth" data-mode={mode}>
      {reason === 'inactivity' ? (
        <p className="notice notice--warning" role="alert">
          <Trans>You have been logged out due to inactivity.</Trans>
        </p>
      ) : reason === 'signed_out' ? (
        <p className="notice notice--warning" role="alert">
          <Trans>You were signed out of this device from another device or after a password change.</Trans>
        </p>
      ) : null}
      {notice === 'password-changed' ? (
        <p className="notice notice--success" role="status">
          <Trans>Your password was changed. Sign in with the new one.</Trans>
        </p>
      ) : null}
      {mode === 'sign-in' ? (
        <>
          <h1>
            <Trans>Sign in</Trans>
          </h1>
          <SignInForm email={email} returnTo={returnTo} captchaProvider={captchaProvider} />
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
          <RegisterForm email={email} returnTo={returnTo} captchaProvider={captchaProvider} />
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
          <ForgotForm email={email} sent={notice === 'reset-sent'} captchaProvider={captchaProvider} />
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
          <ResetForm email={email} resetToken={resetToken} captchaProvider={captchaProvider} />
        </>
      ) : null}
    </div>
  )
}

/** Signed in: the session is new, so the router's context is re-read before going on. */
function useAfterSignIn(returnTo: string | undefined) {
  const router = useRouter()
  return async () => {
    await router.invalidate()
    await router.navigate({ href: internalPath(returnTo) ?? '/account/orders', replace: true })
  }
}

function SignInForm({ email, returnTo, captchaProvider }: { email: string | undefined; returnTo: string | undefined; captchaProvider: CaptchaProvider }) {
  const send = useServerFn(signIn)
  const form = useContractForm({
    id: 'sign-in',
    action: signIn,
    schema: () => authSchemas().then((m) => m.LoginInput),
    defaultValues: { email: email ?? '', password: '' },
    send: (values) => send({ data: { ...values, token: values.token ?? '' } }),
    onDone: useAfterSignIn(returnTo),
    captcha: { provider: captchaProvider, action: 'login' },
  })
  return (
    <ContractForm form={form}>
      <FormField form={form} name="email" label={<Trans>E-mail</Trans>}>
        {(p) => <input {...p} type="email" autoComplete="username" required />}
      </FormField>
      <FormField form={form} name="password" label={<Trans>Password</Trans>}>
        {(p) => <input {...p} type="password" autoComplete="current-password" required />}
      </FormField>
      <FormError form={form} />
      <SubmitButton form={form}>
        <Trans>Sign in</Trans>
      </SubmitButton>
    </ContractForm>
  )
}

function RegisterForm({ email, returnTo, captchaProvider }: { email: string | undefined; returnTo: string | undefined; captchaProvider: CaptchaProvider }) {
  const { t } = useLingui()
  const send = useServerFn(register)
  const afterSignIn = useAfterSignIn(returnTo)
  const form = useContractForm({
    id: 'register',
    action: register,
    schema: () => authSchemas().then((m) => m.RegisterForm),
    defaultValues: { first_name: '', last_name: '', email: email ?? '', phone_number: '', password: '', password_confirmation: '', accept_terms: false },
    send: ({ accept_terms, ...values }) => send({ data: { ...values, accept_terms: accept_terms as true, token: values.token ?? '' } }),
    onDone: async () => {
      notify('success', t`Your account is ready. We sent you an e-mail to confirm your address.`)
      await afterSignIn()
    },
    captcha: { provider: captchaProvider, action: 'register' },
  })
  return (
    <ContractForm form={form}>
      <FormField form={form} name="first_name" label={<Trans>First name</Trans>}>
        {(p) => <input {...p} autoComplete="given-name" required />}
      </FormField>
      <FormField form={form} name="last_name" label={<Trans>Last name</Trans>}>
        {(p) => <input {...p} autoComplete="family-name" required />}
      </FormField>
      <FormField form={form} name="email" label={<Trans>E-mail</Trans>}>
        {(p) => <input {...p} type="email" autoComplete="email" required />}
      </FormField>
      <FormField form={form} name="phone_number" label={<Trans>Phone (optional)</Trans>} hint={<Trans>A Romanian number, for example 0722 123 456.</Trans>}>
        {(p) => <input {...p} type="tel" autoComplete="tel" />}
      </FormField>
      <FormField form={form} name="password" label={<Trans>Password</Trans>} hint={passwordHint}>
        {(p) => <input {...p} type="password" autoComplete="new-password" required />}
      </FormField>
      <FormField form={form} name="password_confirmation" label={<Trans>Repeat the password</Trans>}>
        {(p) => <input {...p} type="password" autoComplete="new-password" required />}
      </FormField>
      <AcceptTermsField form={form} />
      <FormError form={form} />
      <SubmitButton form={form}>
        <Trans>Create the account</Trans>
      </SubmitButton>
    </ContractForm>
  )
}

function ForgotForm({ email, sent, captchaProvider }: { email: string | undefined; sent: boolean; captchaProvider: CaptchaProvider }) {
  const send = useServerFn(requestPasswordReset)
  const [done, setDone] = useState(sent)
  const form = useContractForm({
    id: 'forgot',
    action: requestPasswordReset,
    schema: () => authSchemas().then((m) => m.ResetRequestInput),
    defaultValues: { email: email ?? '' },
    send: (values) => send({ data: { ...values, token: values.token ?? '' } }),
    onDone: () => setDone(true),
    captcha: { provider: captchaProvider, action: 'password_reset' },
  })
  if (done) {
    return (
      <p className="notice notice--success" role="status">
        <Trans>If an account uses this address, a link to set a new password is on its way. It is valid for 60 minutes.</Trans>
      </p>
    )
  }
  return (
    <ContractForm form={form}>
      <FormField form={form} name="email" label={<Trans>E-mail</Trans>}>
        {(p) => <input {...p} type="email" autoComplete="email" required />}
      </FormField>
      <FormError form={form} />
      <SubmitButton form={form}>
        <Trans>Send me a link</Trans>
      </SubmitButton>
    </ContractForm>
  )
}

function ResetForm({ email, resetToken, captchaProvider }: { email: string | undefined; resetToken: string | undefined; captchaProvider: CaptchaProvider }) {
  const { t } = useLingui()
  const router = useRouter()
  const send = useServerFn(resetPassword)
  const form = useContractForm({
    id: 'reset',
    action: resetPassword,
    schema: () => authSchemas().then((m) => m.ResetPasswordInput),
    // The address and the token come from the mailed link; the form posts them back.
    defaultValues: { email: email ?? '', reset_token: resetToken ?? '', password: '', password_confirmation: '' },
    send: (values) => send({ data: { ...values, token: values.token ?? '' } }),
    onDone: async () => {
      notify('success', t`Your password was changed. Sign in with the new one.`)
      await router.navigate({ to: '/authenticate', search: { mode: 'sign-in', email } })
    },
    captcha: { provider: captchaProvider, action: 'password_reset' },
  })
  // The link's own fields are not typed by the visitor: their errors are the form's.
  const linkError = form.errors.reset_token ?? form.errors.email
  return (
    <ContractForm form={form}>
      <input type="hidden" name="email" value={email ?? ''} />
      <input type="hidden" name="reset_token" value={resetToken ?? ''} />
      <FormField form={form} name="password" label={<Trans>New password</Trans>} hint={passwordHint}>
        {(p) => <input {...p} type="password" autoComplete="new-password" required />}
      </FormField>
      <FormField form={form} name="password_confirmation" label={<Trans>Repeat the password</Trans>}>
        {(p) => <input {...p} type="password" autoComplete="new-password" required />}
      </FormField>
      {linkError && !form.formError ? (
        <p className="notice notice--warning" role="alert">
          {linkError}
        </p>
      ) : null}
      <FormError form={form} />
      <SubmitButton form={form}>
        <Trans>Save the new password</Trans>
      </SubmitButton>
    </ContractForm>
  )
}
