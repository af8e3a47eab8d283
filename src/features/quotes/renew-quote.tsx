import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import type { ReactNode } from 'react'
import type { CaptchaProvider } from '~/captcha/captcha-token'
import { ContractForm, FormError, SubmitButton } from '~/ui/form/form-parts'
import { useContractForm } from '~/ui/form/use-contract-form'
import { renewQuote } from './quote.functions'

/**
 * The button under an expired offer, or under an insurer or issuer that did not answer: the
 * insurers are asked again with what the visitor already entered, and the product's page shows
 * the new offers. A form, so it works without JavaScript.
 */
export function RenewQuoteForm({ quote, captchaProvider, label }: { quote: string; captchaProvider: CaptchaProvider; label?: ReactNode }) {
  const { t } = useLingui()
  const renew = useServerFn(renewQuote)
  const navigate = useNavigate()
  const form = useContractForm({
    id: 'renew-quote',
    action: renewQuote,
    schema: () => import('~/contract/quotes').then((m) => m.RenewQuoteInput),
    defaultValues: { quote },
    send: (values) => renew({ data: values }),
    onDone: (renewed) => navigate({ href: renewed.offers }),
    captcha: { provider: captchaProvider, action: 'quote_renew' },
    failureMessage: t`The insurers could not be asked right now. Please try again in a moment.`,
  })
  return (
    <ContractForm form={form} className="form form--renew-quote">
      <input type="hidden" name="quote" value={quote} />
      <FormError form={form} />
      <SubmitButton form={form}>{label ?? <Trans>Get fresh offers with the same details</Trans>}</SubmitButton>
    </ContractForm>
  )
}
