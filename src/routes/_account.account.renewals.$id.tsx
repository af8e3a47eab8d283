import { createFileRoute, redirect } from '@tanstack/react-router'
import { renewalCheckout } from '~/features/renewals/renewals.functions'

/**
 * The one-click link of a renewal reminder (mail, notification): straight on to the checkout of
 * the prepared renewal, filled in from the last purchase; when it is closed or nothing is priced,
 * the account's cards say why. A guest signs in first and comes back here (the account layout).
 */
export const Route = createFileRoute('/_account/account/renewals/$id')({
  loader: async ({ params }) => {
    const checkout = params.id.match(/^[0-9a-f-]{36}$/i) ? await renewalCheckout({ data: { id: params.id } }) : null
    throw checkout ? redirect({ to: '/checkout', search: checkout }) : redirect({ to: '/account/orders' })
  },
})
