import { Trans } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useRouter } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useState } from 'react'
import type { EmailConfirmResult } from '~/contract/account'
import { ContractForm, FormError, SubmitButton } from '~/ui/form/form-parts'
import { useContractForm } from '~/ui/form/use-contract-form'
import { confirmEmail } from './account.functions'

/**
 * `/confirm-email?token=`: the page a mailed confirmation link opens, signed in or not. The
 * token is used only when the visitor presses the button (a POST), so mail scanners that
 * open links do not use it up. Without JavaScript the post comes back as `?confirmed=verify|change`.
 */
export function ConfirmEmailPage({ token, signedIn, confirmed }: { token: string | undefined; signedIn: boolean; confirmed: EmailConfirmResult['purpose'] | undefined }) {
  const router = useRouter()
  const queryClient = useQueryClient()
  const confirm = useServerFn(confirmEmail)
  const [result, setResult] = useState<EmailConfirmResult | undefined>(undefined)
  const form = useContractForm({
    id: 'confirm-email',
    action: confirmEmail,
    schema: () => import('~/contract/account').then((m) => m.EmailConfirmInput),
    // The token is the form's hidden input: a refusal of it concerns the whole form.
    defaultValues: {},
    send: () => confirm({ data: { token: token ?? '' } }),
    onDone: async (confirmation) => {
      setResult(confirmation)
      await queryClient.invalidateQueries({ queryKey: ['account'] })
      await router.invalidate()
    },
  })
  const done = result ?? (confirmed ? { purpose: confirmed, email: undefined } : undefined)
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
              email ? (
                <Trans>
                  Done: your account now uses <strong>{email}</strong>. Sign in with this address from now on.
                </Trans>
              ) : (
                <Trans>Done: your account now uses the new address. Sign in with it from now on.</Trans>
              )
            ) : email ? (
              <Trans>
                Thank you: <strong>{email}</strong> is confirmed.
              </Trans>
            ) : (
              <Trans>Thank you: your e-mail address is confirmed.</Trans>
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
        <ContractForm form={form}>
          <p>
            <Trans>Press the button to confirm the address this link was sent to. The link works once, within 24 hours.</Trans>
          </p>
          <input type="hidden" name="token" value={token} />
          <FormError form={form} />
          <SubmitButton form={form}>
            <Trans>Confirm the address</Trans>
          </SubmitButton>
        </ContractForm>
      ) : (
        <p className="notice notice--warning" role="alert">
          <Trans>This link is incomplete. Open it again from the e-mail, or ask for a new one from your profile.</Trans>
        </p>
      )}
    </>
  )
}
