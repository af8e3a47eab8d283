import { createServerFn } from '@tanstack/react-start'
import { AuthSession, Done } from '~/contract/auth'
import { ProviderError, providerClient } from '~/server/provider'
import { rememberSignIn } from '~/server/session/auth-session'
import { getSession } from '~/server/session/session'
import { formResult, formText as text } from '~/server/web/forms'
import { callProvider } from '~/server/web/request'

/** Signs in: the provider's token goes into the sealed cookie, never to the browser. */
export const signIn = createServerFn({ method: 'POST' })
  .validator((input: { email: unknown; password: unknown; token: unknown }) => ({ email: text(input.email, 254), password: text(input.password, 512), token: text(input.token, 4096) }))
  .handler(({ data }) =>
    formResult(async () => {
      const session = await callProvider('/auth/login', { method: 'POST', form: data, schema: AuthSession })
      await rememberSignIn(session)
      return { signedIn: true as const }
    }),
  )

export const register = createServerFn({ method: 'POST' })
  .validator((input: Record<'email' | 'password' | 'password_confirmation' | 'first_name' | 'last_name' | 'phone_number' | 'token', unknown>) => ({
    email: text(input.email, 254),
    password: text(input.password, 512),
    password_confirmation: text(input.password_confirmation, 512),
    first_name: text(input.first_name, 80),
    last_name: text(input.last_name, 80),
    phone_number: text(input.phone_number, 20) || undefined,
    token: text(input.token, 4096),
  }))
  .handler(({ data }) =>
    formResult(async () => {
      const session = await callProvider('/auth/register', { method: 'POST', json: data, schema: AuthSession })
      await rememberSignIn(session)
      return { signedIn: true as const }
    }),
  )

/** Ends the session at the provider and in this browser. */
export const signOut = createServerFn({ method: 'POST' }).handler(async () => {
  const session = await getSession()
  if (session.accessToken) {
    // An already-ended session is fine: signing out must always work.
    await providerClient()
      .call('/auth/logout', { method: 'POST', bearer: session.accessToken, schema: Done })
      .catch((error: unknown) => {
        if (!(error instanceof ProviderError)) throw error
      })
  }
  session.destroy()
  return { signedOut: true as const }
})

export const requestPasswordReset = createServerFn({ method: 'POST' })
  .validator((input: { email: unknown; token: unknown }) => ({ email: text(input.email, 254), token: text(input.token, 4096) }))
  .handler(({ data }) => formResult(() => callProvider('/auth/generate-reset-token', { method: 'POST', json: data, schema: Done })))

export const resetPassword = createServerFn({ method: 'POST' })
  .validator((input: Record<'email' | 'reset_token' | 'password' | 'password_confirmation' | 'token', unknown>) => ({
    email: text(input.email, 254),
    reset_token: text(input.reset_token, 200),
    password: text(input.password, 512),
    password_confirmation: text(input.password_confirmation, 512),
    token: text(input.token, 4096),
  }))
  .handler(({ data }) => formResult(() => callProvider('/auth/reset-password', { method: 'POST', json: data, schema: Done })))
