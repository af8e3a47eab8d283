import { createFileRoute } from '@tanstack/react-router'
import { googleStartHandler } from '~/features/auth/google.server'

/**
 * `GET /authenticate/google/start?last_url=`: no page, only a server handler that keeps a
 * fresh state and nonce in a sealed cookie and redirects to Google (docs/decisions/0030).
 * A plain link reaches it, so "Continue with Google" works before the page has hydrated.
 */
export const Route = createFileRoute('/authenticate/google/start')({
  server: { handlers: { GET: googleStartHandler } },
})
