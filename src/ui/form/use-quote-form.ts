import { useNavigate } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import type { CaptchaProvider } from '~/captcha/captcha-token'
import type { FormResult } from '~/contract/form-result'
import { useContractForm, type BrowserSchema, type FormValues } from './use-contract-form'

/** A quote form's server function: it answers the quote asked for (or the form's errors). */
type QuoteAction = { url: string } & ((options: { data: never }) => Promise<FormResult<{ quote: string }> | Response | undefined>)

/**
 * A one-page quote form (travel, house, vignettes): the toolkit form (decision 56) whose success
 * shows the quote's offers below it, on the same page (`?quote=`), without scrolling away.
 */
export function useQuoteForm<V extends FormValues>(options: {
  id: string
  action: QuoteAction
  schema: () => Promise<BrowserSchema>
  defaultValues: V
  captcha: { provider: CaptchaProvider; action: string }
  failureMessage: string
}) {
  const request = useServerFn(options.action)
  const navigate = useNavigate()
  return useContractForm({
    ...options,
    send: (values) => request({ data: values as never }),
    onDone: (made) => navigate({ to: '.', search: { quote: made.quote } as never, params: true as never, resetScroll: false }),
  })
}
