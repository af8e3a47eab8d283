import { createMiddleware } from '@tanstack/react-start'
import { ErrorBody } from '~/contract/errors'

/**
 * Server-function middleware of every private server function: without a signed-in session
 * it answers 401 with the spec's error body before the input is even read. The session is
 * imported inside `.server()`, which Start strips from the browser bundle, so this module
 * is safe to reference from `*.functions.ts` files.
 */
export const signedInOnly = createMiddleware({ type: 'function' }).server(async ({ next }) => {
  const { getSession } = await import('../session/session')
  const session = await getSession()
  if (!session.accessToken || !session.user) {
    const body: ErrorBody = { error: { code: 401, message: 'unauthenticated', pretty_message: 'Sign in first.' } }
    throw new Response(JSON.stringify(body), { status: 401, headers: { 'content-type': 'application/json; charset=utf-8' } })
  }
  return next()
})
