import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent, type ReactNode } from 'react'
import { captchaToken, type CaptchaProvider } from '~/captcha/captcha-token'
import { useCaptchaWidget } from '~/captcha/use-captcha-widget'
import type { FormResult } from '~/contract/form-result'
import { useFollowRedirect } from './follow-redirect'
import type { FieldErrors } from './form-field'
import { notify, notifyFieldErrors } from './toaster'

/**
 * Submits a form to a server function that answers a `FormResult`: the form's values (plus a
 * captcha `token` when `captcha` names a provider; reCAPTCHA and Turnstile get `captchaAction`
 * and the form as the place for a challenge) go out; a 422 field map comes back as one
 * toast per field and marks on the fields (spec §5). Every form of the site goes through here.
 * A redirect answered on the way (maintenance, a session that ended) is followed instead.
 */
export function useProviderForm<T>(
  send: (values: Record<string, string>) => Promise<FormResult<T>>,
  onDone: (data: T, form: HTMLFormElement) => Promise<void> | void,
  options: { captcha?: CaptchaProvider; captchaAction?: string; failureMessage?: string } = {},
) {
  const { t } = useLingui()
  const [errors, setErrors] = useState<FieldErrors>({})
  const [busy, setBusy] = useState(false)
  const widget = useCaptchaWidget()
  const followRedirect = useFollowRedirect()
  async function submit(form: HTMLFormElement) {
    const values = Object.fromEntries(new FormData(form)) as Record<string, string>
    setBusy(true)
    try {
      if (options.captcha) values.token = await captchaToken(options.captcha, { ...widget, action: options.captchaAction, container: form })
      // Undefined when `useServerFn` followed a redirect instead (maintenance, a session that ended).
      const result: FormResult<T> | undefined = await send(values)
      if (!result) return
      if (!result.ok) {
        setErrors(result.fields)
        notifyFieldErrors(result.fields)
        return
      }
      setErrors({})
      await onDone(result.data, form)
    } catch (thrown) {
      // The captcha challenge or the call answered a redirect (maintenance): nothing went wrong here.
      if (await followRedirect(thrown)) return
      notify('error', options.failureMessage ?? t`Something went wrong. Please try again.`)
    } finally {
      setBusy(false)
    }
  }
  return {
    errors,
    busy,
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      void submit(event.currentTarget)
    },
  }
}

/** What a form element needs of `useProviderForm`: its field errors, whether it is sending, its submit handler. */
export type ProviderForm = ReturnType<typeof useProviderForm>

/** The submit button of a provider form: disabled, with a waiting label, while the call runs. */
export function SubmitButton({ busy, children, className = 'button' }: { busy: boolean; children: ReactNode; className?: string }) {
  return (
    <button type="submit" className={className} disabled={busy}>
      {busy ? <Trans>Please wait…</Trans> : children}
    </button>
  )
}
