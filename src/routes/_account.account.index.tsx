import { createFileRoute, redirect } from '@tanstack/react-router'

/** `/account` opens the orders page. */
export const Route = createFileRoute('/_account/account/')({
  beforeLoad: () => {
    throw redirect({ to: '/account/orders' })
  },
})
