import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { contactTopics } from '~/contract/constants'
import { Field } from '~/ui/form-field'
import { SubmitButton, useProviderForm } from '~/ui/provider-form'
import { notify } from '~/ui/toaster'
import { sendContactMessage } from './contact.functions'

type Field = 'name' | 'email' | 'phone' | 'topic' | 'message'

/**
 * The contact form. The provider checks it with the shared schema; its 422 answer marks
 * each field and shows the first message of each as a toast (spec §5), in the visitor's language.
 */
export function ContactForm({ captchaProvider }: { captchaProvider: 'altcha' | 'recaptcha' | 'turnstile' | 'none' }) {
  const { t } = useLingui()
  const [sent, setSent] = useState(false)
  const { errors, busy, onSubmit } = useProviderForm(
    (values) => sendContactMessage({ data: values as Record<Field, string> & { token: string } }),
    (_created, form) => {
      form.reset()
      setSent(true)
      notify('success', t`Thank you! We received your message and will answer by e-mail.`)
    },
    { captcha: captchaProvider, captchaAction: 'contact', failureMessage: t`Your message could not be sent. Please try again in a moment.` },
  )

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
    <form className="form" onSubmit={onSubmit} noValidate aria-busy={busy}>
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
      <SubmitButton busy={busy}>
        <Trans>Send the message</Trans>
      </SubmitButton>
      {sent ? (
        <p role="status" className="notice notice--success">
          <Trans>Your message was sent. We answer within one working day.</Trans>
        </p>
      ) : null}
    </form>
  )
}
