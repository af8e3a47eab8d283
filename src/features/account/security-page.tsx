import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useRef, type ReactNode } from 'react'
import type { AccountSession } from '~/contract/account'
import { formatDate } from '~/i18n/dates'
import { isLocale } from '~/i18n/locales'
import { ContractForm, FormError, FormField, SubmitButton } from '~/ui/form/form-parts'
import { useContractForm } from '~/ui/form/use-contract-form'
import { notify } from '~/ui/toaster'
import { changePassword, deleteAccount, revokeOtherSessions, revokeSession } from './account.functions'
import { accountPages } from './account-pages'
import { sessionsQuery } from './queries'

/**
 * `/account/security`: the password, two-step sign-in, the devices signed in, deleting the
 * account. `twoFactor` is the two-step sign-in section's content, from the two-factor feature
 * (the route composes them).
 */
export function SecurityPage({ userId, twoFactor }: { userId: string; twoFactor: ReactNode }) {
  const { i18n } = useLingui()
  return (
    <>
      <h1>{i18n._(accountPages.security.title)}</h1>
      <p className="lead">{i18n._(accountPages.security.purpose)}</p>
      <PasswordSection userId={userId} />
      <section className="section account-section" aria-labelledby="two-factor-title" data-slot="two-factor">
        <h2 id="two-factor-title">
          <Trans>Two-step sign-in</Trans>
        </h2>
        {twoFactor}
      </section>
      <SessionsSection userId={userId} />
      <DeleteSection />
    </>
  )
}

// The schemas the API checks with, loaded when a visitor starts using a form (decision 56).
const accountSchemas = () => import('~/contract/account')

function PasswordSection({ userId }: { userId: string }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const change = useServerFn(changePassword)
  const form = useContractForm({
    id: 'password',
    action: changePassword,
    schema: () => accountSchemas().then((m) => m.PasswordChangeInput),
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
    send: (values) => change({ data: values }),
    onDone: async ({ revoked_sessions: count }) => {
      form.form.reset()
      notify('success', t`Your password was changed. Other devices signed out: ${count}.`)
      await queryClient.invalidateQueries({ queryKey: sessionsQuery(userId).queryKey })
    },
  })
  return (
    <section className="section account-section" aria-labelledby="password-title">
      <h2 id="password-title">
        <Trans>Change the password</Trans>
      </h2>
      <p>
        <Trans>After the change, every other device signed in to your account is signed out; this one stays signed in.</Trans>
      </p>
      <ContractForm form={form} labelledBy="password-title">
        <FormField form={form} name="current_password" label={<Trans>Current password</Trans>}>
          {(p) => <input {...p} type="password" autoComplete="current-password" required />}
        </FormField>
        <FormField form={form} name="password" label={<Trans>New password</Trans>} hint={<Trans>At least 12 characters. A few unrelated words make a strong, memorable password.</Trans>}>
          {(p) => <input {...p} type="password" autoComplete="new-password" required />}
        </FormField>
        <FormField form={form} name="password_confirmation" label={<Trans>Repeat the new password</Trans>}>
          {(p) => <input {...p} type="password" autoComplete="new-password" required />}
        </FormField>
        <FormError form={form} />
        <SubmitButton form={form}>
          <Trans>Change the password</Trans>
        </SubmitButton>
      </ContractForm>
    </section>
  )
}

function SessionsSection({ userId }: { userId: string }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const { data } = useSuspenseQuery(sessionsQuery(userId))
  const revokeOthers = useServerFn(revokeOtherSessions)
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionsQuery(userId).queryKey })
  const othersForm = useContractForm({
    id: 'sessions-others',
    action: revokeOtherSessions,
    schema: () => accountSchemas().then((m) => m.NoFieldsInput),
    defaultValues: {},
    send: () => revokeOthers({ data: {} }),
    onDone: async ({ revoked }) => {
      notify('success', t`Other devices signed out: ${revoked}.`)
      await refresh()
    },
  })
  const others = data.data.filter((s) => !s.current)
  return (
    <section className="section account-section" aria-labelledby="sessions-title">
      <h2 id="sessions-title">
        <Trans>Devices signed in</Trans>
      </h2>
      <p>
        <Trans>Sign out any device you do not recognise, then change your password.</Trans>
      </p>
      <p>
        <Trans>
          Signing out the other devices, changing or resetting the password also gives your calendar feed a new address: the old one stops working, so
          subscribe again with the address shown in the account area.
        </Trans>
      </p>
      <ul className="session-list" aria-labelledby="sessions-title">
        {data.data.map((session) => (
          <SessionItem key={session.id} session={session} onEnded={refresh} />
        ))}
      </ul>
      {others.length === 0 ? (
        <p className="empty-state">
          <Trans>No other device is signed in to your account.</Trans>
        </p>
      ) : (
        <ContractForm form={othersForm} className="inline-form" label={t`Sign out all other devices`}>
          <FormError form={othersForm} />
          <SubmitButton form={othersForm} className="button button--secondary">
            <Trans>Sign out all other devices</Trans>
          </SubmitButton>
        </ContractForm>
      )}
    </section>
  )
}

function SessionItem({ session, onEnded }: { session: AccountSession; onEnded: () => Promise<void> }) {
  const { t, i18n } = useLingui()
  const locale = isLocale(i18n.locale) ? i18n.locale : 'ro'
  const revoke = useServerFn(revokeSession)
  const device = session.device
  const form = useContractForm({
    id: `session-${session.id}`,
    action: revokeSession,
    schema: () => accountSchemas().then((m) => m.SessionIdParams),
    // The id is the form's hidden input, not a field the visitor fills in.
    defaultValues: {},
    send: async () => {
      const result = await revoke({ data: { id: session.id } })
      // Refused: it ended elsewhere meanwhile, so the list is read again.
      if (result && !(result instanceof Response) && !result.ok) await onEnded()
      return result
    },
    onDone: async () => {
      notify('success', t`${device} was signed out.`)
      await onEnded()
    },
  })
  const titleId = `session-${session.id}`
  return (
    <li className={session.current ? 'session-item session-item--current' : 'session-item'} aria-labelledby={titleId}>
      <p className="session-item__title" id={titleId}>
        <strong>{device}</strong>
        {session.current ? (
          <>
            {' '}
            <span className="status-badge status-badge--ok">
              <Trans>This device</Trans>
            </span>
          </>
        ) : null}
      </p>
      <dl className="session-item__facts">
        <dt>
          <Trans>IP address</Trans>
        </dt>
        <dd>{session.ip ?? t`unknown`}</dd>
        <dt>
          <Trans>Last active</Trans>
        </dt>
        <dd>
          <time dateTime={session.last_used_at}>{formatDate(session.last_used_at, locale, 'dateTime')}</time>
        </dd>
        <dt>
          <Trans>Signed in</Trans>
        </dt>
        <dd>
          <time dateTime={session.created_at}>{formatDate(session.created_at, locale, 'dateTime')}</time>
        </dd>
      </dl>
      {session.current ? null : (
        <ContractForm form={form} className="">
          <input type="hidden" name="id" value={session.id} />
          <FormError form={form} />
          <SubmitButton form={form} className="button button--secondary">
            <Trans>
              Sign out<span className="visually-hidden"> {device}</span>
            </Trans>
          </SubmitButton>
        </ContractForm>
      )}
    </li>
  )
}

function DeleteSection() {
  const router = useRouter()
  const dialog = useRef<HTMLDialogElement>(null)
  const remove = useServerFn(deleteAccount)
  const form = useContractForm({
    id: 'delete',
    action: deleteAccount,
    schema: () => accountSchemas().then((m) => m.AccountDeleteInput),
    defaultValues: { password: '' },
    send: (values) => remove({ data: values }),
    onDone: async () => {
      dialog.current?.close()
      await router.invalidate()
      await router.navigate({ to: '/account-deleted', replace: true })
    },
  })
  return (
    <section className="section account-section" aria-labelledby="delete-title">
      <h2 id="delete-title">
        <Trans>Delete the account</Trans>
      </h2>
      <p>
        <Trans>
          Your name, phone number and password are erased and every device is signed out. We keep only your e-mail address, marked as deleted, so nobody can sign in with it or open a new account in your name by mistake. Policies you bought stay valid; the documents the law requires us to keep are kept for as long as it requires.
        </Trans>
      </p>
      <button type="button" className="button button--danger" aria-haspopup="dialog" onClick={() => dialog.current?.showModal()}>
        <Trans>Delete my account…</Trans>
      </button>
      <dialog ref={dialog} className="dialog" aria-labelledby="delete-dialog-title" aria-describedby="delete-dialog-text">
        <ContractForm form={form} className="form dialog__form">
          <h2 id="delete-dialog-title">
            <Trans>Delete your account for good?</Trans>
          </h2>
          <p id="delete-dialog-text">
            <Trans>This cannot be undone. Enter your password to confirm that you want to delete the account.</Trans>
          </p>
          <FormField form={form} name="password" label={<Trans>Password</Trans>}>
            {(p) => <input {...p} type="password" autoComplete="current-password" required />}
          </FormField>
          <FormError form={form} />
          <div className="dialog__actions">
            <button type="button" className="button button--secondary" onClick={() => dialog.current?.close()}>
              <Trans>Cancel</Trans>
            </button>
            <SubmitButton form={form} className="button button--danger">
              <Trans>Delete the account</Trans>
            </SubmitButton>
          </div>
        </ContractForm>
      </dialog>
    </section>
  )
}
