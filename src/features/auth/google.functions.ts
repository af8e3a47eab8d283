import { createServerFn } from '@tanstack/react-start'
import { finishGoogleSignIn as finish } from '~/server/web/google-sign-in'
import { formText as text } from '~/server/web/forms'

/** The return page of Google sign-in posts the fragment's `id_token` and `state` here (src/server/web/google-sign-in.ts). */
export const finishGoogleSignIn = createServerFn({ method: 'POST' })
  .validator((input: { id_token: unknown; state: unknown }) => ({ idToken: text(input.id_token, 8192), state: text(input.state, 200) }))
  .handler(({ data }) => finish(data))
