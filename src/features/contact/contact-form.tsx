import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { captchaToken } from '~/captcha/captcha-token'
import { contactTopics } from '~/contract/constants'
import { Field, type FieldErrors } from '~/ui/form-field'
import { notify, notifyFieldErrors } from '~/ui/toaster'
import { sendContactMessage } from './contact.functions'

type Field = 'name' | 'email' | 'phone' | 'topic' | 'message'

/**
 * The contact form. The provider checks it with the shared schema; its 422 answer marks
 * each field and shows the first message of each as a toast (spec §5), in the visitor's language.
 */
export function ContactForm({ captchaProvider }: { captchaProvider: 'altcha' | 'recaptcha' | 'turnstile' | 'none' }) {
  const { t } = useLingui()
  const [errors, setErrors] = useState<FieldErrors>({})
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle')

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const values = Object.fromEntries(new FormData(form)) as Record<Field, string>
    setState('sending')
    try {
      const result = await sendContactMessage({ data: { ...values, token: await captchaToken(captchaProvider) } })
      if (!result.ok) {
        setErrors(result.fields)
        notifyFieldErrors(result.fields)
        setState('idle')
        return
      }
      setErrors({})
      form.reset()
      setState('sent')
      notify('success', t`Thank you! We received your message and will answer by e-mail.`)
    } catch {
      setState('idle')
      notify('error', t`Your message could not be sent. Please try again in a moment.`)
    }
  }

  const topicLabels: Record<(typeof contactTopics)[number], string> = {
    rca: t`RCA motor insurance`,
    travel: t`Travel insurance`,
    'house-insurance': t`Home insurance`,
    vignette: t`Road vignettes`,
    claim: t`A claim`,
    account: t`My account`,
    other: t`Something else`,
  }

  return (
    <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={state === 'sending'}>
      <Field form="contact" name="name" label={<Trans>Your name</Trans>} errors={errors}>
        {(p) => <input {...p} autoComplete="name" required />}
      </Field>
      <Field form="contact" name="email" label={<Trans>E-mail</Trans>} errors={errors}>
        {(p) => <input {...p} type="email" autoComplete="email" required />}
      </Field>
      <Field form="contact" name="phone" label={<Trans>Phone (optional)</Trans>} hint={<Trans>A Romanian number, for example 0722 123 456.</Trans>} errors={errors}>
        {(p) => <input {...p} type="tel" autoComplete="tel" />}
      </Field>
      <Field form="contact" name="topic" label={<Trans>Topic</Trans>} errors={errors}>
        {(p) => (
          <select {...p} defaultValue="rca">
            {contactTopics.map((topic) => (
              <option key={topic} value={topic}>
                {topicLabels[topic]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field form="contact" name="message" label={<Trans>Message</Trans>} errors={errors}>
        {(p) => <textarea {...p} rows={6} required />}
      </Field>
      <button type="submit" className="button" disabled={state === 'sending'}>
        {state === 'sending' ? <Trans>Sending…</Trans> : <Trans>Send the message</Trans>}
      </button>
      {state === 'sent' ? (
        <p role="status" className="notice notice--success">
          <Trans>Your message was sent. We answer within one working day.</Trans>
        </p>
      ) : null}
    </form>
  )
}
