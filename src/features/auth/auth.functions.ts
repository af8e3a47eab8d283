import { createServerFn } from '@tanstack/react-start'
import { AcceptTermsInput, AuthSession, Done, LoginInput, RegisterForm, ResetPasswordInput, ResetRequestInput, UserLookup } from '~/contract/auth'
import { internalPath } from '~/contract/paths'
import { ProviderError, providerClient } from '~/server/provider'
import { rememberSignIn } from '~/server/web/auth-session'
import { getSession } from '~/server/session/session'
import { answerForm, formInput } from '~/server/web/forms'
import { signedInOnly } from '~/server/web/signed-in-only'
import { callProvider } from '~/server/web/request'

/** Posted without JavaScript from `/authenticate?last_url=…`: the page asked for, else the account. */
const afterSignIn = (_data: unknown, returnTo: string) => internalPath(new URL(returnTo, 'http://site.internal').searchParams.get('last_url')) ?? '/account/orders'

/** Signs in: the provider's token goes into the sealed cookie, never to the browser. */
export const signIn = createServerFn({ method: 'POST' })
  .validator(formInput(LoginInput))
  .handler(({ data }) =>
    answerForm(
      data,
      async (input) => {
        const session = await callProvider('/auth/login', { method: 'POST', form: input, schema: AuthSession })
        await rememberSignIn(session)
        return { signedIn: true as const }
      },
      { done: afterSignIn },
    ),
  )

export const register = createServerFn({ method: 'POST' })
  .validator(formInput(RegisterForm))
  .handler(({ data }) =>
    answerForm(
      data,
      async (input) => {
        const session = await callProvider('/auth/register', { method: 'POST', json: input, schema: AuthSession })
        await rememberSignIn(session)
        return { signedIn: true as const }
      },
      { done: afterSignIn },
    ),
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
  .validator(formInput(ResetRequestInput))
  .handler(({ data }) =>
    answerForm(data, (input) => callProvider('/auth/generate-reset-token', { method: 'POST', json: input, schema: Done }), {
      done: (_done, returnTo) => `${new URL(returnTo, 'http://site.internal').pathname}?mode=forgot&sent=yes`,
    }),
  )

export const resetPassword = createServerFn({ method: 'POST' })
  .validator(formInput(ResetPasswordInput))
  .handler(({ data }) =>
    answerForm(data, (input) => callProvider('/auth/reset-password', { method: 'POST', json: input, schema: Done }), {
      done: () => '/authenticate?mode=sign-in&reset=yes',
    }),
  )

/** Accepts the terms in force for an account made without the sign-up box, then back to `last_url` (`/account/terms`). */
export const acceptTerms = createServerFn({ method: 'POST' })
  .middleware([signedInOnly])
  .validator(formInput(AcceptTermsInput))
  .handler(({ data }) =>
    answerForm(data, async (input) => (await callProvider('/auth/user/terms', { method: 'POST', json: input, schema: UserLookup })).data !== null, { done: afterSignIn }),
  )
