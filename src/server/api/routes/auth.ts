import { z } from 'zod'
import { AcceptTermsInput, AuthSession, Done, EmailCheckInput, EmailCheckResult, LoginInput, RegisterInput, ResetPasswordInput, ResetRequestInput, UserLookup } from '~/contract/auth'
import { toUser } from '../../auth/accounts'
import { pendingTwoFactor } from '../../auth/two-factor'
import { isLoopback } from '../../http/client-address'
import { requestMeta as meta } from '../request-meta'
import { defineRoute, signedIn } from '../route'
import { requireCaptcha } from './engagement'

/** Accounts (spec §7): registration, sign-in, the current user, sign-out, e-mail check, password reset. */
export const authRoutes = [
  defineRoute({
    method: 'POST',
    path: '/auth/register',
    tag: 'auth',
    summary: 'Creates an account and signs it in (the spec payload). `accept_terms: true` (the terms and the privacy policy, accepted in the client) is recorded when sent. The e-mail address is confirmed later (a purchase is never blocked).',
    body: RegisterInput,
    bodyEncoding: 'json-or-form',
    response: AuthSession,
    status: 201,
    handler: async (ctx) => {
      await requireCaptcha(ctx.body.token, ctx)
      return { body: await ctx.deps.accounts.register(ctx.body, meta(ctx)) }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/auth/login',
    tag: 'auth',
    summary: 'Signs in with e-mail and password (form data or JSON). A deleted account answers 403 `account_is_deleted`.',
    body: LoginInput,
    bodyEncoding: 'json-or-form',
    response: AuthSession,
    handler: async (ctx) => {
      await requireCaptcha(ctx.body.token, ctx)
      return { body: await ctx.deps.accounts.login(ctx.body, meta(ctx)) }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/auth/user',
    tag: 'auth',
    summary:
      'The signed-in user, or null without a valid bearer, and while the session still owes its second step (names, phone and address only once it is passed; `check-active-session` says where a session stands).',
    response: UserLookup,
    handler: async ({ bearer, deps }) => {
      const account = await deps.accounts.authenticate(bearer)
      return { body: { data: account && !pendingTwoFactor(account, deps.config) ? toUser(account.user) : null } }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/auth/user/terms',
    tag: 'auth',
    summary:
      'Records that the signed-in holder accepts the terms and the privacy policy of `version` (the terms’ date, the site’s `TERMS_VERSION`; the version in force when absent): an account made without the sign-up box (Google sign-in, an API client without `accept_terms`) or before the terms changed is asked once. An older `version` answers 422; accepting the same version again keeps the first moment.',
    auth: 'user',
    body: AcceptTermsInput,
    bodyEncoding: 'json-or-form',
    response: UserLookup,
    handler: async ({ account, body, deps }) => ({ body: { data: await deps.accounts.acceptTerms(signedIn(account).user.id, body.version) } }),
  }),
  defineRoute({
    method: 'POST',
    path: '/auth/logout',
    tag: 'auth',
    summary: 'Ends the session of the bearer token.',
    auth: 'user',
    beforeSecondFactor: true,
    response: Done,
    handler: async ({ bearer, deps }) => {
      await deps.accounts.logout(bearer)
      return { body: { ok: true as const } }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/users/email-existence-check',
    tag: 'auth',
    summary: 'Whether an e-mail address has an account (rate-limited, captcha). A deleted account answers 403 `account_is_deleted`.',
    body: EmailCheckInput,
    response: EmailCheckResult,
    handler: async (ctx) => {
      await requireCaptcha(ctx.body.token, ctx)
      return { body: await ctx.deps.accounts.emailExists(ctx.body.email, meta(ctx)) }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/auth/generate-reset-token',
    tag: 'auth',
    summary: 'Mails a password reset link if the account exists. Always answers the same.',
    body: ResetRequestInput,
    response: Done,
    handler: async (ctx) => {
      await requireCaptcha(ctx.body.token, ctx)
      await ctx.deps.accounts.requestPasswordReset(ctx.body.email, meta(ctx))
      return { body: { ok: true as const } }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/auth/reset-password',
    tag: 'auth',
    summary: 'Sets a new password with the mailed token (single use, 60 minutes); every session of the account ends.',
    body: ResetPasswordInput,
    response: Done,
    handler: async (ctx) => {
      await requireCaptcha(ctx.body.token, ctx)
      await ctx.deps.accounts.resetPassword(ctx.body)
      return { body: { ok: true as const } }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/dev/mailbox',
    tag: 'operations',
    summary:
      'Development mailbox: the latest messages of the outbox for an address, with their reset links and codes. Served only to this machine (a loopback client address, decision 40) or with the operator token as bearer, and never in production; anyone else gets 404.',
    query: z.object({ to: z.string().max(254), limit: z.coerce.number().int().min(1).max(50).default(10) }),
    response: z.object({
      data: z.array(
        z.object({
          id: z.uuid(),
          kind: z.string(),
          subject: z.string(),
          text: z.string(),
          attachments: z.array(z.object({ filename: z.string(), content_type: z.string(), size: z.number().int() })),
          created_at: z.string(),
        }),
      ),
    }),
    duringMaintenance: true,
    // It hands out every user's reset links, and `npm start` runs outside production: only the
    // developer's own machine, or whoever holds the operator token, may read it.
    servedTo: ({ clientIp, operator, config }) => config.APP_ENV !== 'production' && (isLoopback(clientIp) || operator),
    handler: async ({ query, deps }) => ({ body: { data: await deps.mailer.latest(query.to.toLowerCase(), query.limit) } }),
  }),
]
