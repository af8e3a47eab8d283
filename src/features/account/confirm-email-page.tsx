import { Trans } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useRouter } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useState } from 'react'
import type { EmailConfirmResult } from '~/contract/account'
import { FormAlert } from '~/ui/form-field'
import { SubmitButton, useProviderForm } from '~/ui/provider-form'
import { confirmEmail } from './account.functions'

/**
 * `/confirm-email?token=`: the page a mailed confirmation link opens, signed in or not. The
 * token is used only when the visitor presses the button (a POST), so mail scanners that
 * open links do not use it up.
 */
export function ConfirmEmailPage({ token, signedIn }: { token: string | undefined; signedIn: boolean }) {
  const router = useRouter()
  const queryClient = useQueryClient()
  const confirm = useServerFn(confirmEmail)
  const [done, setDone] = useState<EmailConfirmResult | undefined>(undefined)
  const form = useProviderForm(
    (v) => confirm({ data: { token: v.token } }),
    async (result) => {
      setDone(result)
      await queryClient.invalidateQueries({ queryKey: ['account'] })
      await router.invalidate()
    },
  )
  const email = done?.email
  return (
    <>
      <h1>
        <Trans>Confirm your e-mail address</Trans>
      </h1>
      {done ? (
        <>
          <p className="notice notice--success" role="status">
            {done.purpose === 'change' ? (
              <Trans>
                Done: your account now uses <strong>{email}</strong>. Sign in with this address from now on.
              </Trans>
            ) : (
              <Trans>
                Thank you: <strong>{email}</strong> is confirmed.
              </Trans>
            )}
          </p>
          <p>
            {signedIn ? (
              <Link to="/account/profile" className="button">
                <Trans>Go to your profile</Trans>
              </Link>
            ) : (
              <Link to="/authenticate" search={{ mode: 'sign-in', email }} className="button">
                <Trans>Sign in</Trans>
              </Link>
            )}
          </p>
        </>
      ) : token ? (
        <form onSubmit={form.onSubmit} aria-busy={form.busy} className="form">
          <p>
            <Trans>Press the button to confirm the address this link was sent to. The link works once, within 24 hours.</Trans>
          </p>
          <input type="hidden" name="token" value={token} />
          <FormAlert errors={{ form: form.errors.form ?? form.errors.token ?? form.errors.email }} />
          <SubmitButton busy={form.busy}>
            <Trans>Confirm the address</Trans>
          </SubmitButton>
        </form>
      ) : (
        <p className="notice notice--warning" role="alert">
          <Trans>This link is incomplete. Open it again from the e-mail, or ask for a new one from your profile.</Trans>
        </p>
      )}
    </>
  )
}
