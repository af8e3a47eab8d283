import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ContactForm } from '~/features/contact/contact-form'
import { PhoneLink } from '~/ui/broker-details'
import { pageTitle } from '~/ui/page-title'
import { oneOf, searchParams } from '~/contract/search-params'

const validateSearch = searchParams({ sent: oneOf('yes') })

export const Route = createFileRoute('/_default/contact-us')({
  // `sent=yes`: the form was posted without JavaScript and went through.
  validateSearch,
  head: ({ match }) => pageTitle(match, msg`Contact us`),
  component: function ContactUs() {
    const { publicConfig } = Route.useRouteContext()
    const { sent } = Route.useSearch()
    return (
      <>
        <h1>
          <Trans>Contact us</Trans>
        </h1>
        <p>
          <Trans>
            Write to us about an offer, a policy or a claim. You can also reach us at <a href={`mailto:${publicConfig.SUPPORT_EMAIL}`}>{publicConfig.SUPPORT_EMAIL}</a> or{' '}
            <PhoneLink phone={publicConfig.SUPPORT_PHONE} />, Monday to Friday, 9:00–18:00.
          </Trans>
        </p>
        <ContactForm captchaProvider={publicConfig.CAPTCHA_PROVIDER} sent={sent === 'yes'} />
      </>
    )
  },
})
