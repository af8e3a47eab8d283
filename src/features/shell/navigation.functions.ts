import { createServerFn } from '@tanstack/react-start'
import { resolveNavigation } from '~/server/web/navigation'

/**
 * One round trip per navigation (the server render, then every client route change):
 * language prefix, server redirect rule, maintenance, and the shell's context.
 */
export const getNavigationContext = createServerFn({ method: 'GET' })
  .validator((input: { href: string }) => ({ href: String(input.href).slice(0, 2048) }))
  .handler(({ data }) => resolveNavigation(data.href))
