import { z } from 'zod'

/**
 * `POST /auth/social/authentications/google` (spec §7): the Google ID token, and the nonce the
 * web app put in its authorization request (checked against the token's `nonce` claim when sent).
 */
export const GoogleSignInInput = z.object({
  token: z.string().min(1).max(8192),
  nonce: z.string().min(16).max(128).optional(),
})
export type GoogleSignInInput = z.infer<typeof GoogleSignInInput>

/** What the Google return page posts to the web app (`finishGoogleSignIn`): the fragment's ID token and state. */
export const GoogleFinishInput = z.object({ id_token: z.string().min(1).max(8192), state: z.string().min(1).max(200) })
