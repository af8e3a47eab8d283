import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useState } from 'react'
import type { Profile } from '~/contract/account'
import { ContractForm, FormError, FormField, SubmitButton } from '~/ui/form/form-parts'
import { useContractForm } from '~/ui/form/use-contract-form'
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

// The schemas the API checks with, loaded when a visitor starts typing (decision 56).
const accountSchemas = () => import('~/contract/account')

function PersonalDetails({ userId, profile }: { userId: string; profile: Profile }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const save = useServerFn(updateProfile)
  const form = useContractForm({
    id: 'profile',
    action: updateProfile,
    schema: () => accountSchemas().then((m) => m.ProfileUpdateInput),
    defaultValues: { first_name: profile.first_name, last_name: profile.last_name, phone_number: profile.phone_number ?? '' },
    send: (values) => save({ data: values }),
    onDone: (user) => {
      queryClient.setQueryData(profileQuery(userId).queryKey, user)
      notify('success', t`Your details were saved.`)
    },
  })
  return (
    <section className="section account-section" aria-labelledby="personal-title">
      <h2 id="personal-title">
        <Trans>Personal details</Trans>
      </h2>
      <ContractForm form={form}>
        <FormField form={form} name="first_name" label={<Trans>First name</Trans>}>
          {(p) => <input {...p} autoComplete="given-name" required maxLength={80} />}
        </FormField>
        <FormField form={form} name="last_name" label={<Trans>Last name</Trans>}>
          {(p) => <input {...p} autoComplete="family-name" required maxLength={80} />}
        </FormField>
        <FormField
          form={form}
          name="phone_number"
          label={<Trans>Phone (optional)</Trans>}
          hint={<Trans>A Romanian number without spaces, for example 0722123456 or +40722123456.</Trans>}
        >
          {(p) => <input {...p} type="tel" autoComplete="tel" maxLength={20} />}
        </FormField>
        <FormError form={form} />
        <SubmitButton form={form}>
          <Trans>Save the changes</Trans>
        </SubmitButton>
      </ContractForm>
    </section>
  )
}

function EmailSection({ profile }: { profile: Profile }) {
  const { t } = useLingui()
  const resend = useServerFn(resendVerification)
  const change = useServerFn(requestEmailChange)
  const [resent, setResent] = useState(false)
  const [pending, setPending] = useState<string | undefined>(undefined)
  const resendForm = useContractForm({
    id: 'email-resend',
    action: resendVerification,
    schema: () => accountSchemas().then((m) => m.NoFieldsInput),
    defaultValues: {},
    send: () => resend({ data: {} }),
    onDone: () => {
      setResent(true)
      notify('success', t`We sent you a new confirmation link.`)
    },
  })
  const changeForm = useContractForm({
    id: 'email-change',
    action: requestEmailChange,
    schema: () => accountSchemas().then((m) => m.EmailChangeInput),
    defaultValues: { email: '', password: '' },
    send: (values) => change({ data: values }),
    onDone: (_done, values) => {
      setPending(values.email.trim().toLowerCase())
      changeForm.form.reset()
      notify('success', t`Check your new inbox: the address changes when you open the link we sent.`)
    },
  })
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
        <ContractForm form={resendForm} className="inline-form">
          <p>
            <Trans>Open the link in the e-mail we sent you to confirm the address. Buying works meanwhile.</Trans>
          </p>
          <FormError form={resendForm} />
          <SubmitButton form={resendForm} className="button button--secondary">
            <Trans>Send the confirmation link again</Trans>
          </SubmitButton>
          {resent ? (
            <p className="notice notice--success" role="status">
              <Trans>A new link is on its way to {email}. It is valid for 24 hours.</Trans>
            </p>
          ) : null}
        </ContractForm>
      )}

      <h3 id="email-change-title">
        <Trans>Change the e-mail address</Trans>
      </h3>
      <p>
        <Trans>We send a confirmation link to the new address and tell the current one. Until you open the link, you keep signing in with {email}.</Trans>
      </p>
      <ContractForm form={changeForm} labelledBy="email-change-title">
        <FormField form={changeForm} name="email" label={<Trans>New e-mail address</Trans>}>
          {(p) => <input {...p} type="email" autoComplete="email" required maxLength={254} />}
        </FormField>
        <FormField form={changeForm} name="password" label={<Trans>Current password</Trans>}>
          {(p) => <input {...p} type="password" autoComplete="current-password" required />}
        </FormField>
        <FormError form={changeForm} />
        <SubmitButton form={changeForm}>
          <Trans>Send the confirmation link</Trans>
        </SubmitButton>
        {pending ? (
          <p className="notice notice--success" role="status">
            <Trans>We sent a link to {pending}. Open it within 24 hours to start using that address.</Trans>
          </p>
        ) : null}
      </ContractForm>
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
