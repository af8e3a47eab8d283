import { Trans, useLingui } from '@lingui/react/macro'
import { useServerFn } from '@tanstack/react-start'
import { useState } from 'react'
import { contactTopics } from '~/contract/constants'
import { ContractForm, FormError, FormField, SubmitButton } from '~/ui/form/form-parts'
import { useContractForm } from '~/ui/form/use-contract-form'
import { notify } from '~/ui/toaster'
import { sendContactMessage } from './contact.functions'

/**
 * The contact form, a toolkit form (src/ui/form): checked in the browser with the schema the
 * API uses, each field's sentence once beside it, and it posts without JavaScript too.
 */
export function ContactForm({ captchaProvider, sent: sentBefore = false }: { captchaProvider: 'altcha' | 'recaptcha' | 'turnstile' | 'none'; sent?: boolean }) {
  const { t } = useLingui()
  const [sent, setSent] = useState(sentBefore)
  const send = useServerFn(sendContactMessage)
  const form = useContractForm({
    id: 'contact',
    action: sendContactMessage,
    schema: () => import('~/contract/contact').then((m) => m.ContactMessageInput),
    defaultValues: { name: '', email: '', phone: '', topic: 'rca', message: '' },
    send: ({ topic, ...values }) => send({ data: { ...values, topic: topic as (typeof contactTopics)[number], token: values.token ?? '' } }),
    onDone: () => {
      form.form.reset()
      setSent(true)
      notify('success', t`Thank you! We received your message and will answer by e-mail.`)
    },
    captcha: { provider: captchaProvider, action: 'contact' },
    failureMessage: t`Your message could not be sent. Please try again in a moment.`,
  })

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
    <ContractForm form={form}>
      <FormField form={form} name="name" label={<Trans>Your name</Trans>}>
        {(p) => <input {...p} autoComplete="name" required />}
      </FormField>
      <FormField form={form} name="email" label={<Trans>E-mail</Trans>}>
        {(p) => <input {...p} type="email" autoComplete="email" required />}
      </FormField>
      <FormField form={form} name="phone" label={<Trans>Phone (optional)</Trans>} hint={<Trans>A Romanian number, for example 0722 123 456.</Trans>}>
        {(p) => <input {...p} type="tel" autoComplete="tel" />}
      </FormField>
      <FormField form={form} name="topic" label={<Trans>Topic</Trans>}>
        {(p) => (
          <select {...p}>
            {contactTopics.map((topic) => (
              <option key={topic} value={topic}>
                {topicLabels[topic]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField form={form} name="message" label={<Trans>Message</Trans>}>
        {(p) => <textarea {...p} rows={6} required />}
      </FormField>
      <FormError form={form} />
      <SubmitButton form={form}>
        <Trans>Send the message</Trans>
      </SubmitButton>
      {sent ? (
        <p role="status" className="notice notice--success">
          <Trans>Your message was sent. We answer within one working day.</Trans>
        </p>
      ) : null}
    </ContractForm>
  )
}
