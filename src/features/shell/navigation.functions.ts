import { createServerFn } from '@tanstack/react-start'
import { NavigationContextInput } from '~/contract/navigation'
import { contractInput } from '~/server/web/forms'
import { resolveNavigation } from '~/server/web/navigation'

/**
 * One round trip per navigation (the server render, then every client route change):
 * language prefix, server redirect rule, maintenance, and the shell's context.
 */
export const getNavigationContext = createServerFn({ method: 'GET' })
  .validator(contractInput(NavigationContextInput))
  .handler(({ data }) => resolveNavigation(data.href))
