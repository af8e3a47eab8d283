import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useState } from 'react'
import type { Profile } from '~/contract/account'
import { Field, FormAlert } from '~/ui/form-field'
import { SubmitButton, useProviderForm } from '~/ui/provider-form'
import { notify } from '~/ui/toaster'
import { requestEmailChange, resendVerification, updateProfile } from './account.functions'
import { accountPages } from './account-pages'
import { profileQuery } from './queries'

/** `/account/profile`: names and phone, the e-mail address and its confirmation, changing the address. */
export function ProfilePage({ userId }: { userId: string }) {
  const { i18n } = useLingui()
  const { data: profile } = useSuspenseQuery(profileQuery(userId))
  return (
    <>
      <h1>{i18n._(accountPages.profile.title)}</h1>
      <p className="lead">{i18n._(accountPages.profile.purpose)}</p>
      <PersonalDetails userId={userId} profile={profile} />
      <EmailSection profile={profile} />
    </>
  )
}

function PersonalDetails({ userId, profile }: { userId: string; profile: Profile }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const save = useServerFn(updateProfile)
  const form = useProviderForm(
    (v) => save({ data: { first_name: v.first_name, last_name: v.last_name, phone_number: v.phone_number } }),
    (user) => {
      queryClient.setQueryData(profileQuery(userId).queryKey, user)
      notify('success', t`Your details were saved.`)
    },
  )
  return (
    <section className="section account-section" aria-labelledby="personal-title">
      <h2 id="personal-title">
        <Trans>Personal details</Trans>
      </h2>
      <form className="form" onSubmit={form.onSubmit} noValidate aria-busy={form.busy}>
        <Field form="profile" name="first_name" label={<Trans>First name</Trans>} errors={form.errors}>
          {(p) => <input {...p} autoComplete="given-name" defaultValue={profile.first_name} required maxLength={80} />}
        </Field>
        <Field form="profile" name="last_name" label={<Trans>Last name</Trans>} errors={form.errors}>
          {(p) => <input {...p} autoComplete="family-name" defaultValue={profile.last_name} required maxLength={80} />}
        </Field>
        <Field
          form="profile"
          name="phone_number"
          label={<Trans>Phone (optional)</Trans>}
          hint={<Trans>A Romanian number without spaces, for example 0722123456 or +40722123456.</Trans>}
          errors={form.errors}
        >
          {(p) => <input {...p} type="tel" autoComplete="tel" defaultValue={profile.phone_number ?? ''} maxLength={20} />}
        </Field>
        <FormAlert errors={form.errors} />
        <SubmitButton busy={form.busy}>
          <Trans>Save the changes</Trans>
        </SubmitButton>
      </form>
    </section>
  )
}

function EmailSection({ profile }: { profile: Profile }) {
  const { t } = useLingui()
  const resend = useServerFn(resendVerification)
  const change = useServerFn(requestEmailChange)
  const [resent, setResent] = useState(false)
  const [pending, setPending] = useState<string | undefined>(undefined)
  const resendForm = useProviderForm(
    () => resend(),
    () => {
      setResent(true)
      notify('success', t`We sent you a new confirmation link.`)
    },
  )
  const changeForm = useProviderForm(
    (v) => change({ data: { email: v.email, password: v.password } }),
    (_done, form) => {
      const address = new FormData(form).get('email')
      setPending(typeof address === 'string' ? address.trim().toLowerCase() : undefined)
      form.reset()
      notify('success', t`Check your new inbox: the address changes when you open the link we sent.`)
    },
  )
  const email = profile.email
  return (
    <section className="section account-section" id="email-status" aria-labelledby="email-title">
      <h2 id="email-title">
        <Trans>E-mail address</Trans>
      </h2>
      <p>
        <Trans>
          Your account uses <strong>{email}</strong>.
        </Trans>{' '}
        {profile.email_verified ? (
          <span className="status-badge status-badge--ok">
            <Trans>Confirmed</Trans>
          </span>
        ) : (
          <span className="status-badge status-badge--warning">
            <Trans>Not confirmed yet</Trans>
          </span>
        )}
      </p>
      {profile.email_verified ? null : (
        <form onSubmit={resendForm.onSubmit} aria-busy={resendForm.busy} className="inline-form">
          <p>
            <Trans>Open the link in the e-mail we sent you to confirm the address. Buying works meanwhile.</Trans>
          </p>
          <FormAlert errors={resendForm.errors} />
          <SubmitButton busy={resendForm.busy} className="button button--secondary">
            <Trans>Send the confirmation link again</Trans>
          </SubmitButton>
          {resent ? (
            <p className="notice notice--success" role="status">
              <Trans>A new link is on its way to {email}. It is valid for 24 hours.</Trans>
            </p>
          ) : null}
        </form>
      )}

      <h3 id="email-change-title">
        <Trans>Change the e-mail address</Trans>
      </h3>
      <p>
        <Trans>We send a confirmation link to the new address and tell the current one. Until you open the link, you keep signing in with {email}.</Trans>
      </p>
      <form className="form" onSubmit={changeForm.onSubmit} noValidate aria-busy={changeForm.busy} aria-labelledby="email-change-title">
        <Field form="email-change" name="email" label={<Trans>New e-mail address</Trans>} errors={changeForm.errors}>
          {(p) => <input {...p} type="email" autoComplete="email" required maxLength={254} />}
        </Field>
        <Field form="email-change" name="password" label={<Trans>Current password</Trans>} errors={changeForm.errors}>
          {(p) => <input {...p} type="password" autoComplete="current-password" required />}
        </Field>
        <FormAlert errors={changeForm.errors} />
        <SubmitButton busy={changeForm.busy}>
          <Trans>Send the confirmation link</Trans>
        </SubmitButton>
        {pending ? (
          <p className="notice notice--success" role="status">
            <Trans>We sent a link to {pending}. Open it within 24 hours to start using that address.</Trans>
          </p>
        ) : null}
      </form>
    </section>
  )
}

/** Above every account page while the address is not confirmed (a purchase is never blocked by it). */
export function EmailReminder({ email, verified }: { email: string; verified: boolean }) {
  const { t } = useLingui()
  if (verified) return null
  return (
    <div className="notice notice--warning email-reminder" role="note" aria-label={t`E-mail confirmation`}>
      <Trans>
        Please confirm your e-mail address <strong>{email}</strong> with the link we sent you, so we can reach you about your policies.
      </Trans>{' '}
      <Link to="/account/profile" hash="email-status">
        <Trans>Send a new link</Trans>
      </Link>
    </div>
  )
}
