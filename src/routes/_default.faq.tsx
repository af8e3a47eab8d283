import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { FaqPage } from '~/features/pages/faq-page'
import { pageTitle } from '~/ui/page-title'

export const Route = createFileRoute('/_default/faq')({
  head: ({ match }) => pageTitle(match, msg`Frequently asked questions`),
  component: FaqPage,
})
