import { createServerFn } from '@tanstack/react-start'
import { finishGoogleSignIn as finish } from '~/server/web/google-sign-in'
import { GoogleFinishInput } from '~/contract/google'
import { contractInput } from '~/server/web/forms'

/** The return page of Google sign-in posts the fragment's `id_token` and `state` here (src/server/web/google-sign-in.ts). */
export const finishGoogleSignIn = createServerFn({ method: 'POST' })
  .validator(contractInput(GoogleFinishInput))
  .handler(({ data }) => finish({ idToken: data.id_token, state: data.state }))
