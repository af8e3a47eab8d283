import { Trans, useLingui } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import type { ReactNode } from 'react'
import { internalPath } from '~/contract/paths'
import { formatDate } from '~/i18n/dates'
import type { Locale } from '~/i18n/locales'
import { ContractForm, FormError, SubmitButton } from '~/ui/form/form-parts'
import { useContractForm } from '~/ui/form/use-contract-form'
import { AcceptTermsField } from './accept-terms-field'
import { acceptTerms } from './auth.functions'

const authSchemas = () => import('~/contract/auth')

interface Props {
  /** The terms in force (`TERMS_VERSION`, their date). */
  version: string
  /** The account has accepted earlier terms: they changed since. */
  changed: boolean
  returnTo: string | undefined
  locale: Locale
  signOut: ReactNode
}

/**
 * `/account/terms`: an account made without the sign-up box (Google sign-in, an API client) or
 * before the terms changed accepts them here, once, before any other signed-in page; the
 * version shown is the version recorded. Declining is signing out.
 */
export function TermsPage({ version, changed, returnTo, locale, signOut }: Props) {
  const { t } = useLingui()
  const router = useRouter()
  const send = useServerFn(acceptTerms)
  const form = useContractForm({
    id: 'accept-terms',
    action: acceptTerms,
    schema: () => authSchemas().then((m) => m.AcceptTermsInput),
    defaultValues: { accept_terms: false },
    send: (values) => send({ data: { accept_terms: values.accept_terms as true, version } }),
    onDone: async () => {
      await router.invalidate()
      await router.navigate({ href: internalPath(returnTo) ?? '/account/orders', replace: true })
    },
    failureMessage: t`Your acceptance could not be saved. Please try again.`,
  })
  const date = formatDate(version, locale)
  return (
    <div className="two-factor">
      <h1>
        <Trans>Before you go on</Trans>
      </h1>
      <p>
        {changed ? (
          <Trans>Our terms and conditions and our privacy policy changed on {date}. Please read them and accept them to keep using your account.</Trans>
        ) : (
          <Trans>Your account was made without accepting our terms and conditions and our privacy policy (of {date}). Please read them and accept them to use your account.</Trans>
        )}
      </p>
      <ContractForm form={form}>
        <input type="hidden" name="version" value={version} />
        <AcceptTermsField form={form} />
        <FormError form={form} />
        <SubmitButton form={form}>
          <Trans>Accept and continue</Trans>
        </SubmitButton>
      </ContractForm>
      <p className="muted">
        <Trans>If you do not accept them, sign out: your account stays as it is and we will ask again at your next sign-in.</Trans>
      </p>
      {signOut}
    </div>
  )
}
