import { AuthSession } from '~/contract/auth'
import { GoogleSignInInput } from '~/contract/google'
import type { Locale } from '~/i18n/locales'
import { GoogleSignInRefused } from '../../auth/google'
import { ApiError } from '../errors'
import { prettyMessage } from '../../i18n/api-messages'
import { defineRoute } from '../route'

/** The answer to a refused Google sign-in: a token problem is a 422 on `token`, as a refused captcha is. */
function refusal(error: GoogleSignInRefused, locale: Locale): ApiError {
  switch (error.reason) {
    case 'disabled':
      return new ApiError(404, 'google_sign_in_disabled')
    case 'unavailable':
      return new ApiError(502, 'google_unavailable')
    case 'invalid_token':
      return new ApiError(422, 'validation_failed', { token: [prettyMessage(locale, 'google_token_invalid')] })
    case 'email_unverified':
      return new ApiError(422, 'validation_failed', { token: [prettyMessage(locale, 'google_email_unverified')] })
    case 'account_mismatch':
      return new ApiError(422, 'validation_failed', { token: [prettyMessage(locale, 'google_account_mismatch')] })
  }
}

/** Google sign-in (spec §7): src/server/auth/google.ts, docs/decisions/0030-google-sign-in-implicit-flow.md. */
export const googleRoutes = [
  defineRoute({
    method: 'POST',
    path: '/auth/social/authentications/google',
    tag: 'auth',
    summary:
      'Signs in with a Google ID token (`token`; `nonce` when the authorization request carried one): the linked account, else the account of the verified address (linked now), else a new one. Answers the session entity. 404 when Google sign-in is off; 422 on `token` for a refused token; 403 `account_is_deleted`; 429 per IP.',
    body: GoogleSignInInput,
    bodyEncoding: 'json-or-form',
    response: AuthSession,
    handler: async (ctx) => {
      const meta = { ip: ctx.clientIp, userAgent: ctx.request.headers.get('user-agent') ?? undefined, locale: ctx.locale }
      try {
        return { body: await ctx.deps.google.signIn(ctx.body, meta) }
      } catch (error) {
        throw error instanceof GoogleSignInRefused ? refusal(error, ctx.locale) : error
      }
    },
  }),
]
