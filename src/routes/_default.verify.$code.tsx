import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { isVerificationCodeShape } from '~/contract/policy-check-constants'
import { getPolicyVerification } from '~/features/policy-check/policy-check.functions'
import { PolicyVerificationPage } from '~/features/policy-check/verify-page'
import { pageTitle } from '~/ui/page-title'
import { assertValidPage } from '~/ui/validity'

/** `/verify/{code}`: the page a policy document's QR code opens (`verificationUrl` in src/server/orders/views.ts). */
export const Route = createFileRoute('/_default/verify/$code')({
  beforeLoad: ({ params, location }) => assertValidPage(isVerificationCodeShape(params.code), location.pathname),
  loader: ({ params }) => getPolicyVerification({ data: { code: params.code } }),
  head: ({ match }) => {
    const title = pageTitle(match, msg`Policy verification`)
    // A code is a key to one policy's page: not for search engines.
    return { ...title, meta: [...(title.meta ?? []), { name: 'robots', content: 'noindex' }] }
  },
  component: function PolicyVerification() {
    return <PolicyVerificationPage verification={Route.useLoaderData()} />
  },
})
